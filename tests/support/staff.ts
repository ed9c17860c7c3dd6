import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import type { StaffRole } from "../../app/server/staff/roles.ts";
import { goodPassword, linkIn, runStaffCommand, uniqueStaffEmail } from "./staff-command.ts";
import { type SiteServer, startSite } from "./start-site.ts";

/**
 * Adds a staff account as an administrator would, with `npm run staff -- add`
 * on the browser tests' database, and answers the link it printed. An owner
 * unless asked for staff: most tests act for the company, and an owner may
 * do everything staff may.
 */
export async function createStaffAccount(
  email: string,
  name: string,
  dataDir = process.env.E2E_DATA_DIR,
  role: StaffRole = "owner",
): Promise<string> {
  const result = await runStaffCommand(["add", email, name, ...(role === "owner" ? ["--owner"] : [])], dataDir);
  if (result.code !== 0) throw new Error(`npm run staff -- add failed (${result.code}):\n${result.stderr}`);
  return linkIn(result.stdout);
}

/**
 * Opens a set-password link and sets the password, as the person would. The
 * printed link names the site's public address; it is opened on the server
 * under test (its path is what counts).
 */
export async function setPasswordThroughLink(
  page: Page,
  link: string,
  password: string,
  siteUrl?: string,
): Promise<void> {
  await page.goto(at(new URL(link).pathname, siteUrl));
  await page.getByLabel("New password").fill(password);
  await page.getByLabel("Type it again").fill(password);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByText("Your password is set")).toBeVisible();
}

/** A path on the site under test: the configured one (baseURL), or the one given. */
function at(pathname: string, siteUrl: string | undefined): string {
  return siteUrl ? new URL(pathname, siteUrl).href : pathname;
}

/** Signs in with an e-mail address and password; the browser lands on the inbox. */
export async function signIn(page: Page, email: string, password: string, siteUrl?: string): Promise<void> {
  await page.goto(at("/inbox/sign-in", siteUrl));
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  const answer = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  const status = (await answer).status();
  if (status !== 303) {
    const said = await page.getByRole("alert").textContent();
    throw new Error(`Sign-in as ${email} was refused (${status}): ${said}`);
  }
  await page.waitForURL((url) => url.pathname === "/inbox");
}

type StaffOptions = { name?: string; site?: { url: string; dataDir: string }; role?: StaffRole };

/**
 * An account (an owner unless options.role says staff) whose password is set
 * through its link; answers its address and password. The set-password form is
 * posted from this page's browser, as the page would post it, without opening
 * it: staff-sign-in.spec.ts opens it and fills it in.
 */
export async function staffWithPassword(
  page: Page,
  options: StaffOptions = {},
): Promise<{ email: string; password: string }> {
  const email = uniqueStaffEmail();
  const password = goodPassword();
  const link = await createStaffAccount(email, options.name ?? "Asha Verma", options.site?.dataDir, options.role);
  const answer = await page.request.post(at(new URL(link).pathname, options.site?.url), {
    form: { password, repeat: password },
    maxRedirects: 0,
  });
  if (answer.status() !== 303) throw new Error(`Setting the password of ${email} was refused (${answer.status()})`);
  return { email, password };
}

/**
 * An account with a password, signed in on this page, which is left on the
 * inbox; answers its address and password. The sign-in form is posted from the
 * page's browser, so the session cookie is the browser's: the tests that use
 * this are about what staff do once signed in, and staff-sign-in.spec.ts signs
 * in through the page itself.
 */
export async function signedInStaff(
  page: Page,
  options: StaffOptions = {},
): Promise<{ email: string; password: string }> {
  const account = await staffWithPassword(page, options);
  const answer = await page.request.post(at("/inbox/sign-in", options.site?.url), {
    form: { email: account.email, password: account.password },
    maxRedirects: 0,
  });
  if (answer.status() !== 303) throw new Error(`Sign-in as ${account.email} was refused (${answer.status()})`);
  await page.goto(at("/inbox", options.site?.url));
  await expect(page, `the inbox, signed in as ${account.email}`).toHaveURL((url) => url.pathname === "/inbox");
  return account;
}

export type OwnSite = SiteServer & { dataDir: string };

/**
 * A server of its own, on a database of its own, for a test that fails to
 * sign in on purpose: every browser test comes from 127.0.0.1, and failures
 * on the shared server would make that address wait for everyone else's tests.
 * It serves the build the browser tests run on (BUILD_DIR).
 */
export async function startOwnSite(env: Record<string, string> = {}): Promise<OwnSite> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "site-e2e-staff-"));
  const site = await startSite({ buildDir: process.env.BUILD_DIR ?? "build", dataDir, env });
  return {
    ...site,
    dataDir,
    async stop(signal) {
      await site.stop(signal);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
