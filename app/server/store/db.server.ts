import { setTimeout as sleep } from "node:timers/promises";

/**
 * Values for a statement's placeholders: `?` in order, or `:name` by name.
 * Every statement in the stores is written once and runs on both engines.
 */
export type Params = readonly unknown[] | Readonly<Record<string, unknown>>;

/** The statements a store runs, on the database or inside one transaction. */
export type Queries = {
  all<T = Record<string, unknown>>(sql: string, params?: Params): Promise<T[]>;
  get<T = Record<string, unknown>>(sql: string, params?: Params): Promise<T | undefined>;
  /** Answers how many rows the statement changed. */
  run(sql: string, params?: Params): Promise<number>;
  /**
   * Calls back once what was written here is committed: at once outside a
   * transaction, after COMMIT inside one, never when it rolls back. Queued
   * work wakes its runner this way, so no caller has to remember to.
   */
  afterCommit(callback: () => void): void;
};

/** Runs the callbacks a committed transaction collected, after the code that committed it has carried on. */
export function runCommitted(callbacks: readonly (() => void)[]): void {
  for (const callback of callbacks) queueMicrotask(callback);
}

/**
 * Everything persistent (inquiries, the outbox, staff, sessions, the audit log,
 * rate-limit counts) lives behind this: SQLite in one file by default, or one
 * PostgreSQL database that several instances share (DATABASE_URL).
 */
export type Database = Queries & {
  readonly engine: "sqlite" | "postgres";
  /** For messages to the operator: the file, or the server and database (never the password). */
  readonly location: string;
  /**
   * Runs work as one transaction. By default it sees and changes the data as if
   * no other transaction ran at the same time (SQLite: one writer at a time;
   * PostgreSQL: SERIALIZABLE, tried again by itself when a concurrent one gets
   * in the way), so work must use the queries it is given and may run more than
   * once. "read-committed" is for hot paths whose correctness rests on unique
   * constraints and single-statement updates alone: on PostgreSQL it never
   * fails for a conflict, so many visitors at once never wait on retries.
   */
  transaction<T>(
    work: (tx: Queries) => Promise<T>,
    options?: { isolation?: "serializable" | "read-committed" },
  ): Promise<T>;
  /**
   * After an erasure: makes sure the deleted rows' bytes do not linger in
   * files the engine keeps beside the data (SQLite's write-ahead log).
   */
  releaseDeletedPages(): Promise<void>;
  /** Whether every migration this code knows is applied; false once the database is ahead or behind. */
  isMigrated(): Promise<boolean>;
  close(): Promise<void>;
};

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

/** Where the store is: SQLite's file, or a PostgreSQL server. */
export type StoreLocation = { sqliteFile: string } | { postgresUrl: string };

export type OpenOptions = {
  /**
   * How long one statement may wait for a lock before it fails as busy (SQLite)
   * or for a connection (PostgreSQL). Short for the server; a staff command may
   * be patient.
   */
  busyWaitMs?: number;
};

/** SQLite: another connection holds the lock this statement needs. */
const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;

/**
 * PostgreSQL: the connection failed or was cut (08…), the server is starting or
 * stopping (57P…), has no connection to spare (53300), a lock was held past
 * lock_timeout (55P03), or a concurrent transaction got in the way and gave up
 * (40001, 40P01).
 */
const POSTGRES_TRANSIENT = /^(08...|57P0[123]|53300|55P03|40001|40P01)$/;
const NETWORK_FAILURES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND"]);

/**
 * The store cannot answer now but may in a moment: SQLite locked by another
 * process, or PostgreSQL unreachable, restarting or in a conflict. A visitor
 * then gets a 503 (with what they typed, on a form), never a 500.
 */
export function isBusy(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { errcode, code, message } = error as { errcode?: unknown; code?: unknown; message?: unknown };
  if (typeof errcode === "number") return (errcode & 0xff) === SQLITE_BUSY || (errcode & 0xff) === SQLITE_LOCKED;
  if (typeof code === "string" && (POSTGRES_TRANSIENT.test(code) || NETWORK_FAILURES.has(code))) return true;
  // node-postgres says these in words only.
  return (
    typeof message === "string" &&
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(
      message,
    )
  );
}

/**
 * How long work waits out a busy store before it gives up: long enough for a
 * write on another instance, a backup's copy or a migration to end, short
 * enough that a visitor still gets an answer (a 503 that keeps what they typed)
 * well within a proxy's timeout. Every step that waits for the store waits this.
 */
export const BUSY_PATIENCE_MS = 5000;

/**
 * Runs a database step, trying again while the store is busy (isBusy). Each
 * try waits only briefly; between tries the process sleeps, so it keeps
 * answering other requests. Gives up, with the last error, after patienceMs
 * (BUSY_PATIENCE_MS unless told) or when the signal is aborted.
 */
export async function retryWhileBusy<T>(
  work: () => Promise<T>,
  options: { patienceMs?: number; signal?: AbortSignal } = {},
): Promise<T> {
  const deadline = Date.now() + (options.patienceMs ?? BUSY_PATIENCE_MS);
  for (let pauseMs = 10; ; pauseMs = Math.min(pauseMs * 2, 200)) {
    try {
      return await work();
    } catch (error) {
      if (!isBusy(error) || options.signal?.aborted || Date.now() + pauseMs > deadline) throw error;
      await sleep(pauseMs, undefined, options.signal ? { signal: options.signal } : {}).catch(() => {
        throw error;
      });
    }
  }
}

/** `IN (?, ?, …)` for a list of values; the list must not be empty. */
export function placeholders(values: readonly unknown[]): string {
  return `(${values.map(() => "?").join(", ")})`;
}
