import { mkdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import {
  BUSY_PATIENCE_MS,
  DamagedDatabaseError,
  type Database,
  type OpenOptions,
  type Params,
  type Queries,
  runCommitted,
} from "./db.server.ts";
import type { Migration } from "./migrations.server.ts";
import { sqliteMigrations } from "./sqlite-migrations.server.ts";

/**
 * How long one statement may hold up the process while another connection has
 * the database locked. node:sqlite is synchronous, so this wait stops every
 * request, static pages included; longer waits are taken in short tries with
 * pauses between them (retryWhileBusy).
 */
export const BUSY_WAIT_MS = 20;

/**
 * Opens (creating it and its folder on first use) the database file, checks it
 * is whole, and brings its schema up to date. Write-ahead logging lets the
 * staff listing read while the server writes; FULL sync makes a stored inquiry
 * survive a power cut; secure_delete overwrites a deleted row's bytes.
 */
export function openSqlite(file: string, options: OpenOptions = {}): Database {
  mkdirSync(path.dirname(file), { recursive: true });
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(file, { timeout: BUSY_PATIENCE_MS });
    db.exec("PRAGMA journal_mode = WAL");
    db.exec("PRAGMA synchronous = FULL");
    db.exec("PRAGMA foreign_keys = ON");
    db.exec("PRAGMA secure_delete = ON");
    // Phone numbers compare as the digits they dial, however they were written.
    db.function("phone_digits", { deterministic: true }, (value) =>
      typeof value === "string" ? value.replace(/\D/g, "") : null,
    );
    // Before any migration reads or copies a table: a damaged file must be noticed
    // at start, not by each visitor whose inquiry then cannot be stored.
    const problem = integrityProblem(db);
    if (problem) throw new DamagedDatabaseError(file, problem);
    migrate(db);
    db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.round(options.busyWaitMs ?? BUSY_WAIT_MS))}`);
    return sqliteDatabase(db, file);
  } catch (error) {
    if (db?.isOpen) db.close();
    if (isDamage(error)) throw new DamagedDatabaseError(file, (error as Error).message);
    throw error;
  }
}

function sqliteDatabase(db: DatabaseSync, file: string): Database {
  const statements = new Map<string, StatementSync>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  const queries: Omit<Queries, "afterCommit"> = {
    all: async <T>(sql: string, params?: Params) => prepared(sql).all(...(args(params) as SQLInputValue[])) as T[],
    get: async <T>(sql: string, params?: Params) =>
      prepared(sql).get(...(args(params) as SQLInputValue[])) as T | undefined,
    run: async (sql, params) => Number(prepared(sql).run(...(args(params) as SQLInputValue[])).changes),
  };

  // One connection serves every request, and a transaction's work awaits between
  // its statements: while one is open, every other statement waits its turn, or
  // it would run inside that transaction.
  let turn: Promise<unknown> = Promise.resolve();
  function exclusive<T>(work: () => Promise<T>): Promise<T> {
    const result = turn.then(work, work);
    turn = result.catch(() => undefined);
    return result;
  }

  return {
    engine: "sqlite",
    location: file,
    all: (sql, params) => exclusive(() => queries.all(sql, params)),
    get: (sql, params) => exclusive(() => queries.get(sql, params)),
    run: (sql, params) => exclusive(() => queries.run(sql, params)),
    afterCommit: (callback) => runCommitted([callback]),
    transaction: (work) =>
      exclusive(async () => {
        const committed: (() => void)[] = [];
        // Taking the write lock at the start, so readers never block a writer half-way.
        db.exec("BEGIN IMMEDIATE");
        try {
          const result = await work({ ...queries, afterCommit: (callback) => committed.push(callback) });
          db.exec("COMMIT");
          runCommitted(committed);
          return result;
        } catch (error) {
          if (db.isTransaction) db.exec("ROLLBACK");
          throw error;
        }
      }),
    releaseDeletedPages: () =>
      exclusive(async () => {
        // Moves the log into the file (where deleted rows are overwritten) and empties
        // it. Best effort: while another connection reads, a later checkpoint does it.
        try {
          db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
        } catch {}
      }),
    isMigrated: () => exclusive(async () => latestVersion(db) === sqliteMigrations.at(-1)?.version),
    close: () =>
      exclusive(async () => {
        if (db.isOpen) db.close();
      }),
  };
}

/** node:sqlite takes named values as one object, positional ones spread. */
function args(params: Params | undefined): SQLInputValue[] | [Record<string, SQLInputValue>] {
  if (params === undefined) return [];
  if (Array.isArray(params)) return params as SQLInputValue[];
  return [params as Record<string, SQLInputValue>];
}

function latestVersion(db: DatabaseSync): number | undefined {
  const row = db.prepare("SELECT max(version) AS version FROM schema_migrations").get() as { version: number | null };
  return row.version ?? undefined;
}

function integrityProblem(db: DatabaseSync): string | undefined {
  const rows = db.prepare("PRAGMA quick_check").all() as { quick_check: string }[];
  const problems = rows.map((row) => row.quick_check).filter((text) => text !== "ok");
  if (problems.length === 0) return undefined;
  return problems.slice(0, 3).join("; ") + (problems.length > 3 ? `; and ${problems.length - 3} more` : "");
}

const SQLITE_CORRUPT = 11;
const SQLITE_NOTADB = 26;

function isDamage(error: unknown): boolean {
  const code = typeof error === "object" && error !== null ? (error as { errcode?: unknown }).errcode : undefined;
  return typeof code === "number" && ((code & 0xff) === SQLITE_CORRUPT || (code & 0xff) === SQLITE_NOTADB);
}

function migrate(db: DatabaseSync, steps: readonly Migration[] = sqliteMigrations) {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  ) STRICT`);
  for (const step of steps) {
    db.exec("BEGIN IMMEDIATE");
    try {
      // Checked inside the write lock, so two processes starting at once apply a step once.
      const done = db.prepare("SELECT 1 FROM schema_migrations WHERE version = ?").get(step.version);
      if (!done) {
        db.exec(step.sql);
        db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)").run(
          step.version,
          step.name,
          new Date().toISOString(),
        );
      }
      db.exec("COMMIT");
    } catch (error) {
      if (db.isTransaction) db.exec("ROLLBACK");
      throw error;
    }
  }
}
