import { expectNoViolations } from "../support/axe.ts";
import { signedInStaff } from "../support/staff.ts";
import { expect, test } from "./staff-fixtures.ts";

/**
 * An owner scheduling a draft from the site's page, on a phone, in a browser
 * far from India: the time typed is India's. On a server of its own, as the
 * draft changes what the preview shows.
 */

test.use({ viewport: { width: 375, height: 812 }, timezoneId: "America/Los_Angeles" });

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"];

/** Tomorrow's date in India, as the date part of the time field's value. */
function tomorrowInIndia(): string {
  return new Date(Date.now() + 24 * 60 * 60_000 + (5 * 60 + 30) * 60_000).toISOString().slice(0, 10);
}

test("an owner schedules a draft for a day and time in India, is refused a past one beside the field, and cancels it; the page fits a phone and passes axe", async ({
  page,
  ownSite,
}) => {
  await signedInStaff(page, { site: ownSite });
  await page.goto(`${ownSite.url}/inbox/site/company`);
  await page.getByRole("group", { name: "How to reach it" }).getByLabel("Phone number").fill("+91 90123 45678");
  await page.getByRole("button", { name: "Save draft" }).click();
  await page.getByRole("link", { name: "Back to the site's content" }).click();

  const choice = page.getByRole("checkbox", { name: "Publish the draft of Company details" });
  const when = page.getByLabel("Or publish them at (India time, IST)");
  await choice.check();
  await when.fill("2024-03-01T10:00");
  await page.getByRole("button", { name: "Schedule for that time" }).click();
  await expect(when).toHaveAttribute("aria-invalid", "true");
  await expect(when).toHaveAccessibleDescription(/That time has passed/);
  await expect(choice).toBeChecked();
  await expect(page.getByRole("heading", { name: "Scheduled publications" })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectNoViolations(page, "on the site's page with a refused time, at 375 px");

  const day = tomorrowInIndia();
  await when.fill(`${day}T18:30`);
  await page.getByRole("button", { name: "Schedule for that time" }).click();
  await expect(page.getByRole("status")).toContainText("Scheduled.");
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const shown = `${date} ${MONTHS[month - 1]} ${year}, 6:30 pm IST`;
  const scheduled = page.getByRole("region", { name: "Scheduled publications" });
  const row = scheduled.getByRole("row", { name: /Company details/ });
  await expect(row.getByRole("cell", { name: shown })).toBeVisible();
  await expect(page.getByText(`Scheduled for ${shown}`)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectNoViolations(page, "on the site's page with a scheduled publication, at 375 px");

  await row.getByRole("button", { name: "Cancel the scheduled publication of Company details" }).click();
  await expect(page.getByRole("status")).toContainText("Schedule cancelled.");
  await expect(scheduled).toHaveCount(0);
  await expect(page.getByRole("checkbox", { name: "Publish the draft of Company details" })).toBeVisible();
});
