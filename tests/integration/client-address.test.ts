import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, test } from "vitest";
import { type SiteServer, startSite } from "../support/start-site.ts";
import { newTestStoreLocation, type TestStoreLocation } from "../support/test-store.ts";
import { goodFields, openForm, postContact } from "./support/contact-form.ts";

const buildDir = inject("siteBuildDir");
const dirs: string[] = [];
const servers: SiteServer[] = [];
const stores: TestStoreLocation[] = [];

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await Promise.all(stores.map((store) => store.remove()));
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function siteBehindProxy(trustProxy: string): Promise<SiteServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "client-address-"));
  dirs.push(dataDir);
  // The rate limit is counted in the store, so it is tested on the engine under test.
  const store = await newTestStoreLocation("client-address");
  stores.push(store);
  const server = await startSite({
    buildDir,
    dataDir,
    env: { ...store.env, TRUST_PROXY: trustProxy, CONTACT_RATE_LIMIT: "3" },
  });
  servers.push(server);
  return server;
}

/** Five inquiries from one real client that writes a different address at the front of X-Forwarded-For each time. */
async function forgedBurst(server: SiteServer): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 1; i <= 5; i++) {
    const fields = { ...goodFields(), form_token: await openForm(server.url) };
    const response = await postContact(server.url, fields, { "X-Forwarded-For": `198.51.100.${i}, 203.0.113.7` });
    statuses.push(response.status);
  }
  return statuses;
}

describe("the client address is the one the trusted proxy saw, not one the visitor wrote", () => {
  for (const setting of ["1", "loopback", "127.0.0.1", "127.0.0.0/8,10.0.0.0/8"]) {
    test(`TRUST_PROXY=${setting}: a forged leftmost X-Forwarded-For entry does not get past the limit`, async () => {
      const server = await siteBehindProxy(setting);
      expect(await forgedBurst(server)).toEqual([303, 303, 303, 429, 429]);
    });
  }

  test("two proxies (TRUST_PROXY=2): the address the outer proxy saw counts", async () => {
    const server = await siteBehindProxy("2");
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) {
      const fields = { ...goodFields(), form_token: await openForm(server.url) };
      const forwarded = { "X-Forwarded-For": `198.51.100.${i}, 203.0.113.8, 10.0.0.2` };
      statuses.push((await postContact(server.url, fields, forwarded)).status);
    }
    expect(statuses).toEqual([303, 303, 303, 429]);
  });

  test('TRUST_PROXY="true" (trust every hop) stops the start with a message naming the setting', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "client-address-"));
    dirs.push(dataDir);
    await expect(startSite({ buildDir, dataDir, env: { TRUST_PROXY: "true" } })).rejects.toThrow(
      /TRUST_PROXY: must name the proxies to trust/,
    );
  });
});
