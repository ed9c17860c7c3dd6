import { inboxText } from "../../app/staff/content/inbox.ts";
import { accountText, setPasswordText, staffPasswordText, staffSignInText } from "../../app/staff/content/sign-in.ts";
import { createStaffAccount, signedInStaff } from "../support/staff.ts";
import { uniqueStaffEmail } from "../support/staff-command.ts";
import { expect, test } from "./staff-fixtures.ts";

// Every password set or checked costs a deliberately slow hash (about half a
// second, more on a busy machine).
test.describe.configure({ timeout: 90_000 });

test("a refused sign-in is read with both fields, each marked invalid, without saying which was wrong", async ({
  page,
  ownSite,
}) => {
  await page.goto(`${ownSite.url}/inbox/sign-in`);
  const email = page.getByLabel(staffSignInText.email);
  const password = page.getByLabel(staffSignInText.password, { exact: true });
  await expect(email).toHaveAccessibleDescription("");
  await email.fill(uniqueStaffEmail("nobody"));
  await password.fill("not-the-password-at-all");
  await page.getByRole("button", { name: staffSignInText.submit, exact: true }).click();
  const refusal = (await page.getByRole("alert").textContent()) ?? "";
  expect(refusal).not.toBe("");
  for (const field of [email, password]) {
    await expect(field).toHaveAccessibleDescription(refusal);
    await expect(field).toHaveAttribute("aria-invalid", "true");
  }
});

test("a new password is read with its hint, and with the refusal before the hint", async ({ page }) => {
  const link = await createStaffAccount(uniqueStaffEmail(), "Asha Verma");
  await page.goto(new URL(link).pathname);
  const password = page.getByLabel(setPasswordText.newPassword);
  await expect(page.getByLabel(setPasswordText.account)).toHaveAttribute("readonly", "");
  await expect(password).toHaveAccessibleDescription(setPasswordText.newPasswordHint);
  await expect(password).not.toHaveAttribute("aria-invalid");

  await password.fill("lantern-monsoon-ledger");
  await page.getByLabel(setPasswordText.repeat).fill("lantern-monsoon-ledgers");
  await page.getByRole("button", { name: setPasswordText.submit }).click();
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(password).toHaveAccessibleDescription(
    `${staffPasswordText.mismatch} ${setPasswordText.newPasswordHint}`,
  );
});

test("the inbox's search is read with its hint, and each filter by its label", async ({ page }) => {
  await signedInStaff(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByLabel(inboxText.searchLabel)).toHaveAccessibleDescription(inboxText.searchHint);
  for (const label of [
    inboxText.statusLabel,
    inboxText.kindLabel,
    inboxText.fromLabel,
    inboxText.toLabel,
    inboxText.sortLabel,
  ]) {
    await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  }
});

test("on a phone, the account's tick box sits before its label on one line, read with its hint", async ({ page }) => {
  await signedInStaff(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/inbox/account");
  await expect(page.getByLabel(accountText.passkeyName)).toHaveAccessibleDescription(accountText.passkeyNameHint);

  const box = page.getByRole("checkbox", { name: accountText.removePasskeysToo });
  await expect(box).toHaveAccessibleDescription(accountText.removePasskeysHint);
  const label = page.locator("label", { hasText: accountText.removePasskeysToo });
  const boxAt = await box.boundingBox();
  const labelAt = await label.boundingBox();
  if (!boxAt || !labelAt) throw new Error("The tick box or its label is not shown");
  expect(boxAt.x + boxAt.width, "the tick box ends before its label begins").toBeLessThanOrEqual(labelAt.x);
  expect(boxAt.y, "the tick box is on its label's line").toBeLessThan(labelAt.y + labelAt.height);
  expect(boxAt.y + boxAt.height, "the tick box is on its label's line").toBeGreaterThan(labelAt.y);
  // A tap on the words ticks the box, as on any form.
  await label.click();
  await expect(box).toBeChecked();
});
