import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { expect, test } from "vitest";
import { throwawayPostgresDatabase } from "../../../tests/support/test-postgres.ts";
import { MIGRATION_LOCK, openPostgres } from "./postgres.server.ts";

test("an instance waits for another bringing the schema up to date, longer than a statement's usual wait", async () => {
  // Instances started together take turns; on a loaded machine one's steps took
  // longer than the 1 s a statement waits, and the other stopped at start-up.
  const database = await throwawayPostgresDatabase("migration_wait");
  const other = new pg.Client({ connectionString: database.url });
  await other.connect();
  try {
    await other.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    const opening = openPostgres(database.url);
    const settled = opening.then(
      () => "opened",
      (error: Error) => error.message,
    );
    await sleep(2500);
    await other.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    expect(await settled).toBe("opened");
    const db = await opening;
    try {
      const row = await db.get<{ n: number }>("SELECT count(*) AS n FROM schema_migrations");
      expect(Number(row?.n)).toBeGreaterThan(10);
      // The pool's connections keep the usual wait.
      expect((await db.get<{ lock_timeout: string }>("SHOW lock_timeout"))?.lock_timeout).toBe("1s");
    } finally {
      await db.close();
    }
  } finally {
    await other.end();
    await database.drop();
  }
}, 30_000);
