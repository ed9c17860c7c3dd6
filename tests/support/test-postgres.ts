import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * The PostgreSQL server the tests and the load benchmark use: the one that
 * scripts/ensure-postgres.sh installed or started and named in TEST_POSTGRES_URL.
 * Without it this throws, so a PostgreSQL test fails rather than skips.
 */
export function testPostgresUrl(): string {
  const url = process.env.TEST_POSTGRES_URL;
  if (!url) {
    throw new Error(
      "TEST_POSTGRES_URL is not set. Run the tests with npm test, which starts PostgreSQL " +
        "(scripts/ensure-postgres.sh) and sets it.",
    );
  }
  return url;
}

export type ThrowawayDatabase = { url: string; drop(): Promise<void> };

/**
 * A new database on the test server (or the server given): empty, so the test
 * starts from nothing and applies the migrations itself, or a copy of the
 * template database named (see tests/support/test-store.ts).
 */
export async function throwawayPostgresDatabase(
  label = "test",
  serverUrl = testPostgresUrl(),
  options: { template?: string } = {},
): Promise<ThrowawayDatabase> {
  const name = `site_${label.replace(/\W/g, "_").toLowerCase()}_${randomBytes(5).toString("hex")}`;
  const from = options.template ? ` TEMPLATE ${options.template}` : "";
  await asAdmin(serverUrl, (client) => client.query(`CREATE DATABASE ${name}${from}`));
  return {
    url: databaseUrl(serverUrl, name),
    drop: async () => {
      await asAdmin(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** The address of another database on the server of serverUrl. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function asAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
