import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, inject } from "vitest";
import { type SiteServer, startSite } from "../../support/start-site.ts";
import { newTestStoreLocation, type TestStoreLocation } from "../../support/test-store.ts";

export type SiteForTests = {
  readonly server: SiteServer;
  readonly dataDir: string;
  /** The store the server runs on: a file in dataDir's place, or a throwaway PostgreSQL database (TEST_STORE). */
  readonly store: TestStoreLocation;
};

/**
 * The real server on the tests' build, with a store of its own on the engine
 * under test (tests/support/test-store.ts) and a data folder of its own:
 * started before the tests of the file (or describe block) that calls this and
 * stopped after them, or around each test with `perTest`.
 */
export function siteForTests(
  options: { env?: Record<string, string>; development?: boolean; perTest?: boolean } = {},
): SiteForTests {
  let server: SiteServer | undefined;
  let dataDir: string | undefined;
  let store: TestStoreLocation | undefined;
  const [before, after] = options.perTest ? [beforeEach, afterEach] : [beforeAll, afterAll];
  before(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "site-"));
    store = await newTestStoreLocation("site", { migrated: true });
    const { perTest: _perTest, env, ...startOptions } = options;
    server = await startSite({
      buildDir: inject("siteBuildDir"),
      dataDir,
      ...startOptions,
      env: { ...store.env, ...env },
    });
  });
  after(async () => {
    await server?.stop();
    await store?.remove();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  return {
    get server() {
      if (!server) throw new Error("The site is started before the tests, not while they are collected");
      return server;
    },
    get store() {
      if (!store) throw new Error("The site is started before the tests, not while they are collected");
      return store;
    },
    get dataDir() {
      if (!dataDir) throw new Error("The site is started before the tests, not while they are collected");
      return dataDir;
    },
  };
}
