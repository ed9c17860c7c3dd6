import type { APIRequestContext, Page } from "@playwright/test";
import { parseServedHtml, type ServedDocument } from "../support/served-html.ts";
import { sitePages } from "../support/site-pages.ts";
import { expect, test } from "./fixtures.ts";

test.describe("the pages together", () => {
  async function servedPages(page: Page, request: APIRequestContext): Promise<Map<string, ServedDocument>> {
    const documents = new Map<string, ServedDocument>();
    for (const { path } of sitePages) {
      const response = await request.get(path);
      documents.set(path, await parseServedHtml(page, await response.text()));
    }
    return documents;
  }

  /** Entries whose value another page already uses, as "path: value". */
  function duplicates(documents: Map<string, ServedDocument>, pick: (document: ServedDocument) => string | null) {
    const firstSeen = new Map<string, string>();
    const found: string[] = [];
    for (const [path, document] of documents) {
      const value = pick(document) ?? "";
      const earlier = firstSeen.get(value);
      if (earlier) found.push(`${path} repeats "${value}" of ${earlier}`);
      else firstSeen.set(value, path);
    }
    return found;
  }

  test("every page has its own title and its own description", async ({ page, request }) => {
    const documents = await servedPages(page, request);
    expect(duplicates(documents, (document) => document.title)).toEqual([]);
    expect(duplicates(documents, (document) => document.description)).toEqual([]);
  });

  test("the favicon every page names is a drawing the browser shows, and /favicon.svg is served", async ({
    page,
    request,
  }) => {
    const documents = await servedPages(page, request);
    const icons = new Set([...documents.values()].flatMap((document) => document.icons));
    expect(icons.size).toBeGreaterThan(0);
    await page.goto("/");
    for (const icon of icons) {
      const width = await page.evaluate(async (source) => {
        const image = new Image();
        image.src = source;
        await image.decode();
        return image.naturalWidth;
      }, icon);
      expect(width, `favicon ${icon.slice(0, 40)}`).toBeGreaterThan(0);
    }
    const file = await request.get("/favicon.svg");
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
  });
});

test.describe("moving between pages", () => {
  test.use({ hidePreloader: false });

  test("a link within the site opens its page without the preloader again; a reload shows it", async ({ page }) => {
    test.setTimeout(20_000);
    const preloader = page.locator("[data-preloader]");
    await page.goto("/");
    expect(await preloader.isVisible(), "the preloader covers a first visit").toBe(true);
    await expect(preloader).toBeHidden({ timeout: 7_000 });

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About", exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    const about = sitePages.find((entry) => entry.path === "/about");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(about?.heading ?? "");
    expect(await preloader.isVisible(), "no preloader on a page reached from the site").toBe(false);

    await page.reload({ waitUntil: "domcontentloaded" });
    expect(await preloader.isVisible(), "a reload is a fresh start").toBe(true);
  });

  test("a service card leads to its page", async ({ page }) => {
    await page.goto("/services");
    await page
      .getByRole("main")
      .getByRole("link", { name: /about cake box/i })
      .click();

    await expect(page).toHaveURL(/\/services\/cake$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cake Box");
  });
});
