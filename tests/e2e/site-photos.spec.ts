import { randomBytes } from "node:crypto";
import { expectNoViolations } from "../support/axe.ts";
import { samplePicture } from "../support/photo-samples.ts";
import { expect, test } from "./staff-fixtures.ts";

/**
 * An owner's photo library on a phone: a photo uploaded is listed with its
 * small picture, a file that is not a photo is refused beside the field.
 * Uploads add to the library only; no page a visitor sees changes.
 */

test("an owner uploads a photo and sees it listed; a text file named like a photo is refused beside the field; the page fits a phone and passes axe", async ({
  page,
  signInAs,
}) => {
  await signInAs("owner");
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/inbox/site");
  await page.getByRole("link", { name: "Photos: upload and see the site's photographs" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Photos" })).toBeVisible();

  const name = `window-box-${randomBytes(4).toString("hex")}.jpg`;
  await page.getByLabel("Where it goes").selectOption({ label: "A service (at least 640 × 480 px)" });
  await page.getByLabel("Photo", { exact: true }).setInputFiles({
    name,
    mimeType: "image/jpeg",
    buffer: await samplePicture(1200, 900).jpeg().toBuffer(),
  });
  await page.getByRole("button", { name: "Upload the photo" }).click();
  await expect(page.getByRole("status")).toHaveText("Photo uploaded. It is in the library below.");
  const item = page.getByRole("listitem").filter({ hasText: name });
  await expect(item).toContainText("A service");
  await expect(item).toContainText("Served up to 1200 × 900 px");
  // The small picture repeats the name beside it (alt=""), so it has no role to find it by: it is the item's one image.
  await expect(item.locator("img")).toHaveJSProperty("naturalWidth", 320);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectNoViolations(page, "on the photo library at 375 px");

  await page.getByLabel("Where it goes").selectOption({ label: "The home page's hero (at least 640 × 480 px)" });
  await page.getByLabel("Photo", { exact: true }).setInputFiles({
    name: "hero.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("Not a photo: a note saved with a .jpg name.\n"),
  });
  await page.getByRole("button", { name: "Upload the photo" }).click();
  const field = page.getByLabel("Photo", { exact: true });
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(/This file is not a photo the site can use\./);
  await expect(page.getByLabel("Where it goes")).toHaveValue("hero");
  await expect(page.getByRole("listitem").filter({ hasText: "hero.jpg" })).toHaveCount(0);
  await expectNoViolations(page, "on the photo library with a refused file, at 375 px");
});
