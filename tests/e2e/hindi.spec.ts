import type { APIRequestContext } from "@playwright/test";
import { servicesInHindi } from "../../app/site/content/hi/services.ts";
import { hindiWords } from "../../app/site/content/hi/words.ts";
import { site } from "../../app/site/content/site.ts";
import { testimonialWords } from "../../app/site/content/testimonials.ts";
import { pagePaths } from "../../app/site/content/urls.ts";
import { expectNoViolations } from "../support/axe.ts";
import { island, scriptRequests } from "../support/hydration.ts";
import { hindiPages } from "../support/site-pages.ts";
import { expect, type Page, test } from "./fixtures.ts";

const DEVANAGARI = /[\u0900-\u097F]/gu;

/** How much of a text's writing is Devanagari rather than Latin letters. */
function devanagariShare(text: string): number {
  const devanagari = text.match(DEVANAGARI)?.length ?? 0;
  const latin = text.match(/[A-Za-z]/g)?.length ?? 0;
  return devanagari / Math.max(1, devanagari + latin);
}

const mainNav = (page: Page) => page.getByRole("navigation", { name: hindiWords.navigation.mainMenu });

for (const { path, heading } of [
  { path: "/hi", heading: hindiWords.pages.home.heading },
  { path: "/hi/services/cake", heading: servicesInHindi.cake.title },
]) {
  test(`${path} is in Hindi, with lang="hi", accessible at 1440 and 375 px, and loads no script`, async ({ page }) => {
    const scripts = scriptRequests(page);
    const visit = await page.goto(path, { waitUntil: "load" });
    expect(visit?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(heading);
    // The company's name, a size or "GSM" may stay in Latin letters; the rest is Hindi.
    expect(devanagariShare((await main.textContent()) ?? "")).toBeGreaterThan(0.9);
    await page.waitForLoadState("networkidle");
    expect(
      scripts.map((script) => script.url()),
      "scripts asked for by an untouched page",
    ).toEqual([]);

    await page.evaluate(() => document.fonts.ready);
    await expectNoViolations(page, `on ${path} at 1440 px`);
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoViolations(page, `on ${path} at 375 px, menu closed`);
    const toggle = mainNav(page).getByRole("button", { name: hindiWords.navigation.menu });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expectNoViolations(page, `on ${path} at 375 px, menu open`, "header");
  });
}

test("the switcher leads from /services/cake to /hi/services/cake and back, from the header and the footer alike", async ({
  page,
}) => {
  await page.goto("/services/cake");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "हिन्दी" })).toHaveAttribute(
    "href",
    "/hi/services/cake",
  );
  await page.getByRole("banner").getByRole("link", { name: "हिन्दी" }).click();
  await expect(page).toHaveURL(/\/hi\/services\/cake$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(servicesInHindi.cake.title);

  await expect(page.getByRole("contentinfo").getByRole("link", { name: "English" })).toHaveAttribute(
    "href",
    "/services/cake",
  );
  await page.getByRole("banner").getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(/\/services\/cake$/);
  expect(new URL(page.url()).pathname).toBe("/services/cake");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cake Box");
});

/** A document's hreflang alternates, as "hreflang address", in order. */
function alternatesIn(html: string): string[] {
  const head = html.slice(0, html.indexOf("<body"));
  return [...head.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\s*\/?>/gi)]
    .map(([, language, href]) => `${language} ${href}`)
    .sort();
}

async function sitemapEntries(request: APIRequestContext) {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  return [...sitemap.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, entry = ""]) => ({
    url: /<loc>(.*?)<\/loc>/.exec(entry)?.[1] ?? "",
    alternates: [...entry.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)]
      .map(([, language, href]) => `${language} ${href}`)
      .sort(),
  }));
}

