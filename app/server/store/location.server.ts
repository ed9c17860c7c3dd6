import path from "node:path";
import type { StoreLocation } from "./db.server.ts";

/**
 * Where the store is, for a message to the operator: the file (relative to
 * where the server started when it is inside), or PostgreSQL's server and
 * database, never the user name or password.
 */
export function describeStore(location: StoreLocation): string {
  if ("sqliteFile" in location) {
    const relative = path.relative(process.cwd(), location.sqliteFile);
    return relative.startsWith("..") ? location.sqliteFile : relative;
  }
  try {
    const url = new URL(location.postgresUrl);
    return `the PostgreSQL database ${url.pathname.slice(1)} on ${url.hostname}:${url.port || "5432"}`;
  } catch {
    return "the PostgreSQL database of DATABASE_URL";
  }
}
