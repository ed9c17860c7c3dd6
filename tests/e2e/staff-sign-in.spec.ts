import type { Response } from "@playwright/test";
import { noticesTo } from "../support/mailbox.ts";
import {
  createStaffAccount,
  setPasswordThroughLink,
  signedInStaff,
  signIn,
  staffWithPassword,
} from "../support/staff.ts";
import { goodPassword, linkIn, runStaffCommand, uniqueStaffEmail } from "../support/staff-command.ts";
import { expect, type Page, test } from "./staff-fixtures.ts";

// Every password set or checked costs a deliberately slow hash (about half a
// second, more on a busy machine), and these tests set and check several.
test.describe.configure({ timeout: 90_000 });

const genericError = "That e-mail address and password do not match an account.";

/** Fills in and sends the sign-in form; answers the server's response to the post. */
async function trySignIn(page: Page, email: string, password: string): Promise<Response> {
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  const answer = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  return answer;
}

/** Changes the password with the account page's form, which is open. */
async function changePasswordOnAccountPage(page: Page, current: string, fresh: string): Promise<void> {
  await page.getByLabel("Current password").fill(current);
  await page.getByLabel("New password", { exact: true }).fill(fresh);
  await page.getByLabel("Type the new password again").fill(fresh);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your password is changed")).toBeVisible();
}

/** The session cookie this browser holds now. */
async function sessionCookie(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((entry) => entry.name === "staff-session");
  if (!cookie) throw new Error("No session cookie");
  return `${cookie.name}=${cookie.value}`;
}

/** What the account page answers a request that carries only this cookie (no redirects followed). */
async function accountPageWith(
  page: Page,
  cookie: string,
  siteUrl = "",
): Promise<{ status: number; location: string | undefined }> {
  const response = await page.request.get(`${siteUrl}/inbox/account`, { headers: { cookie }, maxRedirects: 0 });
  return { status: response.status(), location: response.headers().location };
}

test("an account made with npm run staff sets its password through the link, signs in and reaches its page", async ({
  page,
}) => {
  const email = uniqueStaffEmail();
  const password = goodPassword();
  const link = await createStaffAccount(email, "Asha Verma");
  expect(link).toMatch(/^https:\/\/www\.example\.com\/inbox\/set-password\/[\w-]{43}$/);

  await setPasswordThroughLink(page, link, password);
  await signIn(page, email, password);
  await page.goto("/inbox/account");
  await expect(page.getByRole("heading", { level: 1, name: "Your sign-in" })).toBeVisible();
  await expect(page.getByText(`Signed in as Asha Verma (${email}).`)).toBeVisible();
});

test("the account page says whether the person is an owner or staff, and what that lets them do", async ({
  page,
  signInAs,
}) => {
  await signInAs("staff");
  await page.goto("/inbox/account");
  await expect(page.getByText("Role: staff — may edit drafts of the site's content")).toBeVisible();

  await page.context().clearCookies();
  await signInAs();
  await page.goto("/inbox/account");
  await expect(page.getByText("Role: owner — may publish the site and change company and tax settings")).toBeVisible();
});

test("a set-password link works once", async ({ page }) => {
  const link = await createStaffAccount(uniqueStaffEmail(), "Ravi Kumar");
  await setPasswordThroughLink(page, link, goodPassword());
  const again = await page.goto(new URL(link).pathname);
  expect(again?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "This link cannot be used" })).toBeVisible();
});

test("a short or common password is refused with the reason, and nothing typed is shown again", async ({ page }) => {
  const link = await createStaffAccount(uniqueStaffEmail(), "Meena Iyer");
  await page.goto(new URL(link).pathname);
  for (const [password, reason] of [
    ["short-one", "Use at least 12 characters."],
    ["iloveyou2024!", "one of the common passwords"],
    ["password1234", "one of the common passwords"],
  ] as const) {
    await page.getByLabel("New password").fill(password);
    await page.getByLabel("Type it again").fill(password);
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    // The browser would stop a password under 12 characters itself; the server's rule is what is tested.
    await page.locator("form").evaluate((form: HTMLFormElement) => {
      form.noValidate = true;
    });
    await page.getByRole("button", { name: "Set password" }).click();
    expect((await answer).status()).toBe(400);
    await expect(page.getByText(reason)).toBeVisible();
    await expect(page.getByLabel("New password")).toHaveValue("");
    await expect(page.getByLabel("Type it again")).toHaveValue("");
  }
});

