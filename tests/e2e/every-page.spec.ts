import type { APIRequestContext, Page } from "@playwright/test";
import { site } from "../../app/site/content/site.ts";
import { checkAccessibility, expectNoViolations } from "../support/axe.ts";
import { scriptRequests, waitForHydration } from "../support/hydration.ts";
import { parseServedHtml, type ServedDocument } from "../support/served-html.ts";
import { type SitePage, sitePages, statusPages } from "../support/site-pages.ts";
import { expect, test } from "./fixtures.ts";

/**
 * Each page of the site, loaded once and judged every way a visitor meets it:
 * its HTML as served, no script until one is needed, the same content once
 * hydrated, WCAG A/AA at 1440 and 375 px (menu closed and open), no sideways
 * scroll from 320 to 1920 px, images with sizes and alternative text, and
 * nothing asked of another origin. A resize re-lays the page out as a load at
 * that width would, and one load per page leaves the suite's time to the
 * behaviour tests.
 */

for (const { path, heading } of sitePages) {
  test(`${path}: served whole, no script until needed, accessible and fitting from 320 to 1920 px, nothing from elsewhere`, async ({
    page,
    request,
    baseURL,
  }) => {
    const foreign = requestsElsewhere(page, baseURL);
    const served = await expectServedWhole(page, request, { path, heading });

    // Untouched, a page asks for no script: islands wake when a visitor needs them.
    const scripts = scriptRequests(page);
    const visit = await page.goto(path, { waitUntil: "load" });
    expect(visit?.status()).toBe(200);
    await page.mouse.move(0, 0);
    // Long enough for anything a page would start on its own after loading.
    await page.waitForTimeout(500);
    expect(
      scripts.map((script) => script.url()),
      "scripts asked for by an untouched page",
    ).toEqual([]);
    await expect(page.locator("[data-island-state]")).toHaveCount(0);

    // One h1 only: the locator is strict, so a second main heading fails here.
    const main = page.getByRole("main");
    const mainHeading = main.getByRole("heading", { level: 1 });
    await expect(mainHeading).toHaveText(heading);
    await expect(mainHeading).toBeVisible();
    expect(await unsizedImages(page), "images without a width, a height or alternative text").toEqual([]);

    await waitForHydration(page);
    await expect(mainHeading).toHaveText(heading);
    await expectHydratedAsServed(page, served);

    await expectAccessibleAtEveryWidth(page, path);
    expect(foreign, "requests to another origin").toEqual([]);
  });
}

for (const { path } of statusPages) {
  test(`${path} (an error page) is accessible at 1440 px, and at 375 px with the menu closed and open`, async ({
    page,
  }) => {
    await page.goto(path);
    await waitForHydration(page);
    await expectAccessibleAtEveryWidth(page, path);
  });
}

test("the accessibility check can fail: a picture without words and a field without a label are found", async ({
  page,
}) => {
  await page.goto("/");
  await page.evaluate(() => {
    document
      .querySelector("main")
      ?.insertAdjacentHTML("beforeend", '<img src="/images/services/box.svg"><input type="text">');
  });
  const violations = await checkAccessibility(page);
  expect(violations.map((violation) => violation.id)).toEqual(expect.arrayContaining(["image-alt", "label"]));
});

test("the sideways-scroll check can fail: a wide block at 320 px is found", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 900 });
  await page.goto("/");
  await page.evaluate(() => {
    document.querySelector("main")?.insertAdjacentHTML("beforeend", '<div style="width: 400px">wide</div>');
  });
  expect(await sidewaysOverflow(page)).toBeGreaterThan(0);
});

/** Every request the page makes to an origin other than the site's, from now on. */
function requestsElsewhere(page: Page, baseURL: string | undefined): string[] {
  const foreign: string[] = [];
  page.on("request", (sent) => {
    const url = new URL(sent.url());
    if (url.origin !== baseURL && url.protocol !== "data:") foreign.push(sent.url());
  });
  return foreign;
}

/** The HTML as served, before any script: status, language, one h1 in the main content, head tags. */
async function expectServedWhole(page: Page, request: APIRequestContext, about: SitePage): Promise<ServedDocument> {
  const response = await request.get(about.path);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/html/);
  const served = await parseServedHtml(page, await response.text());
  expect(served.lang).toBe("en");
  expect(served.h1s).toEqual([{ text: about.heading, inMain: true }]);
  expect(served.mainText.length, "main content beyond the heading").toBeGreaterThan(about.heading.length + 40);
  expect(served.title.length, "a document title").toBeGreaterThan(0);
  expect(served.description?.trim().length ?? 0, "a meta description").toBeGreaterThan(0);
  expect(served.canonical).toBe(new URL(about.path, site.origin).href);
  expect(served.icons.length, "a favicon link").toBeGreaterThan(0);
  expect(served.robots, "a real page may be indexed").toBeNull();
  return served;
}

/**
 * What the page shows once hydrated must already be in the HTML: the same
 * headings and links in the main content, so nothing needs a script to be read.
 */
async function expectHydratedAsServed(page: Page, served: ServedDocument) {
  const main = page.getByRole("main");
  const shownHeadings = (await main.locator("h1, h2, h3, h4, h5, h6").allTextContents()).map(squeeze);
  const shownLinks = await main.locator("a[href]").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  expect(
    shownHeadings.filter((text) => !served.mainHeadings.includes(text)),
    "headings missing from the HTML",
  ).toEqual([]);
  expect(
    shownLinks.filter((href) => href !== null && !served.mainLinks.includes(href)),
    "links missing from the HTML",
  ).toEqual([]);
}

/** Axe at 1440 px and at 375 px with the menu closed and open; no sideways scroll at 1920 or 320 px. */
async function expectAccessibleAtEveryWidth(page: Page, path: string) {
  await page.setViewportSize({ width: 1440, height: 900 });
  // Contrast is judged on the final typeface, not a fallback that happens to be showing.
  await page.evaluate(() => document.fonts.ready);
  await expectNoViolations(page, `on ${path} at 1440 px`);

  for (const width of [1920, 320]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await sidewaysOverflow(page), `sideways scroll on ${path} at ${width} px`).toBe(0);
  }

  await page.setViewportSize({ width: 375, height: 812 });
  const nav = page.getByRole("navigation", { name: "Main" });
  const toggle = nav.getByRole("button", { name: "Menu" });
  await expect(toggle).toBeVisible();
  await expectNoViolations(page, `on ${path} at 375 px, menu closed`);

  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  // The Services submenu open too, so its links are judged as well. A tap leaves
  // the button in its hover state on a phone, so that state is judged with it.
  const services = nav.getByRole("button", { name: "Services" });
  await services.click();
  await expect(services).toHaveAttribute("aria-expanded", "true");
  // Opening the menu changes only the header; the rest of the page was judged just above.
  await expectNoViolations(page, `on ${path} at 375 px, menu open`, "header");
}

/** How far the page reaches past the viewport's right edge, in CSS pixels. */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));
}

/** Images missing a width, a height or an alt attribute, by address. */
function unsizedImages(page: Page): Promise<string[]> {
  return page
    .locator("img")
    .evaluateAll((images) =>
      images
        .filter((image) => !image.getAttribute("width") || !image.getAttribute("height") || !image.hasAttribute("alt"))
        .map((image) => image.getAttribute("src") ?? "(no src)"),
    );
}

function squeeze(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
