import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { sharedTestS3 } from "../../support/s3-server.ts";
import { type SiteServer, startSite } from "../../support/start-site.ts";

/** Every instance signs and checks the form with this, as a deployment's shared FORM_SECRET. */
export const SHARED_FORM_SECRET = "the-same-secret-on-every-instance-0123456789";

/** Identical instances of the built server on one PostgreSQL database, each with a data folder of its own. */
export async function startInstances(
  count: number,
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<SiteServer[]> {
  return Promise.all(Array.from({ length: count }, () => startInstance(databaseUrl, env)));
}

export async function startInstance(databaseUrl: string, env: Record<string, string> = {}): Promise<SiteServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "instance-"));
  // As deployed: the instances share the database and the bucket for artwork files.
  const bucket = (await sharedTestS3()).env;
  const server = await startSite({
    buildDir: inject("siteBuildDir"),
    dataDir,
    env: {
      DATABASE_URL: databaseUrl,
      FORM_SECRET: SHARED_FORM_SECRET,
      CONTACT_RATE_LIMIT: "10000",
      ...bucket,
      ...env,
    },
  });
  void server.exited.then(() => rmSync(dataDir, { recursive: true, force: true }));
  return server;
}

export type StoredCounts = {
  /** Every stored inquiry's reference, oldest first. */
  references: string[];
  /** Submissions (one form sent) stored more than once. */
  duplicateSubmissions: number;
  mails: { state: string; count: number }[];
};

/** What the shared database holds, read directly, as an operator would check it. */
export async function readStored(databaseUrl: string): Promise<StoredCounts> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const references = (await client.query<{ reference: string }>("SELECT reference FROM inquiries ORDER BY id")).rows;
    const duplicates = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM (SELECT submission_key FROM inquiries WHERE submission_key IS NOT NULL
         GROUP BY submission_key HAVING count(*) > 1) AS twice`,
    );
    const mails = await client.query<{ state: string; count: string }>(
      "SELECT state, count(*) AS count FROM outbox GROUP BY state ORDER BY state",
    );
    return {
      references: references.map((row) => row.reference),
      duplicateSubmissions: Number(duplicates.rows[0]?.n ?? 0),
      mails: mails.rows.map((row) => ({ state: row.state, count: Number(row.count) })),
    };
  } finally {
    await client.end();
  }
}
