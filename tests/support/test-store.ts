import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Database, OpenOptions, StoreLocation } from "../../app/server/store/db.server.ts";
import { openStore } from "../../app/server/store/open-store.server.ts";
import { sharedTestS3 } from "./s3-server.ts";
import { throwawayPostgresDatabase } from "./test-postgres.ts";

/**
 * Which engine the store and integration tests run on: SQLite unless
 * TEST_STORE=postgres (npm test runs them once each way).
 */
export const testEngine: "sqlite" | "postgres" = process.env.TEST_STORE === "postgres" ? "postgres" : "sqlite";

export type TestStoreLocation = {
  location: StoreLocation;
  /** The settings a server started on this store needs (with a FORM_SECRET, as PostgreSQL requires one). */
  env: Record<string, string>;
  remove(): Promise<void>;
};

const FORM_SECRET = "a-test-form-secret-that-is-long-enough-0123456789";

/** A new, empty store on the engine under test: a file in a fresh folder, or a throwaway PostgreSQL database. */
export async function newTestStoreLocation(label = "test"): Promise<TestStoreLocation> {
  if (testEngine === "postgres") {
    const database = await throwawayPostgresDatabase(label);
    // Artwork files go to a bucket beside PostgreSQL, as with several instances.
    const s3 = await sharedTestS3();
    return {
      location: { postgresUrl: database.url },
      env: { DATABASE_URL: database.url, FORM_SECRET, ...s3.env },
      remove: () => database.drop(),
    };
  }
  const folder = mkdtempSync(path.join(tmpdir(), `${label}-`));
  const file = path.join(folder, "inquiries.sqlite");
  return {
    location: { sqliteFile: file },
    env: { DATABASE_PATH: file },
    remove: async () => rmSync(folder, { recursive: true, force: true }),
  };
}

/** A new, empty, migrated store on the engine under test; close() also removes it. */
export async function openTestStore(
  label = "test",
  options: OpenOptions = {},
): Promise<Database & { remove(): Promise<void> }> {
  const place = await newTestStoreLocation(label);
  const db = await openStore(place.location, options);
  return Object.assign(db, {
    async remove() {
      await db.close();
      await place.remove();
    },
  });
}
