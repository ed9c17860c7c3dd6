import pg from "pg";
import { type Database, type OpenOptions, type Params, type Queries, runCommitted } from "./db.server.ts";
import { describeStore } from "./location.server.ts";
import { postgresMigrations } from "./postgres-migrations.server.ts";

/** How long a statement waits for a free connection before it fails as busy. */
const CONNECT_WAIT_MS = 3000;

/** Connections per instance: a handful serve a site of this size; N instances use N times as many. */
const POOL_SIZE = 10;

/**
 * How long a statement waits for a row or table another session holds (a
 * migration, an operator's lock) before it fails as busy and is tried again
 * later, as SQLite's busy wait does; a visitor's post then waits its usual
 * few seconds and gets its 503, instead of hanging.
 */
const LOCK_WAIT_MS = 1000;

/**
 * How long an instance waits for another to finish bringing the schema up to
 * date: instances started together take turns, and on a loaded machine one's
 * steps take far longer than a statement's usual wait.
 */
const MIGRATION_WAIT_MS = 120_000;

/** A transaction that meets a concurrent one is tried again this many times before the caller hears of it. */
const SERIALIZATION_TRIES = 8;

/** Any number, the same in every instance: the lock taken while migrations are applied. */
export const MIGRATION_LOCK = 7_316_024;

// BIGINT (8) and COUNT's result come back as strings by default, as they may not
// fit a JavaScript number; ids and times in milliseconds here always do.
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === pg.types.builtins.INT8
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format ?? "text")) as typeof pg.types.getTypeParser,
};

/**
 * Connects to the PostgreSQL database that every instance shares and brings its
 * schema up to date. Several instances starting at once apply each step once:
 * they take turns through an advisory lock. Throws, with a message for the
 * operator, when the server cannot be reached.
 */
export async function openPostgres(url: string, options: OpenOptions = {}): Promise<Database> {
  const location = describeStore({ postgresUrl: url });
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_SIZE,
    connectionTimeoutMillis: options.busyWaitMs ?? CONNECT_WAIT_MS,
    idleTimeoutMillis: 30_000,
    types,
    application_name: "print-site",
    options: `-c lock_timeout=${LOCK_WAIT_MS}`,
  });
  // An idle connection cut by a server restart reports here; the pool replaces
  // it on the next query, so there is nothing to do but not crash.
  pool.on("error", ignore);
  try {
    await migrate(pool);
  } catch (error) {
    await pool.end().catch(() => {});
    throw new Error(`Could not open ${location}: ${(error as Error).message}`);
  }
  return postgresDatabase(pool, location);
}

function postgresDatabase(pool: pg.Pool, location: string): Database {
  const queriesOf = (client: pg.Pool | pg.PoolClient, afterCommit: Queries["afterCommit"]): Queries => ({
    afterCommit,
    async all<T>(sql: string, params?: Params) {
      const { text, values } = numbered(sql, params);
      return (await client.query(text, values)).rows as T[];
    },
    async get<T>(sql: string, params?: Params) {
      const { text, values } = numbered(sql, params);
      return (await client.query(text, values)).rows[0] as T | undefined;
    },
    async run(sql: string, params?: Params) {
      const { text, values } = numbered(sql, params);
      return (await client.query(text, values)).rowCount ?? 0;
    },
  });

  return {
    engine: "postgres",
    location,
    ...queriesOf(pool, (callback) => runCommitted([callback])),
    async transaction(work, options) {
      const begin =
        options?.isolation === "read-committed"
          ? "BEGIN ISOLATION LEVEL READ COMMITTED"
          : "BEGIN ISOLATION LEVEL SERIALIZABLE";
      for (let attempt = 1; ; attempt++) {
        const client = await pool.connect();
        // A checked-out connection cut by the server reports here, not to the pool;
        // the query under way fails with it, which is what the caller hears.
        client.on("error", ignore);
        let broken: Error | undefined;
        // Each try collects its own: a try that conflicted and rolled back wakes nothing.
        const committed: (() => void)[] = [];
        try {
          await client.query(begin);
          const result = await work(queriesOf(client, (callback) => committed.push(callback)));
          await client.query("COMMIT");
          runCommitted(committed);
          return result;
        } catch (error) {
          await client.query("ROLLBACK").catch((rollbackError: Error) => {
            broken = rollbackError;
          });
          if (!isConflict(error) || attempt >= SERIALIZATION_TRIES) throw error;
        } finally {
          // A connection that could not even roll back is not given to the next request.
          client.off("error", ignore);
          client.release(broken);
        }
      }
    },
    async releaseDeletedPages() {
      // PostgreSQL reuses a deleted row's space at its next vacuum; nothing lingers in a side file.
    },
    async isMigrated() {
      const row = await pool.query<{ version: number | null }>("SELECT max(version) AS version FROM schema_migrations");
      return row.rows[0]?.version === postgresMigrations.at(-1)?.version;
    },
    async close() {
      await pool.end();
    },
  };
}

function ignore() {}

/** Another transaction got in the way (serialization failure or deadlock): running it again will do. */
function isConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "40001" || code === "40P01";
}

async function migrate(pool: pg.Pool) {
  const client = await pool.connect();
  client.on("error", ignore);
  try {
    await client.query(`SET lock_timeout = ${MIGRATION_WAIT_MS}`);
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      applied_at TEXT NOT NULL
    )`);
    const done = new Set(
      (await client.query<{ version: number }>("SELECT version FROM schema_migrations")).rows.map((row) => row.version),
    );
    for (const step of postgresMigrations) {
      if (done.has(step.version)) continue;
      await client.query("BEGIN");
      try {
        await client.query(step.sql);
        await client.query("INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)", [
          step.version,
          step.name,
          new Date().toISOString(),
        ]);
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      }
    }
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    // Back to the pool with the usual wait (the connection's own setting).
    await client.query("RESET lock_timeout").catch(() => {});
    client.off("error", ignore);
    client.release();
  }
}

/**
 * The stores write `?` and `:name` placeholders, as SQLite reads them;
 * PostgreSQL numbers them ($1, $2…). A name used twice is one number.
 */
export function numbered(sql: string, params: Params | undefined): { text: string; values: unknown[] } {
  if (params === undefined) return { text: sql, values: [] };
  if (Array.isArray(params)) {
    let n = 0;
    return { text: sql.replace(/\?/g, () => `$${++n}`), values: [...params] };
  }
  const named = params as Record<string, unknown>;
  const values: unknown[] = [];
  const numbers = new Map<string, number>();
  const text = sql.replace(/(?<![:\w]):([A-Za-z_]\w*)/g, (whole, name: string) => {
    if (!(name in named)) return whole;
    let number = numbers.get(name);
    if (number === undefined) {
      values.push(named[name]);
      number = values.length;
      numbers.set(name, number);
    }
    return `$${number}`;
  });
  return { text, values };
}
