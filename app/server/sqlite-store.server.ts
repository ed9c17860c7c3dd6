import { mkdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { setTimeout as sleep } from "node:timers/promises";

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
  {
    version: 2,
    name: "mails the mail server did not confirm",
    // SQLite cannot change a CHECK in place, so the table is copied into a new one.
    sql: `
      CREATE TABLE outbox_v2 (
        id INTEGER PRIMARY KEY,
        inquiry_id INTEGER NOT NULL REFERENCES inquiries (id),
        kind TEXT NOT NULL CHECK (kind IN ('company', 'acknowledgement')),
        state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed', 'unknown')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        lease_token TEXT,
        lease_until INTEGER,
        last_error TEXT,
        sent_at TEXT,
        unconfirmed_at TEXT,
        UNIQUE (inquiry_id, kind)
      ) STRICT;

      INSERT INTO outbox_v2 (id, inquiry_id, kind, state, attempts, next_attempt_at, lease_token, lease_until, last_error, sent_at)
      SELECT id, inquiry_id, kind, state, attempts, next_attempt_at, lease_token, lease_until, last_error, sent_at FROM outbox;

      DROP TABLE outbox;
      ALTER TABLE outbox_v2 RENAME TO outbox;
      CREATE INDEX outbox_due ON outbox (state, next_attempt_at);
    `,
  },
  {
    version: 3,
    name: "the audit log",
    // No reference to the inquiry's row: when an inquiry is erased, the entry that
    // says so must stay. Entries never hold a visitor's personal details.
    sql: `
      CREATE TABLE audit_log (
        id INTEGER PRIMARY KEY,
        at TEXT NOT NULL,
        actor TEXT NOT NULL,
        action TEXT NOT NULL,
        inquiry_id INTEGER,
        detail TEXT
      ) STRICT;

      CREATE INDEX audit_log_inquiry ON audit_log (inquiry_id, id);
    `,
  },
  {
    version: 4,
    name: "staff accounts, sign-in links, sessions, passkeys and sign-in throttling",
    // Times are milliseconds since 1970 (UTC), compared in SQL. Secrets that let a
    // browser in (link tokens, session ids) are stored only as their SHA-256 hash.
    sql: `
      CREATE TABLE staff (
        id INTEGER PRIMARY KEY,
        email TEXT NOT NULL UNIQUE COLLATE NOCASE,
        name TEXT NOT NULL,
        password_hash TEXT,
        password_changed_at INTEGER,
        webauthn_user_id TEXT NOT NULL UNIQUE,
        created_at INTEGER NOT NULL,
        last_sign_in_at INTEGER
      ) STRICT;

      CREATE TABLE staff_links (
        token_hash TEXT PRIMARY KEY,
        staff_id INTEGER NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
        purpose TEXT NOT NULL CHECK (purpose IN ('add', 'reset')),
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        used_at INTEGER
      ) STRICT;

      CREATE INDEX staff_links_staff ON staff_links (staff_id);

      CREATE TABLE staff_sessions (
        id_hash TEXT PRIMARY KEY,
        staff_id INTEGER NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
        created_at INTEGER NOT NULL,
        last_seen_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      ) STRICT;

      CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id);

      CREATE TABLE staff_passkeys (
        credential_id TEXT PRIMARY KEY,
        staff_id INTEGER NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        public_key BLOB NOT NULL,
        counter INTEGER NOT NULL,
        transports TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        last_used_at INTEGER
      ) STRICT;

      CREATE INDEX staff_passkeys_staff ON staff_passkeys (staff_id);

      CREATE TABLE staff_challenges (
        challenge TEXT PRIMARY KEY,
        purpose TEXT NOT NULL CHECK (purpose IN ('sign-in', 'add-passkey')),
        staff_id INTEGER REFERENCES staff (id) ON DELETE CASCADE,
        expires_at INTEGER NOT NULL
      ) STRICT;

      CREATE TABLE sign_in_throttle (
        key TEXT PRIMARY KEY,
        failures INTEGER NOT NULL,
        last_failure_at INTEGER NOT NULL,
        locked_until INTEGER
      ) STRICT;
    `,
  },
  {
    version: 5,
    name: "the staff inbox: status, spam tray, where an inquiry came from, notes",
    // Inquiries stored before this step are all real ones whose mails were queued: New.
    sql: `
      ALTER TABLE inquiries ADD COLUMN status TEXT NOT NULL DEFAULT 'new'
        CHECK (status IN ('new', 'contacted', 'quoted', 'won', 'lost', 'spam'));
      ALTER TABLE inquiries ADD COLUMN spam_reason TEXT;
      ALTER TABLE inquiries ADD COLUMN service TEXT;
      ALTER TABLE inquiries ADD COLUMN source_page TEXT;

      CREATE INDEX inquiries_status ON inquiries (status, id);
      CREATE INDEX inquiries_received ON inquiries (received_at);

      CREATE TABLE inquiry_notes (
        id INTEGER PRIMARY KEY,
        inquiry_id INTEGER NOT NULL REFERENCES inquiries (id),
        at TEXT NOT NULL,
        author_email TEXT NOT NULL,
        author_name TEXT NOT NULL,
        body TEXT NOT NULL
      ) STRICT;

      CREATE INDEX inquiry_notes_inquiry ON inquiry_notes (inquiry_id, id);
    `,
  },
];

