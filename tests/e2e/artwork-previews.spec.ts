import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Locator } from "@playwright/test";
import { inboxText } from "../../app/staff/content/inbox.ts";
import * as samples from "../support/artwork-samples.ts";
import { expectNoViolations } from "../support/axe.ts";
import { lookPastPreloader } from "../support/preloader.ts";
import { signedInStaff } from "../support/staff.ts";
import { sendCakeRequest } from "./cake-quote.ts";
import { expect, type Page, test } from "./fixtures.ts";

/**
 * What staff see of a buyer's artwork: a preview beside a print-readiness
 * report for each file, made in the background and shown on reload, with a
 * reply that asks for new files filled in with the problems.
 */
test.describe.configure({ timeout: 90_000 });

const text = inboxText.files;

/** Two real PDFs: one ready to print, one with three problems (no bleed, a font not embedded, a 96 ppi image). */
async function artwork() {
  const folder = mkdtempSync(path.join(tmpdir(), "previews-e2e-"));
  try {
    const read = async (made: Promise<string>, name: string) => ({
      name,
      mimeType: "application/pdf",
      buffer: readFileSync(await made),
    });
    return [
      await read(samples.goodPdf(folder), "lid-print-ready.pdf"),
      await read(samples.flawedPdf(folder), "base-draft.pdf"),
    ];
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The inquiry page, reloaded until no file is waiting for its check: what staff do; the page needs no script for it. */
async function openWhenChecked(page: Page, reference: string) {
  await page.goto(`/inbox/${reference}`);
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByText(text.preparing).count();
      },
      { timeout: 60_000, intervals: [500, 1000, 2000] },
    )
    .toBe(0);
}

/** A lazy image, scrolled to as a person would, has loaded: its pixels are there, not just its box. */
async function expectLoaded(image: Locator, minWidth: number) {
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0)))
    .toBeGreaterThan(minWidth);
}

test("staff see each file's preview beside its print check, and a reply naming the problems", async ({
  browser,
  page,
}) => {
  // The buyer's page sends the files with the form, without a script.
  const buyer = await browser.newPage({ javaScriptEnabled: false });
  await lookPastPreloader(buyer);
  const reference = await sendCakeRequest(buyer, `previews-${Date.now().toString(36)}@example.in`, await artwork());
  await buyer.close();

  await signedInStaff(page);
  const images: { url: string; cacheControl: string | undefined }[] = [];
  page.on("response", (response) => {
    if (response.url().includes("/previews/")) {
      images.push({ url: response.url(), cacheControl: response.headers()["cache-control"] });
    }
  });
  await openWhenChecked(page, reference);

  for (const name of ["lid-print-ready.pdf", "base-draft.pdf"]) {
    const check = page.getByRole("article", { name: text.checkHeading(name) });
    const preview = check.getByRole("img", { name: text.previewOf(name) });
    await expect(preview).toBeVisible();
    // The image really loaded under the staff area's policy (images from the site alone).
    await expectLoaded(preview, 100);
    // The small one is in the file list.
    await expect(page.getByRole("table").getByRole("img", { name: text.previewOf(name) })).toBeVisible();
  }
  const ready = page.getByRole("article", { name: text.checkHeading("lid-print-ready.pdf") }).getByRole("listitem");
  await expect(ready.filter({ hasText: "Problem:" })).toHaveCount(0);
  // Cake boxes are cut by a die: a file without its lines is the one thing to check.
  await expect(ready.filter({ hasText: "Check:" })).toHaveText([/Check: No dieline/]);
  await expect(ready.filter({ hasText: "Bleed 3 mm on every side" })).toHaveCount(1);

  const draft = page.getByRole("article", { name: text.checkHeading("base-draft.pdf") }).getByRole("listitem");
  await expect(draft.filter({ hasText: "Problem:" })).toHaveText([
    /Problem: No bleed/,
    /Problem: 1 font not embedded \(Helvetica\)/,
    /Problem: 1 image below 150 ppi \(lowest 96 ppi/,
  ]);
  await expect(draft.filter({ hasText: "Check: 1 image in RGB" })).toHaveCount(1);

  const reply = page.getByRole("link", { name: text.attention.button });
  const mail = new URL((await reply.getAttribute("href")) ?? "");
  expect(mail.searchParams.get("subject")).toBe(text.attention.subject(reference));
  const body = mail.searchParams.get("body") ?? "";
  expect(body).toContain("base-draft.pdf\n- No bleed");
  expect(body).not.toContain("lid-print-ready.pdf");

  // The list of inquiries shows how many files came, and the first one's small preview.
  await page.goto("/inbox");
  const item = page.getByRole("list", { name: "Inquiries" }).getByRole("listitem").filter({ hasText: reference });
  await expect(item.getByRole("definition").filter({ hasText: /^2$/ })).toHaveCount(1);
  await expectLoaded(item.getByRole("img", { name: text.firstPreview }), 40);
  await page.goto(`/inbox/${reference}`);

  expect(images.length).toBeGreaterThanOrEqual(5);
  for (const image of images) expect(image.cacheControl, image.url).toBe("no-store");
  await expectNoViolations(page, "an inquiry with previews and print checks");
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoViolations(page, "the same on a phone");
});
