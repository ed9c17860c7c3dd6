import type { StaffRole } from "../../app/server/staff/roles.ts";
import { type OwnSite, signedInStaff, startOwnSite } from "../support/staff.ts";
import { test as base } from "./fixtures.ts";

type SignInAs = (role?: StaffRole, options?: { name?: string }) => Promise<{ email: string; password: string }>;

/**
 * The browser tests' fixtures, with two of the staff area's own:
 *
 * - `signInAs`: signs the test's page in as a new account, an owner unless
 *   given "staff" (an owner may do everything staff may, publishing too);
 * - `ownSite`: a server of its own for a test that fails to sign in on
 *   purpose (startOwnSite). Every test comes from 127.0.0.1, so failures on
 *   the shared server would make that address wait for every other test.
 */
export const test = base.extend<{ ownSite: OwnSite; signInAs: SignInAs }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern; it needs none.
  ownSite: async ({}, use) => {
    const site = await startOwnSite();
    await use(site);
    await site.stop();
  },
  signInAs: async ({ page }, use) => {
    await use((role = "owner", options = {}) => signedInStaff(page, { ...options, role }));
  },
});

export { expect, type Page } from "./fixtures.ts";
