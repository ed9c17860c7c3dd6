import { spawn } from "node:child_process";
import { once } from "node:events";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const copies: string[] = [];

afterEach(() => {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A scratch copy of what `npm run lint` reads, sharing the project's node_modules. */
function scratchCopy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "import-rules-"));
  copies.push(dir);
  for (const entry of [
    "app",
    "server",
    "server.ts",
    ".dependency-cruiser.cjs",
    "biome.json",
    "package.json",
    "tsconfig.json",
    ".gitignore",
  ]) {
    cpSync(path.join(root, entry), path.join(dir, entry), { recursive: true });
  }
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
  return dir;
}

function prepend(dir: string, file: string, line: string) {
  const target = path.join(dir, file);
  writeFileSync(target, `${line}\n${readFileSync(target, "utf8")}`);
}

/** `npm run lint` in the copy, with the Node that runs the tests first on the PATH. */
async function lint(dir: string): Promise<{ code: number; output: string }> {
  const child = spawn("npm", ["run", "--silent", "lint"], {
    cwd: dir,
    env: { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}` },
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const [code] = await once(child, "exit");
  return { code: code as number, output };
}

describe("npm run lint holds the import rules", { timeout: 60_000 }, () => {
  test("React Router imported by the store engine fails, naming the rule and the import", async () => {
    const dir = scratchCopy();
    prepend(dir, "app/server/store/sqlite.server.ts", 'import { redirect } from "react-router";');
    const { code, output } = await lint(dir);
    expect(code).not.toBe(0);
    expect(output).toMatch(
      /domain-code-without-react: app\/server\/store\/sqlite\.server\.ts → \S*node_modules\/react-router\//,
    );
  });

  test("a staff component imported by the public about page fails, naming the rule and the import", async () => {
    const dir = scratchCopy();
    prepend(dir, "app/site/routes/about.tsx", 'import { StaffBar } from "../../staff/components/staff-bar.tsx";');
    const { code, output } = await lint(dir);
    expect(code).not.toBe(0);
    expect(output).toContain(
      "public-site-never-imports-staff-area: app/site/routes/about.tsx → app/staff/components/staff-bar.tsx",
    );
  });

  test("a server module imported by a component that reaches the browser fails, however the path is spelled", async () => {
    const dir = scratchCopy();
    prepend(
      dir,
      "app/site/components/ui/logo.tsx",
      'import { site as _s } from "../../../../app/./server/settings/../settings/settings.server.ts";',
    );
    const { code, output } = await lint(dir);
    expect(code).not.toBe(0);
    expect(output).toContain(
      "browser-code-never-imports-server-modules: app/site/components/ui/logo.tsx → app/server/settings/settings.server.ts",
    );
  });

  test("a cycle fails, type imports included, naming the modules on it", async () => {
    const dir = scratchCopy();
    // The engines' shared types importing the module that opens an engine: a loop.
    prepend(dir, "app/server/store/db.server.ts", 'import type { openStore } from "./open-store.server.ts";');
    const { code, output } = await lint(dir);
    expect(code).not.toBe(0);
    expect(output).toMatch(
      /no-circular: app\/server\/store\/db\.server\.ts →\s+app\/server\/store\/open-store\.server\.ts/,
    );
  });

  test("a public area's request helper imported by the outbox fails: domain code imports only domain code", async () => {
    const dir = scratchCopy();
    prepend(dir, "app/server/mail/outbox.server.ts", 'import "../../site/lib/inquiry-form-route.server.ts";');
    const { code, output } = await lint(dir);
    expect(code).not.toBe(0);
    expect(output).toContain(
      "domain-code-imports-only-domain-code: app/server/mail/outbox.server.ts → app/site/lib/inquiry-form-route.server.ts",
    );
  });

  test("an area's words or addresses imported by domain code fail, even as a type", async () => {
    const dir = scratchCopy();
    prepend(dir, "app/server/quotations/money.ts", 'import type { site as _site } from "../../site/content/site.ts";');
    prepend(dir, "app/server/inbox/audit.server.ts", 'import "../../staff/paths.ts";');
    const { code, output } = await lint(dir);
    expect(code).not.toBe(0);
    expect(output).toContain(
      "domain-code-imports-only-domain-code: app/server/quotations/money.ts → app/site/content/site.ts",
    );
    expect(output).toContain(
      "domain-code-imports-only-domain-code: app/server/inbox/audit.server.ts → app/staff/paths.ts",
    );
  });

  test("content importing a store module fails; its words may be keyed by a pure domain module", async () => {
    const dir = scratchCopy();
    prepend(dir, "app/site/content/faq.ts", 'import "../../server/store/db.server.ts";');
    prepend(
      dir,
      "app/staff/content/inbox.ts",
      'import type { Paise as _Paise } from "../../server/quotations/money.ts";',
    );
    const { code, output } = await lint(dir);
    expect(code).not.toBe(0);
    expect(output).toContain("content-imports-only-content: app/site/content/faq.ts → app/server/store/db.server.ts");
    expect(output).not.toContain("app/staff/content/inbox.ts → app/server/quotations/money.ts");
  });

  test("the islands' shared frame importing an area's component fails; a loader may", async () => {
    const dir = scratchCopy();
    prepend(dir, "app/islands/island.tsx", 'import "../site/components/ui/logo.tsx";');
    const { code, output } = await lint(dir);
    expect(code).not.toBe(0);
    expect(output).toContain("islands-frame-imports-no-area: app/islands/island.tsx → app/site/components/ui/logo.tsx");
    expect(output).not.toMatch(/islands-frame-imports-no-area: app\/islands\/load\//);
  });

  test("the copy as it is passes the import rules", async () => {
    const { code, output } = await lint(scratchCopy());
    expect(output).toContain("no dependency violations found");
    expect(code, output).toBe(0);
  });
});
