import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { ComponentProps } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { ContactForm } from "../site/components/contact/contact-form.tsx";
import { SiteHeader } from "../site/components/layout/site-header.tsx";
import { Island } from "./island.tsx";
import { islandNames, islands } from "./registry.ts";

const appDir = path.resolve(import.meta.dirname, "..");

/** The relative modules a source file imports, statically or lazily, and the packages it names. */
function importsOf(file: string): { files: string[]; packages: string[] } {
  const source = readFileSync(file, "utf8");
  const specifiers = [...source.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)"([^"]+)"/g)].map(
    (match) => match[1] ?? "",
  );
  const files = specifiers.filter((s) => s.startsWith(".")).map((s) => path.resolve(path.dirname(file), s));
  const packages = specifiers.filter((s) => !s.startsWith("."));
  return { files: files.filter((f) => /\.(tsx?|css)$/.test(f)), packages };
}

/** Every module a file reaches through its imports, and every package any of them names. */
function moduleGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [entry];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (files.has(file) || file.endsWith(".css")) continue;
    files.add(file);
    const found = importsOf(file);
    for (const name of found.packages) packages.add(name);
    pending.push(...found.files);
  }
  return { files, packages };
}

const registryFile = path.join(appDir, "islands/registry.ts");
const islandModules = importsOf(registryFile).files;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe("islands", () => {
  test("every registered island loads a component", async () => {
    for (const name of islandNames) expect(typeof (await islands[name].load()), name).toBe("function");
    expect(islandModules.length).toBe(islandNames.length);
  });

  test("each island loads through a module of its own, named as the island, whose chunks the build's manifest names", () => {
    const loaders = islandModules.map((file) => path.relative(appDir, file));
    expect(loaders).toEqual(islandNames.map((name) => `islands/load/${name}.ts`));
    for (const loader of islandModules) expect(importsOf(loader).files).toHaveLength(1);
  });

  test("no island reaches React Router: its hooks and <Link> need the router's client, which islands do not have", () => {
    for (const module of islandModules) {
      const reached = [...moduleGraph(module).packages].filter((name) => /^(@react-router\/|react-router$)/.test(name));
      expect(reached, path.relative(appDir, module)).toEqual([]);
    }
  });

  test("an island's component is rendered only through <Island>, which the browser wakes; elsewhere it would stay inert", async () => {
    const misuses: string[] = [];
    for (const name of islandNames) {
      const componentName = (await islands[name].load()).name;
      for (const file of sourceFiles(appDir)) {
        if (new RegExp(`<${componentName}[\\s/>]`).test(readFileSync(file, "utf8"))) {
          misuses.push(`${path.relative(appDir, file)} renders <${componentName}> outside an island`);
        }
      }
    }
    expect(misuses).toEqual([]);
  });

  test("the props the server renders an island with are what the browser reads back", () => {
    const props = { subject: "Quote for Cake Box", token: "t", answer: { values: { name: "Asha" }, errors: {} } };
    const html = renderToString(<Island name="contact-form" component={ContactForm} props={props} />);
    const attribute = /data-props="([^"]*)"/.exec(html)?.[1] ?? "";
    const decoded = attribute.replaceAll("&quot;", '"').replaceAll("&amp;", "&");
    expect(JSON.parse(decoded)).toEqual(props);
    expect(html).toContain('data-island="contact-form"');
  });

  test("an island wakes as the registry says, and a contact form the server sent back wakes at once", () => {
    const header = renderToString(
      <Island
        name="site-header"
        component={SiteHeader}
        props={{ currentPath: "/", companyName: "Example Print & Pack", services: [] }}
      />,
    );
    expect(header).toContain('data-wake="interaction"');
    const fresh = { subject: "", token: "t" };
    const form = (props: ComponentProps<typeof ContactForm>) =>
      renderToString(<Island name="contact-form" component={ContactForm} props={props} />);
    expect(form(fresh)).toContain('data-wake="interaction"');
    expect(form({ ...fresh, answer: { values: {}, errors: { name: "Enter your name" } } })).toContain(
      'data-wake="load"',
    );
  });

  test("the type check refuses an island whose props or component do not match the registry", () => {
    const wrongProps = (
      // @ts-expect-error: the contact form takes no currentPath, and needs a token
      <Island name="contact-form" component={ContactForm} props={{ currentPath: "/" }} />
    );
    const wrongComponent = (
      // @ts-expect-error: the component registered as "site-header" is not the contact form
      <Island name="site-header" component={ContactForm} props={{ currentPath: "/" }} />
    );
    expect([wrongProps, wrongComponent]).toHaveLength(2);
  });
});
