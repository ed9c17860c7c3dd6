import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, inject, test } from "vitest";
import { createStaffAccounts } from "../../app/server/staff/accounts.server.ts";
import { createPasswordHasher } from "../../app/server/staff/passwords.server.ts";
import { openStore } from "../../app/server/store/open-store.server.ts";
import { freePort } from "../support/free-port.ts";
import { startSite } from "../support/start-site.ts";
import { throwawayPostgresDatabase } from "../support/test-postgres.ts";
import { goodFields, openForm, postContact, referenceOf } from "./support/contact-form.ts";

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function start(env: Record<string, string>) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "store-settings-"));
  dirs.push(dataDir);
  return startSite({ buildDir: inject("siteBuildDir"), dataDir, env });
}

describe("choosing the store at start-up", () => {
  test("DATABASE_URL pointing at a server that is down: the start stops with exit code 1 and names it", async () => {
    const port = await freePort();
    const error = await start({
      DATABASE_URL: `postgres://site:secret-password@127.0.0.1:${port}/site`,
      FORM_SECRET: "a-secret-that-is-at-least-thirty-two-characters",
      UPLOADS: "0",
    }).catch((reason: Error) => reason);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(
      new RegExp(`exited \\(1\\)[\\s\\S]*Could not open the PostgreSQL database site on 127\\.0\\.0\\.1:${port}`),
    );
    // The password is never printed.
    expect((error as Error).message).not.toContain("secret-password");
  });

  test("DATABASE_URL with artwork uploads on and no bucket: the start stops and says what to set", async () => {
    await expect(
      start({
        DATABASE_URL: "postgres://site:secret@127.0.0.1:5432/site",
        FORM_SECRET: "a-secret-that-is-at-least-thirty-two-characters",
      }),
    ).rejects.toThrow(/exited \(1\)[\s\S]*S3_BUCKET: is required when DATABASE_URL is set[\s\S]*UPLOADS=0/);
  });

  test("a DATABASE_URL that is not a PostgreSQL address is refused by name", async () => {
    await expect(
      start({ DATABASE_URL: "mysql://site@db/site", FORM_SECRET: "a-secret-that-is-at-least-thirty-two-characters" }),
    ).rejects.toThrow(/exited \(1\)[\s\S]*DATABASE_URL: must be a PostgreSQL address/);
  });

  test("with no setting at all, the site starts on SQLite in the data folder", async () => {
    const server = await start({});
    try {
      expect(server.logs.join("\n")).toMatch(/stored in \S*inquiries\.sqlite/);
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

describe("the key forms are signed with, when FORM_SECRET is not set", () => {
  test("a form opened before a restart is taken at the first try", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "store-settings-"));
    dirs.push(dataDir);
    const first = await startSite({ buildDir: inject("siteBuildDir"), dataDir, env: { UPLOADS: "0" } });
    const token = await openForm(first.url).finally(() => first.stop());
    const second = await startSite({ buildDir: inject("siteBuildDir"), dataDir, env: { UPLOADS: "0" } });
    try {
      const response = await postContact(second.url, { ...goodFields(), form_token: token });
      expect(response.status).toBe(303);
      expect(referenceOf(response)).toMatch(/^ENQ-/);
    } finally {
      await second.stop();
    }
  });

  test("instances on one PostgreSQL store need no FORM_SECRET: a form opened on one is taken by another", async () => {
    const database = await throwawayPostgresDatabase("form_key");
    try {
      const [one, two] = await Promise.all([
        start({ DATABASE_URL: database.url, UPLOADS: "0" }),
        start({ DATABASE_URL: database.url, UPLOADS: "0" }),
      ]);
      try {
        const response = await postContact(two.url, { ...goodFields(), form_token: await openForm(one.url) });
        expect(response.status).toBe(303);
        expect(referenceOf(response)).toMatch(/^ENQ-/);
      } finally {
        await Promise.all([one.stop(), two.stop()]);
      }
    } finally {
      await database.drop();
    }
  });
});

describe("the test suites' cheap password hashing", () => {
  test("is refused on a database that holds a password hashed at the standard cost, and allowed without it", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "store-settings-"));
    dirs.push(dataDir);
    const db = await openStore({ sqliteFile: path.join(dataDir, "inquiries.sqlite") });
    const accounts = createStaffAccounts(db);
    const asha = await accounts.add({ email: "asha@example.com", name: "Asha Verma" });
    await accounts.setPassword(asha.id, await createPasswordHasher().hash("a standard-cost password"));
    await db.close();

    const buildDir = inject("siteBuildDir");
    await expect(startSite({ buildDir, dataDir, env: { STAFF_PASSWORD_HASHING: "fast-for-tests" } })).rejects.toThrow(
      /exited \(1\)[\s\S]*STAFF_PASSWORD_HASHING=fast-for-tests is for test suites/,
    );
    const site = await startSite({ buildDir, dataDir, env: { STAFF_PASSWORD_HASHING: "standard" } });
    expect((await fetch(`${site.url}/readyz`)).status).toBe(200);
    await site.stop();
  });
});
