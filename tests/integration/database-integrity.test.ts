import { existsSync } from "node:fs";
import { mkdtemp, open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, expect, inject, test } from "vitest";
import { createInquiryStore } from "../../app/server/contact/inquiries.server.ts";
import { inquiryDetails } from "../../app/server/contact/submission.server.ts";
import { openStore } from "../../app/server/store/open-store.server.ts";
import { startSite } from "../support/start-site.ts";
import { goodFields } from "./support/contact-form.ts";
import { runInquiries } from "./support/inquiries-command.ts";

// Damage to the database file, and SQLite's check for it, are SQLite's alone: these
// tests make and break a SQLite file whichever engine TEST_STORE names, and start
// the server and the staff command on that file.

const buildDir = inject("siteBuildDir");

let dataDir: string;
let databasePath: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "database-integrity-"));
  databasePath = path.join(dataDir, "inquiries.sqlite");
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** A database with some inquiries in it, closed, so that all of it is in the one file. */
async function databaseWithInquiries(count: number) {
  const db = await openStore({ sqliteFile: databasePath });
  const store = createInquiryStore(db);
  for (let i = 0; i < count; i++) {
    await store.save(inquiryDetails(goodFields()));
  }
  await db.close();
  expect(existsSync(`${databasePath}-wal`)).toBe(false);
}

/**
 * Writes garbage over the page that holds the start of the inquiries table, as
 * a failing disk or a copy made mid-write can. The file header and the schema
 * on the first page stay whole, so the file still opens.
 */
async function damageInquiriesTable() {
  const db = new DatabaseSync(databasePath, { readOnly: true });
  const { page_size: pageSize } = db.prepare("PRAGMA page_size").get() as { page_size: number };
  const { rootpage } = db.prepare("SELECT rootpage FROM sqlite_schema WHERE name = 'inquiries'").get() as {
    rootpage: number;
  };
  db.close();
  expect(rootpage).toBeGreaterThan(1);
  const file = await open(databasePath, "r+");
  await file.write(Buffer.alloc(200, 0xa5), 0, 200, (rootpage - 1) * pageSize);
  await file.close();
}

test("the server refuses to start on a damaged database, naming the file and saying to restore a backup", async () => {
  await databaseWithInquiries(40);
  await damageInquiriesTable();

  const message = await startSite({ buildDir, dataDir, env: { DATABASE_PATH: databasePath } }).then(
    async (server) => {
      await server.stop();
      return "The server started";
    },
    (error: Error) => error.message,
  );
  expect(message).toMatch(/The server exited \(1\)/);
  expect(message).toContain(`The inquiry database ${databasePath} is damaged`);
  expect(message).toContain("(SQLite: database disk image is malformed)");
  expect(message).toMatch(/restore the latest backup/);
});

test("the staff listing refuses a damaged database with the same message", async () => {
  await databaseWithInquiries(40);
  await damageInquiriesTable();

  const { code, stderr } = await runInquiries(databasePath);
  expect(code).toBe(1);
  expect(stderr).toContain(`The inquiry database ${databasePath} is damaged`);
  expect(stderr).toMatch(/restore the latest backup/);
});

test("a whole database passes the check and keeps its inquiries", async () => {
  await databaseWithInquiries(3);
  const db = await openStore({ sqliteFile: databasePath });
  expect(await createInquiryStore(db).list()).toHaveLength(3);
  await db.close();
});
