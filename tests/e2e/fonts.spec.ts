import { expect, type Page, test } from "./fixtures.ts";

/**
 * The brand typeface is the wide layout's (app/site/styles/global.css); there
 * it arrives after the first paint. Text must paint without waiting for it, in
 * a stand-in scaled to take the same room (app/site/styles/fonts.css), so that
 * its arrival moves nothing. Lighthouse's budget counts a shift under 0.0005 as
 * none (bench/budgets.ts). A phone shows the stand-in and never downloads it.
 */
const NO_SHIFT = 0.0005;

/** Sums the page's layout shifts from its start, as CLS counts them. */
async function countLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counted = window as unknown as { layoutShift: number };
    counted.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        counted.layoutShift += (entry as PerformanceEntry & { value: number }).value;
    }).observe({ type: "layout-shift", buffered: true });
  });
}

async function layoutShiftSoFar(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
}

const brandFaceLoaded = () =>
  [...document.fonts].some((face) => face.family.includes("Plus Jakarta Sans Variable") && face.status === "loaded");

for (const viewport of [
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
]) {
  for (const path of ["/", "/about", "/services"]) {
    test(`${path} at ${viewport.width} px paints before the brand typeface arrives, and its arrival moves nothing`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await countLayoutShifts(page);
      let release: () => void = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\.woff2$/, async (route) => {
        await released;
        await route.continue();
      });
      await page.goto(path, { waitUntil: "domcontentloaded" });

      await expect
        .poll(() => page.evaluate(() => performance.getEntriesByName("first-contentful-paint").length))
        .toBe(1);
      expect(await page.evaluate(brandFaceLoaded), "painted before the typeface arrived").toBe(false);
      const before = await layoutShiftSoFar(page);

      release();
      await page.waitForFunction(brandFaceLoaded);
      // Two frames, so the text is laid out again in the brand face.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect((await layoutShiftSoFar(page)) - before).toBeLessThan(NO_SHIFT);
    });
  }
}

for (const path of ["/", "/about", "/services", "/services/box"]) {
  test(`${path} on a phone asks for no font: its first view is its HTML alone`, async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    const fonts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "font") fonts.push(request.url());
    });
    await page.goto(path, { waitUntil: "load" });
    await page.evaluate(() => document.fonts.ready);
    expect(fonts).toEqual([]);
    expect(await page.evaluate(brandFaceLoaded)).toBe(false);
    const family = await page
      .getByRole("heading", { level: 1 })
      .evaluate((heading) => getComputedStyle(heading).fontFamily);
    expect(family).toMatch(/^"Plus Jakarta Sans Roboto"/);
  });
}
