import { expect, type Page } from "@playwright/test";
import { artworkText } from "../../app/site/content/artwork.ts";

/**
 * The server takes a form sent sooner than this after it was opened for a bot's
 * (FORM_MIN_FILL_SECONDS, 1 s in playwright.config.ts), with a margin.
 */
export const MIN_FILL_MS = 1_300;

/** A date some weeks ahead, as the date field takes it. */
export function weeksAhead(weeks: number): string {
  return new Date(Date.now() + weeks * 7 * 24 * 60 * 60_000).toISOString().slice(0, 10);
}

/** A whole, valid quote request for cake boxes, as a buyer types it: two quantities, delivery to Mumbai. */
export async function fillCakeBoxes(page: Page, email: string) {
  await page.getByRole("combobox", { name: "Style" }).selectOption({ label: "Cake box with window" });
  await page.getByRole("textbox", { name: "Inner length (mm)" }).fill("250");
  await page.getByRole("textbox", { name: "Inner width (mm)" }).fill("250");
  await page.getByRole("textbox", { name: "Inner height (mm)" }).fill("120");
  await page.getByRole("combobox", { name: "Board or material" }).selectOption({ label: "SBS (solid bleached board)" });
  await page.getByRole("combobox", { name: "Printing colours" }).selectOption({ label: "4 colours (CMYK)" });
  await page.getByRole("checkbox", { name: "Matte lamination" }).check();
  await page.getByRole("checkbox", { name: "With a window" }).check();
  await page.getByRole("textbox", { name: "Quantity", exact: true }).fill("500");
  await page.getByRole("textbox", { name: "Quantity 2 (optional)" }).fill("1000");
  await page.getByLabel("Needed by").fill(weeksAhead(4));
  await page.getByRole("textbox", { name: "Delivery PIN code" }).fill("400001");
  await page.getByRole("textbox", { name: "Company name (optional)" }).fill("Sweet Crumbs Bakery");
  await page.getByRole("textbox", { name: "Your name" }).fill("Asha Verma");
  await page.getByRole("textbox", { name: "Phone number" }).fill("+91 98765 43210");
  await page.getByRole("textbox", { name: "E-mail address" }).fill(email);
}

export type UploadFile = { name: string; mimeType: string; buffer: Buffer };

/**
 * A cake-box request with these files, sent from the page (in a browser
 * without its script, the files go with the form); answers its reference.
 */
export async function sendCakeRequest(page: Page, email: string, files: UploadFile[] = []): Promise<string> {
  await page.goto("/quote?service=cake");
  const openedAt = Date.now();
  await fillCakeBoxes(page, email);
  if (files.length > 0) await page.getByLabel(artworkText.label, { exact: true }).setInputFiles(files);
  await page.waitForTimeout(Math.max(0, MIN_FILL_MS - (Date.now() - openedAt)));
  await page.getByRole("button", { name: "Send quote request" }).click();
  await expect(page.getByRole("heading", { name: "Thank you, your quote request has arrived" })).toBeVisible({
    timeout: 20_000,
  });
  return (await page.locator(".contact-sent__reference strong").textContent()) ?? "";
}
