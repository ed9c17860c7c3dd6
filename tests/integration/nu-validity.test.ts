import { execFile } from "node:child_process";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
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

/** Pages the server renders for each request, as a visitor or staff member gets them. */
const perRequest = ["/contact", "/privacy", "/inbox/sign-in", "/no-such-page"];

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "nu-"));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

type NuMessage = { type: string; url: string; message: string; extract?: string; lastLine?: number };

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
    const files = await htmlFiles(pages);
    expect(files.length).toBeGreaterThan(20);
    for (const [index, address] of perRequest.entries()) {
      const response = await fetch(`${site.server.url}${address}`);
      const file = path.join(scratch, `${index}-${address.replaceAll("/", "_")}.html`);
      await writeFile(file, await response.text());
      files.push(file);
    }
    // One process for every file: the checker takes a second or two to start.
    const { stdout, stderr } = await promisify(execFile)(
      await java(),
      ["-jar", vnuJar, "--errors-only", "--format", "json", "--exit-zero-always", ...files],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const report = JSON.parse(stderr || stdout) as { messages: NuMessage[] };
    const errors = report.messages
      .filter((message) => message.type === "error" || message.type === "non-document-error")
      .map((message) => `${message.url.replace(/^file:/, "")}:${message.lastLine ?? 0}: ${message.message}`);
    expect(errors).toEqual([]);
  });
});
