import { pagePaths } from "../../app/site/content/urls.ts";
import { expect, test } from "./fixtures.ts";

const widths = [320, 1920];

test.describe("layout", () => {
  for (const width of widths) {
    test(`no page scrolls sideways at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const wide: string[] = [];
      for (const path of pagePaths()) {
        await page.goto(path);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (overflow > 0) wide.push(`${path} (${overflow}px)`);
      }
      expect(wide).toEqual([]);
    });
  }

  test("every image has its size set, so nothing shifts as it loads, and alternative text", async ({ page }) => {
    const problems: string[] = [];
    for (const path of pagePaths()) {
      await page.goto(path);
      const images = await page.locator("img").evaluateAll((elements) =>
        elements.map((image) => ({
          src: image.getAttribute("src"),
          width: image.getAttribute("width"),
          height: image.getAttribute("height"),
          hasAlt: image.hasAttribute("alt"),
        })),
      );
      for (const image of images) {
        if (!image.width || !image.height || !image.hasAlt) problems.push(`${path}: ${image.src}`);
      }
    }
    expect(problems).toEqual([]);
  });

  test("no page asks another origin for anything", async ({ page, baseURL }) => {
    const foreign: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.origin !== baseURL && url.protocol !== "data:") foreign.push(request.url());
    });
    for (const path of pagePaths()) {
      await page.goto(path, { waitUntil: "networkidle" });
    }
    expect(foreign).toEqual([]);
  });
});
