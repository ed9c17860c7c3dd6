import { existsSync } from "node:fs";
import { readSiteSettings, type SiteSettings } from "../../app/server/settings/site-settings.server.ts";
import { BUSY_PATIENCE_MS, type Database, type StoreLocation } from "../../app/server/store/db.server.ts";
import { describeStore } from "../../app/server/store/location.server.ts";
import { openStore } from "../../app/server/store/open-store.server.ts";
import { site } from "../../app/site/content/site.ts";

function settings(): SiteSettings | undefined {
  try {
    return readSiteSettings(site, process.env, "command");
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return undefined;
  }
}

/**
 * The SQLite file the server's settings name (DATA_DIR or DATABASE_PATH), for a
 * command run by hand; undefined, with the reason written out, when a setting is bad.
 */
export function commandDatabasePath(): string | undefined {
  return settings()?.databasePath;
}

/** The store the settings name: SQLite's file, or PostgreSQL's database with DATABASE_URL. */
function commandStoreLocation(): StoreLocation | undefined {
  return settings()?.store;
}

/** Where the store is, for a command's messages (no password); undefined when a setting is bad. */
export function commandStoreDescription(): string | undefined {
  const location = commandStoreLocation();
  return location && describeStore(location);
}

/** False only when SQLite's file is not there yet; a PostgreSQL database is there to be asked. */
export function commandStoreExists(): boolean {
  const location = commandStoreLocation();
  return location === undefined || !("sqliteFile" in location) || existsSync(location.sqliteFile);
}

/** The store, opened for a command; undefined, with the reason written out, when it cannot be. */
export async function openCommandDatabase(): Promise<Database | undefined> {
  const location = commandStoreLocation();
  if (!location) return undefined;
  try {
    return await openStore(location, { busyWaitMs: BUSY_PATIENCE_MS });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return undefined;
  }
}
