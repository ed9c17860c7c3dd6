import { randomBytes } from "node:crypto";
import { expectNoViolations } from "../support/axe.ts";
import { samplePicture } from "../support/photo-samples.ts";
import { signedInStaff } from "../support/staff.ts";
import { expect, test } from "./staff-fixtures.ts";

/**
 * An owner replacing a service's photo on a phone: uploaded to the library,
 * chosen for the service with words for it and a point to keep in view,
 * published, and served to visitors as AVIF and WebP sizes. On a server of its
 * own, as a publication changes what the other browser tests read.
 */

test("an owner replaces the cake box's photo: the service page serves AVIF and WebP sizes with the new alt text; the editor fits a phone and passes axe", async ({
  page,
  ownSite,
}) => {
  await signedInStaff(page, { site: ownSite });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`${ownSite.url}/inbox/site/photos`);
  const name = `cake-counter-${randomBytes(4).toString("hex")}.jpg`;
  await page.getByLabel("Where it goes").selectOption("service");
  await page.getByLabel("Photo", { exact: true }).setInputFiles({
    name,
    mimeType: "image/jpeg",
    buffer: await samplePicture(1200, 900).jpeg().toBuffer(),
  });
  await page.getByRole("button", { name: "Upload the photo" }).click();
  await expect(page.getByRole("status")).toContainText("Photo uploaded.");

  await page.goto(`${ownSite.url}/inbox/site`);
  await page.getByRole("link", { name: "Services", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Services" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectNoViolations(page, "on the services' editor at 375 px");

  const cake = page.getByRole("group", { name: "Service 2: Cake Box" });
  await page.getByText("Service 2: Cake Box").click();
  const photoField = cake.getByLabel("Photo (on its card and page)");
  const uploaded = await photoField.locator("option", { hasText: name }).getAttribute("value");
  await photoField.selectOption(uploaded ?? "");
  const alt = "Our cake boxes on the bakery counter, with windows";
  await cake.getByLabel("What the photo shows", { exact: true }).fill(alt);
  await cake.getByLabel("Point to keep in view, down (%)").fill("35");
  await page.getByRole("button", { name: "Save draft" }).first().click();
  await expect(page.getByRole("status")).toContainText("Draft saved");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("status")).toContainText("Published");

  const visitor = await page.context().browser()?.newPage();
  if (!visitor) throw new Error("No second page");
  await visitor.goto(`${ownSite.url}/services/cake`);
  const picture = visitor.getByRole("main").getByRole("img", { name: alt });
  await expect(picture).toBeVisible();
  const sources = visitor.getByRole("main").locator("picture source");
  await expect(sources.nth(0)).toHaveAttribute("type", "image/avif");
  await expect(sources.nth(0)).toHaveAttribute("srcset", /^\/photos\/[0-9a-f]{16}-320\.avif 320w, .*1200\.avif 1200w$/);
  await expect(sources.nth(1)).toHaveAttribute("type", "image/webp");
  await expect(sources.nth(1)).toHaveAttribute("srcset", /\/photos\/[0-9a-f]{16}-640\.webp 640w/);
  await expect(picture).toHaveCSS("object-position", "50% 35%");
  await expect(picture).toHaveJSProperty("complete", true);
  expect(await picture.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  await visitor.close();
});
