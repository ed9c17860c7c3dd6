import { HtmlValidate, type Message } from "html-validate";
import { expectNoViolations } from "../support/axe.ts";
import { createStaffAccount, signedInStaff } from "../support/staff.ts";
import { uniqueStaffEmail } from "../support/staff-command.ts";
import { expect, type Page, test } from "./staff-fixtures.ts";

// Every password set or checked costs a deliberately slow hash (about half a
// second, more on a busy machine), and these tests set and check several.
test.describe.configure({ timeout: 90_000 });

/** The rules the public pages are held to (html-validity.spec.ts). */
const validator = new HtmlValidate({
  extends: ["html-validate:standard", "html-validate:document"],
  rules: { "require-sri": "off" },
});

function listMessages(messages: Message[]): string {
  return messages
    .map((message) => `  ${message.line}:${message.column} ${message.ruleId}: ${message.message}`)
    .join("\n");
}

async function expectValidHtml(html: string, name: string) {
  const report = await validator.validateString(html, name);
  const messages = report.results.flatMap((result) => result.messages);
  expect(
    messages.map((message) => message.ruleId),
    `HTML errors in ${name}:\n${listMessages(messages)}`,
  ).toEqual([]);
}

/** The page as it stands, judged at 1440 px and again at 375 px. */
async function expectAccessibleAtBothWidths(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.setViewportSize({ width: 1440, height: 900 });
  await expectNoViolations(page, `on ${name} at 1440 px`);
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoViolations(page, `on ${name} at 375 px`);
}

test("the sign-in page has no WCAG A/AA violations, empty and with an error, at 375 and 1440 px", async ({
  page,
  ownSite,
}) => {
  await page.goto(`${ownSite.url}/inbox/sign-in`);
  // The passkey button shows once the page's script has run: it is judged too.
  await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toBeVisible();
  await expectAccessibleAtBothWidths(page, "the sign-in page");

  await page.getByLabel("E-mail address").fill(uniqueStaffEmail("nobody"));
  await page.getByLabel("Password", { exact: true }).fill("not-the-password-at-all");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expectAccessibleAtBothWidths(page, "the sign-in page with an error");
});

test("the set-password page has no WCAG A/AA violations, with and without an error, at 375 and 1440 px", async ({
  page,
}) => {
  const link = await createStaffAccount(uniqueStaffEmail(), "Asha Verma");
  await page.goto(new URL(link).pathname);
  await expectAccessibleAtBothWidths(page, "the set-password page");

  await page.getByLabel("New password").fill("lantern-monsoon-ledger");
  await page.getByLabel("Type it again").fill("lantern-monsoon-ledgers");
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByText("The two passwords are not the same.")).toBeVisible();
  await expectAccessibleAtBothWidths(page, "the set-password page with an error");

  await page.goto("/inbox/set-password/not-a-link");
  await expectAccessibleAtBothWidths(page, "the page of a link that cannot be used");
});

test("the account page has no WCAG A/AA violations at 375 and 1440 px", async ({ page }) => {
  await signedInStaff(page);
  await page.goto("/inbox/account");
  await expect(page.getByRole("button", { name: "Add a passkey" })).toBeVisible();
  await expectAccessibleAtBothWidths(page, "the account page");
});

test("every staff sign-in page is valid HTML, as sent", async ({ page, ownSite }) => {
  const pages: { name: string; html: string }[] = [];
  const fetchHtml = async (name: string, path: string, status: number) => {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect.soft(response.status(), `status of ${name}`).toBe(status);
    pages.push({ name, html: await response.text() });
  };
  await fetchHtml("the sign-in page", "/inbox/sign-in", 200);
  await fetchHtml("the sign-in page after sign-out", "/inbox/sign-in?notice=signed-out", 200);
  const link = await createStaffAccount(uniqueStaffEmail(), "Asha Verma");
  await fetchHtml("the set-password page", new URL(link).pathname, 200);
  await fetchHtml("an unusable link's page", "/inbox/set-password/not-a-link", 404);

  const refused = await page.request.post(`${ownSite.url}/inbox/sign-in`, {
    form: { email: uniqueStaffEmail("nobody"), password: "not-the-password-at-all" },
  });
  pages.push({ name: "the sign-in page with an error", html: await refused.text() });
  const mismatch = await page.request.post(new URL(link).pathname, {
    form: { password: "lantern-monsoon-ledger", repeat: "lantern-monsoon-ledgers" },
  });
  pages.push({ name: "the set-password page with an error", html: await mismatch.text() });

  await signedInStaff(page);
  pages.push({ name: "the account page", html: await (await page.request.get("/inbox/account")).text() });

  for (const { name, html } of pages) await expectValidHtml(html, name);
});