test("a wrong password and an unknown address get the same answer, with the address kept and the password not", async ({
  page,
  ownSite,
}) => {
  const { email, password } = await staffWithPassword(page, { site: ownSite });

  await page.goto(`${ownSite.url}/inbox/sign-in`);
  const wrong = await trySignIn(page, email, `${password}x`);
  expect(wrong.status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText(genericError);
  await expect(page.getByLabel("E-mail address")).toHaveValue(email);
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
  const wrongText = await page.getByRole("alert").textContent();

  const unknown = await trySignIn(page, uniqueStaffEmail("nobody"), password);
  expect(unknown.status()).toBe(400);
  expect(await page.getByRole("alert").textContent()).toBe(wrongText);
});

test("after five failures the sixth attempt waits, even with the right password", async ({ page, ownSite }) => {
  const { email, password } = await staffWithPassword(page, { site: ownSite });

  await page.goto(`${ownSite.url}/inbox/sign-in`);
  for (let attempt = 1; attempt <= 5; attempt++) {
    const answer = await trySignIn(page, email, `wrong-password-${attempt}`);
    expect(answer.status(), `attempt ${attempt}`).toBe(400);
    await expect(page.getByRole("alert")).toContainText(genericError);
  }
  const sixth = await trySignIn(page, email, password);
  expect(sixth.status()).toBe(429);
  expect(Number(sixth.headers()["retry-after"])).toBeGreaterThan(0);
  await expect(page.getByRole("alert")).toContainText("Too many failed sign-ins");
  await expect(page.getByRole("alert")).toContainText("try again in 1 minute");
  expect(new URL(page.url()).pathname).toBe("/inbox/sign-in");
});

test("signing out ends the session: a copy of the old cookie no longer gets in", async ({ page }) => {
  await signedInStaff(page);
  const cookie = await sessionCookie(page);
  expect(await accountPageWith(page, cookie)).toEqual({ status: 200, location: undefined });

  await page.goto("/inbox/account");
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByText("You are signed out.")).toBeVisible();
  expect((await page.context().cookies()).some((entry) => entry.name === "staff-session")).toBe(false);

  expect(await accountPageWith(page, cookie)).toEqual({ status: 303, location: "/inbox/sign-in" });
});

test("signing in again gives a new session id", async ({ page }) => {
  const { email, password } = await signedInStaff(page);
  const first = await sessionCookie(page);
  await page.request.post("/inbox/sign-in", {
    form: { email, password },
    headers: { cookie: first },
    maxRedirects: 0,
  });
  // The earlier session ended with the new sign-in.
  expect((await accountPageWith(page, first)).status).toBe(303);
});

test("changing the password signs out every other device, and the cookie copied before is refused", async ({
  page,
  browser,
  ownSite,
}) => {
  const { url } = ownSite;
  const { email, password } = await signedInStaff(page, { site: ownSite });
  const other = await browser.newPage();
  await signIn(other, email, password, url);
  const copied = await sessionCookie(page);

  await page.goto(`${url}/inbox/account`);
  const fresh = goodPassword();
  await changePasswordOnAccountPage(page, password, fresh);

  expect((await accountPageWith(page, copied, url)).status).toBe(303);
  expect((await accountPageWith(page, await sessionCookie(page), url)).status).toBe(200);
  await other.goto(`${url}/inbox/account`);
  expect(new URL(other.url()).pathname).toBe("/inbox/sign-in");
  await other.close();

  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await page.goto(`${url}/inbox/sign-in`);
  expect((await trySignIn(page, email, password)).status()).toBe(400);
  await signIn(page, email, fresh, url);
});

test("a changed password and a password set through a reset link are each mailed to the account's owner", async ({
  page,
}) => {
  const { email, password } = await signedInStaff(page);
  expect(await noticesTo(email)).toEqual([]);
  await page.goto("/inbox/account");
  const fresh = goodPassword();
  await changePasswordOnAccountPage(page, password, fresh);
  await expect
    .poll(async () => (await noticesTo(email)).map((mail) => mail.text.includes("changed on the account page")))
    .toEqual([true]);

  const reset = await runStaffCommand(["reset", email]);
  expect(reset.code).toBe(0);
  await setPasswordThroughLink(page, linkIn(reset.stdout), goodPassword());
  await expect
    .poll(async () => (await noticesTo(email)).map((mail) => mail.subject))
    .toEqual(["The password of your staff account was changed", "The password of your staff account was changed"]);
  expect((await noticesTo(email))[1]?.text).toContain("was set through a reset link");
});

test("sign out everywhere ends this session too", async ({ page }) => {
  await signedInStaff(page);
  const cookie = await sessionCookie(page);
  await page.goto("/inbox/account");
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page.getByText("You are signed out on every device.")).toBeVisible();
  expect((await accountPageWith(page, cookie)).status).toBe(303);
});

test("npm run staff -- reset: the old password stops working, the session ends, and the new link sets a new one", async ({
  page,
  ownSite,
}) => {
  const { url, dataDir } = ownSite;
  const { email, password } = await signedInStaff(page, { site: ownSite });
  const cookie = await sessionCookie(page);
  const reset = await runStaffCommand(["reset", email], dataDir);
  expect(reset.code).toBe(0);
  expect((await accountPageWith(page, cookie, url)).status).toBe(303);

  await page.goto(`${url}/inbox/sign-in`);
  expect((await trySignIn(page, email, password)).status()).toBe(400);
  const fresh = goodPassword();
  await setPasswordThroughLink(page, linkIn(reset.stdout), fresh, url);
  await signIn(page, email, fresh, url);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the link, sign-in and sign-out work as plain forms", async ({ page }) => {
    const { email } = await signedInStaff(page);
    await page.goto("/inbox/account");
    await expect(page.getByText(`(${email})`)).toBeVisible();
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await expect(page.getByText("You are signed out.")).toBeVisible();
    // No passkey button where it could not work.
    await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toHaveCount(0);
  });
});
