import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

/** The folders the rooms table of docs/architecture.md names, as `folder/`. */
function roomsInTheDocs(): Set<string> {
  const text = readFileSync(path.join(root, "docs/architecture.md"), "utf8");
  const rows = text.split("\n").filter((line) => line.startsWith("| `"));
  return new Set(rows.map((row) => /^\| `([^`]+)`/.exec(row)?.[1] ?? ""));
}

test("every folder of the domain code has its row in docs/architecture.md's table of rooms", () => {
  const folders = readdirSync(path.join(root, "app/server"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `app/server/${entry.name}/`);
  expect(folders.length).toBeGreaterThan(5);
  const named = roomsInTheDocs();
  expect(folders.filter((folder) => !named.has(folder))).toEqual([]);
});

/** The import rules' names and the staff area's shared public modules, read from the checker's own config. */
async function importRules(): Promise<{ names: string[]; sharedWithStaff: string[] }> {
  const config = (await import(path.join(root, ".dependency-cruiser.cjs"))).default as {
    forbidden: { name: string; comment: string }[];
  };
  const staffRule = config.forbidden.find((rule) => rule.name === "staff-area-uses-only-shared-public-modules");
  const shared = /through: (.+)\.$/.exec(staffRule?.comment ?? "")?.[1]?.split(", ") ?? [];
  return { names: config.forbidden.map((rule) => rule.name), sharedWithStaff: shared };
}

test("the table of who may import what names every import rule, and no rule the checker lacks", async () => {
  const text = readFileSync(path.join(root, "docs/architecture.md"), "utf8");
  const { names } = await importRules();
  expect(names.length).toBeGreaterThan(5);
  expect(names.filter((name) => !text.includes(`\`${name}\``))).toEqual([]);
  const table = text.slice(text.indexOf("### Who may import what"), text.indexOf("## How to"));
  const cited = [...table.matchAll(/`([a-z]+(?:-[a-z]+){2,})`/g)].map((match) => match[1] ?? "");
  expect(cited.filter((name) => !names.includes(name))).toEqual([]);
});

test("the staff area's row names every public module the rule lets it use", async () => {
  const text = readFileSync(path.join(root, "docs/architecture.md"), "utf8");
  const row = text.split("\n").find((line) => line.startsWith("| `app/staff/**`")) ?? "";
  const { sharedWithStaff } = await importRules();
  expect(sharedWithStaff.length).toBeGreaterThan(3);
  const unnamed = sharedWithStaff.filter((file) => !row.includes(`\`${file.replace(/^app\/site\//, "")}\``));
  expect(unnamed).toEqual([]);
});

test("every file docs/architecture.md names exists in the project", () => {
  const text = readFileSync(path.join(root, "docs/architecture.md"), "utf8");
  // A name with a placeholder (`load/<name>.ts`) stands for many files.
  const named = [...text.matchAll(/`([\w./-]+\.(?:tsx?|cjs|css))`/g)].map((match) => match[1] ?? "");
  expect(named.length).toBeGreaterThan(30);
  const files = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" }).split("\n");
  const missing = named.filter((name) => !files.some((file) => file === name || file.endsWith(`/${name}`)));
  expect(missing).toEqual([]);
});
