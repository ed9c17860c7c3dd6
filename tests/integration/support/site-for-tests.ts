import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, inject } from "vitest";
import { type SiteServer, startSite } from "../../../scripts/lib/start-site.ts";

export type SiteForTests = { readonly server: SiteServer; readonly dataDir: string };

/**
 * The real server on the tests' build, with a database folder of its own:
 * started before the tests of the file (or describe block) that calls this and
 * stopped after them, or around each test with `perTest`.
 */
export function siteForTests(
  options: { env?: Record<string, string>; development?: boolean; perTest?: boolean } = {},
): SiteForTests {
  let server: SiteServer | undefined;
  let dataDir: string | undefined;
  const [before, after] = options.perTest ? [beforeEach, afterEach] : [beforeAll, afterAll];
  before(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "site-"));
    const { perTest: _perTest, ...startOptions } = options;
    server = await startSite({ buildDir: inject("siteBuildDir"), dataDir, ...startOptions });
  });
  after(async () => {
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  return {
    get server() {
      if (!server) throw new Error("The site is started before the tests, not while they are collected");
      return server;
    },
    get dataDir() {
      if (!dataDir) throw new Error("The site is started before the tests, not while they are collected");
      return dataDir;
    },
  };
}
