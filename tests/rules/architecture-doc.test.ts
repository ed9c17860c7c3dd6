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