/**
 * How long one statement may hold up the process while another connection has
 * the database locked. node:sqlite is synchronous, so this wait stops every
 * request, static pages included; longer waits are taken in short tries with
 * pauses between them (retryWhileBusy).
 */
export const BUSY_WAIT_MS = 20;

/** Opening comes before the server takes requests, so it may wait as long as a staff command would. */
const OPENING_BUSY_WAIT_MS = 5000;

/** A database file that fails SQLite's own check, or is not a database at all. */
export class DamagedDatabaseError extends Error {
  constructor(file: string, detail: string) {
    super(
      `The inquiry database ${file} is damaged (SQLite: ${detail}). ` +
        "Stop everything that uses it, move the file (with its -wal and -shm files) aside for inspection, " +
        "restore the latest backup in its place, and start again.",
    );
    this.name = "DamagedDatabaseError";
  }
}

/**
 * Opens (creating it and its folder on first use) the database, checks it is
 * whole, and brings its schema up to date. Write-ahead logging lets the staff
 * listing read while the server writes; FULL sync makes a stored inquiry survive
 * a power cut. busyWaitMs is how long each later statement may block waiting for
 * a lock: short by default, for the server; a staff command may be patient.
 */
export function openDatabase(file: string, options: { busyWaitMs?: number } = {}): DatabaseSync {
  mkdirSync(path.dirname(file), { recursive: true });
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(file, { timeout: OPENING_BUSY_WAIT_MS });
    db.exec("PRAGMA journal_mode = WAL");
    db.exec("PRAGMA synchronous = FULL");
    db.exec("PRAGMA foreign_keys = ON");
    // Before any migration reads or copies a table: a damaged file must be noticed
    // at start, not by each visitor whose inquiry then cannot be stored.
    const problem = integrityProblem(db);
    if (problem) throw new DamagedDatabaseError(file, problem);
    migrate(db);
    db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.round(options.busyWaitMs ?? BUSY_WAIT_MS))}`);
    return db;
  } catch (error) {
    if (db?.isOpen) db.close();
    if (isDamage(error)) throw new DamagedDatabaseError(file, (error as Error).message);
    throw error;
  }
}

function integrityProblem(db: DatabaseSync): string | undefined {
  const rows = db.prepare("PRAGMA quick_check").all() as { quick_check: string }[];
  const problems = rows.map((row) => row.quick_check).filter((text) => text !== "ok");
  if (problems.length === 0) return undefined;
  return problems.slice(0, 3).join("; ") + (problems.length > 3 ? `; and ${problems.length - 3} more` : "");
}

const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;
const SQLITE_CORRUPT = 11;
const SQLITE_NOTADB = 26;

/** The primary result code of a node:sqlite error; extended codes keep it in their low byte. */
function resultCode(error: unknown): number | undefined {
  const code = typeof error === "object" && error !== null ? (error as { errcode?: unknown }).errcode : undefined;
  return typeof code === "number" ? code & 0xff : undefined;
}

/** Another connection holds the lock this statement needs: trying again later can succeed. */
export function isBusy(error: unknown): boolean {
  const code = resultCode(error);
  return code === SQLITE_BUSY || code === SQLITE_LOCKED;
}

function isDamage(error: unknown): boolean {
  const code = resultCode(error);
  return code === SQLITE_CORRUPT || code === SQLITE_NOTADB;
}

/**
 * Runs a database step, trying again while another connection holds the lock.
 * Each try blocks for at most the short busy wait set at open; between tries the
 * process sleeps, so it keeps answering other requests. Gives up, with the last
 * error, after patienceMs or when the signal is aborted.
 */
export async function retryWhileBusy<T>(
  work: () => T,
  options: { patienceMs: number; signal?: AbortSignal },
): Promise<T> {
  const deadline = Date.now() + options.patienceMs;
  for (let pauseMs = 10; ; pauseMs = Math.min(pauseMs * 2, 200)) {
    try {
      return work();
    } catch (error) {
      if (!isBusy(error) || options.signal?.aborted || Date.now() + pauseMs > deadline) throw error;
      await sleep(pauseMs, undefined, options.signal ? { signal: options.signal } : {}).catch(() => {
        throw error;
      });
    }
  }
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
