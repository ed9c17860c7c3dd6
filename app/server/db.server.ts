import { mkdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";

/**
 * The schema, as numbered steps. A step, once released, is never edited: a change
 * is a new step, so every copy of the database can be brought up to date in order.
 */
export const migrations: readonly { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: "inquiries and their outbox",
    sql: `
      CREATE TABLE inquiries (
        id INTEGER PRIMARY KEY,
        reference TEXT UNIQUE,
        received_at TEXT NOT NULL,
        name TEXT NOT NULL,
        email TEXT NOT NULL,
        phone_number TEXT NOT NULL,
        msg_subject TEXT NOT NULL,
        message TEXT NOT NULL,
        submission_key TEXT UNIQUE
      ) STRICT;

      CREATE TABLE outbox (
        id INTEGER PRIMARY KEY,
        inquiry_id INTEGER NOT NULL REFERENCES inquiries (id),
        kind TEXT NOT NULL CHECK (kind IN ('company', 'acknowledgement')),
        state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        lease_token TEXT,
        lease_until INTEGER,
        last_error TEXT,
        sent_at TEXT,
        UNIQUE (inquiry_id, kind)
      ) STRICT;

      CREATE INDEX outbox_due ON outbox (state, next_attempt_at);
    `,
  },
];

/**
 * Opens (creating it and its folder on first use) the database and brings its
 * schema up to date. Write-ahead logging lets the staff listing read while the
 * server writes; FULL sync makes a stored inquiry survive a power cut.
 */
export function openDatabase(file: string): DatabaseSync {
  mkdirSync(path.dirname(file), { recursive: true });
  const db = new DatabaseSync(file, { timeout: 5000 });
  db.exec("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA synchronous = FULL");
  db.exec("PRAGMA foreign_keys = ON");
  migrate(db);
  return db;
}

function migrate(db: DatabaseSync) {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  ) STRICT`);
  for (const step of migrations) {
    transaction(db, () => {
      // Checked inside the write lock, so two processes starting at once apply a step once.
      const done = db.prepare("SELECT 1 FROM schema_migrations WHERE version = ?").get(step.version);
      if (done) return;
      db.exec(step.sql);
      db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)").run(
        step.version,
        step.name,
        new Date().toISOString(),
      );
    });
  }
}

/** Runs work in one write transaction, taken at the start so readers never block a writer half-way. */
export function transaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec("BEGIN IMMEDIATE");
  try {
    const result = work();
    db.exec("COMMIT");
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec("ROLLBACK");
    throw error;
  }
}
