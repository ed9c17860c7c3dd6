import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inboxText } from "../../app/staff/content/inbox.ts";
import * as samples from "../support/artwork-samples.ts";
import { lookPastPreloader } from "../support/preloader.ts";
import { signedInStaff } from "../support/staff.ts";
import { sendCakeRequest } from "./cake-quote.ts";
import { expect, type Page, test } from "./fixtures.ts";

/**
 * Staff read and answer leads on their phones: every staff page, with a real
 * inquiry holding files, previews and a quotation, fits a 320 px screen
 * without scrolling sideways, and the inbox shows its newest lead in the
 * first screen.
 */
test.describe.configure({ timeout: 120_000 });

const phones = [
  { width: 320, height: 640 },
  { width: 375, height: 667 },
];

/** A cake-box request with a print-ready and a flawed PDF, sent without a script; answers its reference. */
async function sendRequestWithFiles(page: Page): Promise<string> {
  const folder = mkdtempSync(path.join(tmpdir(), "staff-phone-"));
  try {
    const pdf = async (name: string, made: Promise<string>) => ({
      name,
      mimeType: "application/pdf",
      buffer: readFileSync(await made),
    });
    const files = [
      await pdf("lid-print-ready.pdf", samples.goodPdf(folder)),
      await pdf("base-draft.pdf", samples.flawedPdf(folder)),
    ];
    return await sendCakeRequest(page, `phone-${Date.now().toString(36)}@example.in`, files);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** How far the page reaches past the screen's right edge, at each phone width. */
async function sidewaysAt(page: Page): Promise<Record<number, number>> {
  const overflow: Record<number, number> = {};
  for (const phone of phones) {
    await page.setViewportSize(phone);
    overflow[phone.width] = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  }
  return overflow;
}

const fits = { 320: 0, 375: 0 };

test("every staff page fits a phone, and the inbox shows the newest lead first", async ({ browser, page }) => {
  const buyer = await browser.newPage({ javaScriptEnabled: false });
  await lookPastPreloader(buyer);
  const reference = await sendRequestWithFiles(buyer);
  await buyer.close();

  await signedInStaff(page);
  await page.setViewportSize(phones[1] ?? { width: 375, height: 667 });

  // The newest inquiry (other tests' may be newer than this one) is in the first screen, not below the filters.
  await page.goto("/inbox");
  const newest = page.getByRole("list", { name: "Inquiries" }).getByRole("listitem").first();
  await expect(newest).toBeVisible();
  const box = await newest.boundingBox();
  expect(box && box.y + Math.min(box.height, 80)).toBeLessThanOrEqual(667);
  // The filters are one tap away, and a filter in use keeps them open.
  await page.getByText(inboxText.filtersSummary).click();
  await page.getByLabel(inboxText.searchLabel).fill(reference);
  await page.getByRole("button", { name: inboxText.apply }).click();
  await expect(page.getByRole("list", { name: "Inquiries" }).getByRole("listitem")).toContainText([reference]);
  await expect(page.getByLabel(inboxText.searchLabel)).toBeVisible();
  expect(await sidewaysAt(page), "the inbox").toEqual(fits);

  // The inquiry once its files are checked: previews, reports and the files' table.
  await page.goto(`/inbox/${reference}`);
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByText(inboxText.files.preparing).count();
      },
      { timeout: 60_000, intervals: [500, 1000, 2000] },
    )
    .toBe(0);
  expect(await sidewaysAt(page), "an inquiry with files and previews").toEqual(fits);

  // A quotation: its form, its draft, then sent.
  await page.getByRole("link", { name: "New quotation" }).click();
  expect(await sidewaysAt(page), "the quotation form").toEqual(fits);
  const prices = page.getByLabel("Unit price (₹)");
  await prices.nth(0).fill("21.40");
  await prices.nth(1).fill("19.75");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status")).toHaveText("Draft saved.");
  expect(await sidewaysAt(page), "a draft quotation").toEqual(fits);
  await page.getByRole("button", { name: "Send to the buyer" }).click();
  await expect(page.getByRole("status")).toHaveText("Quotation sent: the mail with its PDF is on its way.");
  expect(await sidewaysAt(page), "a sent quotation").toEqual(fits);

  await page.goto(`/inbox/${reference}`);
  expect(await sidewaysAt(page), "an inquiry with a quotation").toEqual(fits);
  await page.goto("/inbox/account");
  expect(await sidewaysAt(page), "the account page").toEqual(fits);
});
