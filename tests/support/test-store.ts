import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Database, OpenOptions, StoreLocation } from "../../app/server/store/db.server.ts";
import { openStore } from "../../app/server/store/open-store.server.ts";
import { postgresMigrations } from "../../app/server/store/postgres-migrations.server.ts";
import { sharedTestS3 } from "./s3-server.ts";
import { asAdmin, databaseUrl, testPostgresUrl, throwawayPostgresDatabase } from "./test-postgres.ts";

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

/**
 * A new store on the engine under test: a file in a fresh folder, or a
 * throwaway PostgreSQL database. Empty unless `migrated`, which on PostgreSQL
 * copies a database the migrations were applied to once, rather than applying
 * them again (a copy takes a fraction of the time).
 */
export async function newTestStoreLocation(
  label = "test",
  options: { migrated?: boolean } = {},
): Promise<TestStoreLocation> {
  if (testEngine === "postgres") {
    const template = options.migrated ? await migratedTemplate() : undefined;
    const database = await throwawayPostgresDatabase(label, testPostgresUrl(), { template });
    if (template) await freshSecrets(database.url);
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
  const place = await newTestStoreLocation(label, { migrated: true });
  const db = await openStore(place.location, options);
  return Object.assign(db, {
    async remove() {
      await db.close();
      await place.remove();
    },
  });
}

let template: Promise<string> | undefined;

/**
 * The name of a database holding today's migrations and nothing else, made on
 * the test server the first time a test asks for it. Its name carries a hash
 * of the migrations, so a changed migration makes a new one; the test
 * processes of a run (and of runs side by side) take turns under a lock to
 * make it once.
 */
function migratedTemplate(): Promise<string> {
  template ??= makeTemplate(testPostgresUrl());
  return template;
}

const TEMPLATE_LOCK = 7_302_512;

async function makeTemplate(serverUrl: string): Promise<string> {
  const hash = createHash("sha256");
  for (const migration of postgresMigrations) hash.update(`${migration.version}\0${migration.sql}\0`);
  const name = `site_template_${hash.digest("hex").slice(0, 16)}`;
  await asAdmin(serverUrl, async (admin) => {
    await admin.query("SELECT pg_advisory_lock($1)", [TEMPLATE_LOCK]);
    const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount) return;
    // Made under another name and renamed when whole, so a run stopped halfway leaves no half template.
    const partial = `${name}_partial`;
    await admin.query(`DROP DATABASE IF EXISTS ${partial} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${partial}`);
    const db = await openStore({ postgresUrl: databaseUrl(serverUrl, partial) });
    await db.close();
    await admin.query(`ALTER DATABASE ${partial} RENAME TO ${name}`);
  });
  return name;
}

/** The secrets the migrations made, made again: each copy of the template is a store of its own. */
async function freshSecrets(url: string): Promise<void> {
  await asAdmin(url, (client) =>
    client.query(
      "UPDATE site_secrets SET value = replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')",
    ),
  );
}
