import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, inject, test } from "vitest";
import { type SiteServer, startSite } from "../support/start-site.ts";
import { newTestStoreLocation, type TestStoreLocation } from "../support/test-store.ts";
import { goodFields, openForm, postContact, readDatabase, referenceOf } from "./support/contact-form.ts";
import { type DatabaseLock, holdWriteLock } from "./support/database-lock.ts";

const buildDir = inject("siteBuildDir");

let dataDir: string;
let store: TestStoreLocation;
let server: SiteServer;
let lock: DatabaseLock | undefined;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "database-busy-"));
  store = await newTestStoreLocation("database-busy");
  server = await startSite({ buildDir, dataDir, env: store.env });
});

afterEach(async () => {
  await lock?.release();
  lock = undefined;
  await server.stop();
  await store.remove();
  await rm(dataDir, { recursive: true, force: true });
});

/** How long the home page takes to answer, in milliseconds. */
async function homePageMs(): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${server.url}/`);
  await response.text();
  expect(response.status).toBe(200);
  return performance.now() - started;
}

/** Asks for the home page every 200 ms until the post is answered; answers the slowest time. */
async function slowestHomePageWhile(post: Promise<unknown>): Promise<number> {
  let answered = false;
  void post.finally(() => (answered = true));
  let slowest = 0;
  while (!answered) {
    slowest = Math.max(slowest, await homePageMs());
    await sleep(200);
  }
  return slowest;
}

// Another process holds the write lock: a SQLite transaction, or on PostgreSQL a
// session holding every table. SQLite's statements block the whole process while
// they wait; held up, a page would take the form's five seconds, where a busy
// machine takes a few hundred milliseconds at worst, so a second tells them apart.
describe("a database another process holds locked", () => {
  test("does not hold up other pages; the form waits about five seconds, then gets a 503 with its text kept", async () => {
    await homePageMs();
    const fields = goodFields({ name: "Kiran Locked" });
    const token = await openForm(server.url);
    lock = await holdWriteLock(store.location);

    const started = Date.now();
    const post = postContact(server.url, { ...fields, form_token: token });
    const slowest = await slowestHomePageWhile(post);
    const response = await post;
    const waited = Date.now() - started;

    expect(slowest).toBeLessThan(1000);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("60");
    expect(waited).toBeGreaterThan(4000);
    expect(waited).toBeLessThan(8000);
    const html = await response.text();
    expect(html).toContain('value="Kiran Locked"');

    await lock.release();
    const again = await postContact(server.url, { ...fields, form_token: token });
    expect(again.status).toBe(303);
    expect((await readDatabase(store.location)).inquiries.map((row) => row.name)).toEqual(["Kiran Locked"]);
  });

  test("a lock released within the wait lets the form through, stored once", async () => {
    await homePageMs();
    const token = await openForm(server.url);
    lock = await holdWriteLock(store.location);

    const post = postContact(server.url, { ...goodFields(), form_token: token });
    const held = lock;
    const release = sleep(1500).then(() => held.release());
    const slowest = await slowestHomePageWhile(post);
    const response = await post;
    await release;

    expect(slowest).toBeLessThan(1000);
    expect(response.status).toBe(303);
    const reference = referenceOf(response);
    const { inquiries, outbox } = await readDatabase(store.location);
    expect(inquiries.map((row) => row.reference)).toEqual([reference]);
    expect(outbox).toHaveLength(2);
  });
});
