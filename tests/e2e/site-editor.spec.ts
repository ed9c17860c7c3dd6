import { site as filesCompany } from "../../app/site/content/site.ts";
import { expectNoViolations } from "../support/axe.ts";
import { signedInStaff } from "../support/staff.ts";
import { expect, type Page, test } from "./staff-fixtures.ts";

/**
 * The company editing its own details in the staff area, as an owner and as
 * staff. Each test that saves runs on a server of its own: a publication
 * changes what every page shows, which the other browser tests read.
 */

const newPhone = "+91 90123 45678";

function phoneField(page: Page) {
  return page.getByRole("group", { name: "How to reach it" }).getByLabel("Phone number");
}

test("an owner changes the phone number: the preview shows it, visitors do not, until it is published; the earlier version comes back", async ({
  page,
  ownSite,
}) => {
  await signedInStaff(page, { site: ownSite });
  await page.goto(`${ownSite.url}/inbox`);
  await page.getByRole("link", { name: "Edit the site" }).click();
  await page.getByRole("link", { name: "Company details" }).click();
  await expect(phoneField(page)).toHaveValue(filesCompany.phone.display);

  await phoneField(page).fill(newPhone);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status")).toContainText("Draft saved");

  await page.getByRole("link", { name: "Preview the site with its drafts" }).click();
  await expect(page.getByText("Preview: the site with its drafts.")).toBeVisible();
  await expect(page.getByRole("contentinfo").getByRole("link", { name: newPhone })).toBeVisible();

  const visitor = await page.context().browser()?.newPage();
  if (!visitor) throw new Error("No second page");
  await visitor.goto(`${ownSite.url}/contact`);
  await expect(visitor.getByRole("main").getByRole("link", { name: filesCompany.phone.display })).toBeVisible();

  await page.goto(`${ownSite.url}/inbox/site/company`);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("status")).toContainText("Published");

  await visitor.goto(`${ownSite.url}/contact`);
  const call = visitor.getByRole("main").getByRole("link", { name: newPhone });
  await expect(call).toHaveAttribute("href", "tel:+919012345678");
  await expect(visitor.getByRole("contentinfo").getByRole("link", { name: newPhone })).toBeVisible();
  const business = await visitor.evaluate(() =>
    [...document.querySelectorAll('script[type="application/ld+json"]')]
      .map((script) => JSON.parse(script.textContent ?? "{}") as { "@type"?: string; telephone?: string })
      .find((data) => data["@type"] === "LocalBusiness"),
  );
  expect(business?.telephone).toBe("+919012345678");

  await page.getByRole("link", { name: "History" }).click();
  await page.getByRole("button", { name: "Bring back version 1 as a draft" }).click();
  await expect(page.getByRole("status")).toContainText("That version is now a draft");
  await expect(phoneField(page)).toHaveValue(filesCompany.phone.display);
  await page.getByRole("button", { name: "Publish" }).click();
  await visitor.goto(`${ownSite.url}/contact`);
  await expect(visitor.getByRole("main").getByRole("link", { name: filesCompany.phone.display })).toBeVisible();
  await visitor.close();
});

test("two editors on the company's details: the second save is refused with both versions, and what they typed is kept", async ({
  page,
  browser,
  ownSite,
}) => {
  await signedInStaff(page, { site: ownSite, name: "Asha Verma" });
  const other = await browser.newPage();
  await signedInStaff(other, { site: ownSite, name: "Ravi Kumar" });
  await page.goto(`${ownSite.url}/inbox/site/company`);
  await other.goto(`${ownSite.url}/inbox/site/company`);

  await phoneField(page).fill(newPhone);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status")).toContainText("Draft saved");

  const hours = other.getByLabel("Opening hours");
  await hours.fill("Every day, 8 am to 8 pm");
  await other.getByRole("button", { name: "Save draft" }).click();
  const conflict = other.getByRole("alert");
  await expect(conflict.getByRole("heading", { name: "Someone else saved this in the meantime" })).toBeVisible();
  await expect(conflict).toContainText("Asha Verma");
  await expect(conflict.getByRole("cell", { name: newPhone })).toBeVisible();
  await expect(hours).toHaveValue("Every day, 8 am to 8 pm");
  await other.close();
});

test("staff read the company's details but cannot change or publish them; the editor fits a phone and passes axe", async ({
  page,
  signInAs,
  baseURL,
}) => {
  await signInAs("staff");
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/inbox/site/company");
  await expect(page.getByText("Only an owner may change this.")).toBeVisible();
  await expect(phoneField(page)).toBeDisabled();
  await expect(page.getByRole("button", { name: "Save draft" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Publish" })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectNoViolations(page, "on the company editor at 375 px, as staff");

  const refused = await page.request.post("/inbox/site/company", {
    form: { intent: "publish" },
    headers: { Origin: baseURL ?? "" },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.text()).toContain("Only an owner may do this");
});

test("the GST rate table's editor fits a phone, its table scrolling in its own box, and passes axe", async ({
  page,
  signInAs,
}) => {
  await signInAs("owner");
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/inbox/site/gst-rates");
  await expect(page.getByRole("heading", { level: 1, name: "GST rates by HSN" })).toBeVisible();
  await expect(page.getByLabel("HSN code, row 1")).not.toHaveValue("");
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectNoViolations(page, "on the GST rate table's editor at 375 px");
});
