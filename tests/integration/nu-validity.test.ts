import { execFile } from "node:child_process";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import vnuJar from "vnu-jar";
import { siteForTests } from "./support/site-for-tests.ts";

/**
 * The W3C Nu HTML checker (vnu.jar, on Debian's Java), as a second check of
 * validity beside html-validate in the browser tests: two checkers built
 * apart miss different things (html-validate let a favicon with raw spaces in
 * its data: address pass on every page).
 */
const site = siteForTests();
const pages = path.join(inject("siteBuildDir"), "client");

/** Pages the server renders for each request, as a visitor or staff member gets them, with the status each has. */
const perRequest: [address: string, status: number][] = [
  ["/contact", 200],
  ["/quote", 200],
  ["/quote?service=cake", 200],
  ["/quote?service=brochure", 200],
  ["/quote?service=flex", 200],
  ["/privacy", 200],
  ["/inbox/sign-in", 200],
  ["/no-such-page", 404],
  // In Hindi, in the frame: the legal texts have no Hindi version yet.
  ["/hi/term", 404],
];

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "nu-"));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

type NuMessage = { type: string; url?: string; message: string; extract?: string; lastLine?: number };

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

async function java(): Promise<string> {
  try {
    await promisify(execFile)("java", ["-version"]);
    return "java";
  } catch {
    throw new Error("Java is missing: run bash scripts/ensure-java.sh (npm test does), then run this test again.");
  }
}

describe("the Nu HTML checker", () => {
  test("finds no error in any prerendered page or any page rendered per request", { timeout: 120_000 }, async () => {
    const javaCommand = await java();
    // Each file checked, and the page it is named by in a failure: its place in the build, or its address.
    const pageOf = new Map<string, string>();
    for (const file of await htmlFiles(pages)) pageOf.set(file, `build: ${path.relative(pages, file)}`);
    expect(pageOf.size).toBeGreaterThan(20);
    expect([...pageOf.values()]).toContain(`build: ${path.join("_status", "not-found", "index.html")}`);
    for (const [index, [address, status]] of perRequest.entries()) {
      const response = await fetch(`${site.server.url}${address}`, { redirect: "manual" });
      expect(response.status, address).toBe(status);
      const file = path.join(scratch, `${index}.html`);
      await writeFile(file, await response.text());
      pageOf.set(file, `GET ${address}`);
    }
    const files = [...pageOf.keys()];
    // One process for every file: the checker takes a second or two to start.
    const { stdout, stderr } = await promisify(execFile)(
      javaCommand,
      ["-jar", vnuJar, "--errors-only", "--format", "json", "--exit-zero-always", ...files],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    // The report is the checker's last output; Java may say something of its own before it (JAVA_TOOL_OPTIONS).
    const output = stderr || stdout;
    const report = JSON.parse(output.slice(output.indexOf('{"'))) as { messages: NuMessage[] };
    const errors = report.messages
      .filter((message) => message.type === "error" || message.type === "non-document-error")
      .map((message) => {
        const file = message.url ? fileURLToPath(message.url) : "?";
        return `${pageOf.get(file) ?? file}, line ${message.lastLine ?? "?"}: ${message.message}`;
      });
    expect(errors).toEqual([]);
  });
});
