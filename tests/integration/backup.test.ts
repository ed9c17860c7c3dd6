import { existsSync } from "node:fs";
import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, expect, inject, test } from "vitest";
import { runScript } from "../support/run-script.ts";
import { type SiteServer, startSite } from "../support/start-site.ts";
import { sendInquiry } from "./support/contact-form.ts";
import { runInquiries } from "./support/inquiries-command.ts";

const buildDir = inject("siteBuildDir");

let dir: string;
let dataDir: string;
let databasePath: string;
let server: SiteServer | undefined;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "backup-"));
  dataDir = path.join(dir, "data");
  databasePath = path.join(dataDir, "inquiries.sqlite");
});

afterEach(async () => {
  await server?.stop();
  server = undefined;
  await rm(dir, { recursive: true, force: true });
});

/** The server on the test's database, taking as many forms from 127.0.0.1 as the test sends. */
async function startServer() {
  server = await startSite({ buildDir, dataDir, env: { CONTACT_RATE_LIMIT: "10000" } });
  return server;
}

/** npm run backup, on the server's database (DATA_DIR), as staff would run it. */
function runBackup(args: string[], env: Record<string, string> = {}) {
  return runScript("scripts/backup.ts", args, { cwd: dir, env: { DATA_DIR: dataDir, ...env } });
}

function referencesListed(listing: string): string[] {
  return [...listing.matchAll(/^ENQ-\d{4}-\d+/gm)].map((match) => match[0]).sort();
}

function quickCheck(file: string): string {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return (db.prepare("PRAGMA quick_check").get() as { quick_check: string }).quick_check;
  } finally {
    db.close();
  }
}

test("a backup taken while inquiries arrive restores every inquiry stored before it, each whole", async () => {
  const site = await startServer();
  const before: string[] = [];
  for (let i = 0; i < 5; i++) before.push(await sendInquiry(site.url));

  // Visitors keep sending forms, four at a time, for as long as the backup runs.
  let backingUp = true;
  const during: string[] = [];
  const senders = Array.from({ length: 4 }, async () => {
    while (backingUp) during.push(await sendInquiry(site.url));
  });
  const backupFile = path.join(dir, "inquiries-backup.sqlite");
  const backup = await runBackup([backupFile]).finally(() => {
    backingUp = false;
  });
  await Promise.all(senders);
  expect(backup.stderr).toBe("");
  expect(backup.code).toBe(0);
  expect(during.length).toBeGreaterThan(0);
  const count = Number(/^Backed up (\d+) inquiries to (.+) \(/.exec(backup.stdout)?.[1]);
  expect(backup.stdout).toContain(`to ${backupFile} (`);
  expect(count).toBeGreaterThanOrEqual(before.length);
  // Nothing of a visitor's in what it prints.
  expect(backup.stdout).not.toMatch(/Asha|example\.in/);
  // One file, complete: no journal beside it, no unfinished copy left behind.
  expect(await readdir(dir)).toEqual(["data", "inquiries-backup.sqlite"]);
  expect(quickCheck(backupFile)).toBe("ok");

  await site.stop();
  for (const suffix of ["", "-wal", "-shm"]) await rm(databasePath + suffix, { force: true });
  await copyFile(backupFile, databasePath);

  const restored = await runInquiries(databasePath);
  expect(restored.code).toBe(0);
  // A snapshot: the inquiries stored up to one moment, in the order they were stored, none half.
  const sent = [...before, ...during].sort();
  expect(referencesListed(restored.stdout)).toEqual(sent.slice(0, count));
  expect(restored.stdout).toContain(`${count} inquiries; mails waiting: ${2 * count}, failed: 0.`);

  // The server takes the restored database as its own.
  const again = await startServer();
  const next = await sendInquiry(again.url);
  expect(referencesListed((await runInquiries(databasePath)).stdout)).toContain(next);
});

test("refuses to replace an existing file unless told to with --force", async () => {
  const site = await startServer();
  await sendInquiry(site.url);
  const backupFile = path.join(dir, "backup.sqlite");
  await writeFile(backupFile, "an older backup");

  const refused = await runBackup([backupFile]);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain(`${backupFile} exists already; nothing was written. Add --force to replace it.`);
  expect(await readFile(backupFile, "utf8")).toBe("an older backup");
  expect(await readdir(dir)).toEqual(["backup.sqlite", "data"]);

  const forced = await runBackup([backupFile, "--force"]);
  expect(forced.code).toBe(0);
  expect(forced.stdout).toContain(`Backed up 1 inquiry to ${backupFile}`);
  expect(quickCheck(backupFile)).toBe("ok");
});

test("with DATABASE_URL set it copies nothing and says to use pg_dump", async () => {
  const backupFile = path.join(dir, "backup.sqlite");
  const { code, stdout, stderr } = await runBackup([backupFile], {
    DATABASE_URL: "postgres://site:secret-password@127.0.0.1:5432/site",
    FORM_SECRET: "a".repeat(32),
  });
  expect(code).toBe(2);
  expect(stdout).toBe("");
  expect(stderr).toContain("PostgreSQL");
  expect(stderr).toContain('pg_dump --format=custom --file=inquiries-$(date +%F).dump "$DATABASE_URL"');
  expect(stderr).not.toContain("secret-password");
  expect(existsSync(backupFile)).toBe(false);
  expect(existsSync(dataDir)).toBe(false);
});

test("explains itself when the file to write is missing, and refuses unknown options", async () => {
  const missing = await runBackup([]);
  expect(missing.code).toBe(2);
  expect(missing.stderr).toContain("Which file should the backup go to?");
  expect(missing.stderr).toContain("npm run backup -- <file> --force");

  const unknown = await runBackup(["backup.sqlite", "--overwrite"]);
  expect(unknown.code).toBe(2);
  expect(unknown.stderr).toContain("Unknown option '--overwrite'");
  expect(existsSync(dataDir)).toBe(false);
});