test("every page of both languages lists the same versions as the sitemap, each naming itself and the other, which names it back", async ({
  request,
}) => {
  const entries = await sitemapEntries(request);
  const urls = entries.map((entry) => entry.url);
  const hindi = hindiPages.map((entry) => new URL(entry.path, site.origin).href);
  expect(urls).toEqual(
    expect.arrayContaining([...pagePaths().map((path) => new URL(path, site.origin).href), ...hindi]),
  );

  const heads = new Map<string, string[]>();
  for (const { url } of entries) {
    const path = new URL(url).pathname;
    const response = await request.get(path);
    expect.soft(response.status(), path).toBe(200);
    const html = await response.text();
    expect
      .soft(/<html lang="([^"]+)"/.exec(html)?.[1], `the language of ${path}`)
      .toBe(path === "/hi" || path.startsWith("/hi/") ? "hi" : "en");
    heads.set(url, alternatesIn(html));
  }

  for (const { url, alternates } of entries) {
    const head = heads.get(url) ?? [];
    expect.soft(head, `${url}: its head and the sitemap`).toEqual(alternates);
    if (alternates.length === 0) continue;
    const language = new URL(url).pathname.match(/^\/hi(\/|$)/) ? "hi-IN" : "en-IN";
    expect.soft(alternates, `${url} names itself`).toContain(`${language} ${url}`);
    const english = alternates.find((entry) => entry.startsWith("en-IN "))?.slice("en-IN ".length);
    expect.soft(alternates, `${url}: English is the fallback`).toContain(`x-default ${english}`);
    for (const other of alternates
      .filter((entry) => !entry.startsWith("x-default "))
      .map((entry) => entry.split(" ")[1] ?? "")) {
      expect.soft(heads.get(other), `${other} names the same versions as ${url}`).toEqual(head);
    }
  }
  expect(
    entries.filter((entry) => entry.alternates.length > 0).length,
    "pages with both versions: the Hindi pages and their English ones",
  ).toBeGreaterThanOrEqual(2 * hindi.length);
});

test("the terms and the privacy notice stay in English: /hi/term and /hi/privacy are not found, in Hindi, and /term names no Hindi version", async ({
  page,
  request,
}) => {
  for (const path of ["/hi/term", "/hi/privacy", "/hi/no-such-page"]) {
    const visit = await page.goto(path);
    expect(visit?.status(), path).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(hindiWords.pages.notFound.heading);
    // In the frame, with the ways on in Hindi, leading to the Hindi pages.
    await expect(mainNav(page)).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: hindiWords.status.homePage })).toHaveAttribute(
      "href",
      "/hi",
    );
  }

  for (const path of ["/term", "/privacy"]) {
    const html = await (await request.get(path)).text();
    expect(alternatesIn(html), path).toEqual([]);
    await page.goto(path);
    await expect(page.getByRole("link", { name: "हिन्दी" })).toHaveCount(0);
  }
});

test("the testimonial slider speaks Hindi on the Hindi home page; English pages carry no Hindi but the switcher's name", async ({
  page,
  request,
}) => {
  const english = await (await request.get("/")).text();
  expect(new Set(english.match(/[\u0900-\u097F]+/gu))).toEqual(new Set(["हिन्दी"]));
  const scripts = scriptRequests(page);
  await page.goto("/");
  await page.getByRole("region", { name: testimonialWords.heading }).scrollIntoViewIfNeeded();
  await expect(island(page, "testimonial-slider")).toHaveAttribute("data-island-state", "awake");
  await expect(page.getByRole("button", { name: testimonialWords.pause })).toBeVisible();
  const code = await Promise.all(scripts.map(async (script) => (await script.response())?.text() ?? ""));
  expect(code.length).toBeGreaterThan(0);
  const hindiInCode = code.flatMap((text) => text.match(/[\u0900-\u097F]+/gu) ?? []);
  expect(hindiInCode.filter((word) => word !== "हिन्दी")).toEqual([]);

  const words = hindiWords.testimonials;
  await page.goto("/hi");
  const slider = page.getByRole("region", { name: words.heading });
  await slider.scrollIntoViewIfNeeded();
  await expect(island(page, "testimonial-slider")).toHaveAttribute("data-island-state", "awake");
  await slider.getByRole("button", { name: words.pause }).click();
  await expect(slider.getByRole("button", { name: words.play })).toBeVisible();
  await slider.getByRole("button", { name: words.next }).click();
  await expect(slider.locator('[aria-roledescription="slide"][aria-current="true"]')).toHaveAttribute(
    "aria-label",
    "3 में से 2",
  );
});
