import type { Database, OpenOptions, StoreLocation } from "./db.server.ts";

/**
 * Opens the store, creating it on first use and bringing its schema up to
 * date. Kept apart from the types and helpers both engines share
 * (db.server.ts), which import no engine: each engine is loaded only when
 * chosen, and none imports this.
 */
export async function openStore(location: StoreLocation, options: OpenOptions = {}): Promise<Database> {
  if ("sqliteFile" in location) {
    const { openSqlite } = await import("./sqlite.server.ts");
    return openSqlite(location.sqliteFile, options);
  }
  const { openPostgres } = await import("./postgres.server.ts");
  return openPostgres(location.postgresUrl, options);
}
