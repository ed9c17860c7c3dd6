import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import type { StoreLocation } from "../../../app/server/store/db.server.ts";

export type DatabaseLock = {
  /** Ends the other process's transaction, which lets writers in again. */
  release(): Promise<void>;
};

const root = path.resolve(import.meta.dirname, "../../..");

// Another process, as a backup tool or a staff command would be: a lock held in
// the test's own process would not show what the server does about someone else's.
const sqliteHolder = `
import { DatabaseSync } from "node:sqlite";
const db = new DatabaseSync(process.argv[1]);
db.exec("BEGIN IMMEDIATE");
process.stdout.write("locked\\n");
process.stdin.resume();
process.stdin.on("end", () => {
  db.exec("ROLLBACK");
  db.close();
});
`;

// EXCLUSIVE mode on every table keeps writers (and SELECT … FOR UPDATE) out and
// lets plain reads in, as SQLite's write lock does.
const postgresHolder = `
import pg from "pg";
const client = new pg.Client({ connectionString: process.argv[1] });
await client.connect();
await client.query("BEGIN");
const { rows } = await client.query("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()");
await client.query("LOCK TABLE " + rows.map((row) => '"' + row.tablename + '"').join(", ") + " IN EXCLUSIVE MODE");
process.stdout.write("locked\\n");
process.stdin.resume();
process.stdin.on("end", async () => {
  await client.query("ROLLBACK");
  await client.end();
});
`;

/**
 * Holds the write lock on a store (a SQLite file given by its path, or either
 * engine by its location) until released: every other writer waits, readers
 * still read. In SQLite's write-ahead mode, that is BEGIN IMMEDIATE.
 */
export async function holdWriteLock(store: string | StoreLocation): Promise<DatabaseLock> {
  const location = typeof store === "string" ? { sqliteFile: store } : store;
  const [holder, target] =
    "sqliteFile" in location ? [sqliteHolder, location.sqliteFile] : [postgresHolder, location.postgresUrl];
  // From the project, where the holder finds pg.
  const child = spawn(process.execPath, ["--input-type=module", "-e", holder, target], {
    cwd: root,
    stdio: ["pipe", "pipe", "inherit"],
  });
  const exited = once(child, "exit");
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      if (chunk.toString("utf8").includes("locked")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`The lock holder exited (${code}) before taking the lock`)));
  });
  return {
    async release() {
      if (child.exitCode !== null) return;
      child.stdin.end();
      await exited;
    },
  };
}
