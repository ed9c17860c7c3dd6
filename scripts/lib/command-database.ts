import type { DatabaseSync } from "node:sqlite";
import { openDatabase } from "../../app/server/db.server.ts";
import { readContactEnv } from "../../app/server/env.server.ts";

/** A staff command may wait for the server's lock; the server itself must not. */
const BUSY_WAIT_MS = 5000;

/**
 * The database file the server's settings name (DATA_DIR or DATABASE_PATH), for
 * a command run by hand; undefined, with the reason written out, when a setting
 * is bad.
 */
export function commandDatabasePath(): string | undefined {
  try {
    return readContactEnv().databasePath;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return undefined;
  }
}

/** The database, opened for a command; undefined, with the reason written out, when it cannot be. */
export function openCommandDatabase(databasePath: string): DatabaseSync | undefined {
  try {
    return openDatabase(databasePath, { busyWaitMs: BUSY_WAIT_MS });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return undefined;
  }
}
