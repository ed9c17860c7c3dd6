import "./require-node.mjs";
import { readFile, writeFile } from "node:fs/promises";
import { contentSeeds } from "../app/content-seeds.ts";
import { createContentStore } from "../app/server/content/content-store.server.ts";
import { exportContent, importContent } from "../app/server/content/transfer.server.ts";
import { createAuditLog } from "../app/server/inbox/audit.server.ts";
import { libraryPhotoIds } from "../app/server/photos/photo-library.server.ts";
import { photoAlts } from "../app/site/content/photo-alts.ts";
import { pagePaths } from "../app/site/content/urls.ts";
import { commandStoreDescription, commandStoreExists, openCommandDatabase } from "./lib/command-database.ts";

const usage = `The site's content, as the company edits it in the staff area, to and from a file.

  npm run content -- export FILE             writes every item, published and draft, to FILE (JSON)
  npm run content -- import FILE             loads FILE's items as drafts, to publish from the staff area
  npm run content -- import FILE --publish   loads them and publishes them together

Every item is checked as the editor checks it; a file with one bad item changes nothing.
The store is the server's (DATA_DIR, DATABASE_PATH or DATABASE_URL, as for the server).
`;

async function main(): Promise<number> {
  const [command, file, ...rest] = process.argv.slice(2);
  if (command === undefined || command === "help" || command === "--help" || command === "-h") {
    process.stdout.write(usage);
    return command === undefined ? 2 : 0;
  }
  const publish = rest.includes("--publish");
  const unknown = rest.filter((arg) => arg !== "--publish");
  if (
    !file ||
    (command !== "export" && command !== "import") ||
    unknown.length > 0 ||
    (publish && command !== "import")
  ) {
    process.stderr.write(usage);
    return 2;
  }
  // Exporting must not make a database where there is none; importing into a fresh install does.
  if (command === "export" && !commandStoreExists()) {
    process.stderr.write(`There is no database at ${commandStoreDescription()} yet: start the site once first.\n`);
    return 1;
  }
  const db = await openCommandDatabase();
  if (!db) return 1;
  try {
    const store = createContentStore({ db, seeds: contentSeeds });
    await store.seed();
    if (command === "export") {
      await writeFile(file, `${JSON.stringify(await exportContent(store), null, 2)}\n`);
      process.stdout.write(`Wrote the site's content to ${file}.\n`);
      return 0;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(file, "utf8"));
    } catch (error) {
      process.stderr.write(`${file} could not be read as JSON: ${(error as Error).message}\n`);
      return 1;
    }
    const photos = new Set([...Object.keys(photoAlts), ...(await libraryPhotoIds(db))]);
    const checks = { pages: pagePaths, isPhoto: (id: string) => photos.has(id) };
    const result = await importContent(store, parsed, { publish, checks });
    if ("problems" in result) {
      process.stderr.write(
        `Nothing was changed. ${file} has these problems:\n${result.problems.map((line) => `  ${line}\n`).join("")}`,
      );
      return 1;
    }
    const detail = `${result.items.join(", ")}${result.publication ? ` (publication ${result.publication})` : " as drafts"}`;
    await createAuditLog(db).record({ actor: "system", action: "site content imported", detail });
    process.stdout.write(
      result.publication
        ? `Imported and published ${result.items.join(", ")}. Each instance shows them within a few seconds.\n`
        : `Imported ${result.items.join(", ")} as drafts: preview and publish them at /inbox/site.\n`,
    );
    return 0;
  } finally {
    await db.close();
  }
}

process.exitCode = await main();
