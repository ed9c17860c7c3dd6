import { type OwnSite, startOwnSite } from "../support/staff.ts";
import { test as base } from "./fixtures.ts";

/**
 * The browser tests' fixtures, and `ownSite`: a server of its own for a test
 * that fails to sign in on purpose (startOwnSite). Every test comes from
 * 127.0.0.1, so failures on the shared server would make that address wait
 * for every other test.
 */
export const test = base.extend<{ ownSite: OwnSite }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern; it needs none.
  ownSite: async ({}, use) => {
    const site = await startOwnSite();
    await use(site);
    await site.stop();
  },
});

export { expect, type Page } from "./fixtures.ts";
