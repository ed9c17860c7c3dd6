import type { Page } from "@playwright/test";

/**
 * Hides the preloader for checks that are about something else, so they need not
 * wait out its 5 seconds. The preloader's own behaviour is tested without this.
 * It sets a style property rather than adding a stylesheet, which the page's
 * Content-Security-Policy would rightly refuse.
 */
export async function lookPastPreloader(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      document.querySelector<HTMLElement>("[data-preloader]")?.style.setProperty("display", "none");
    });
  });
  // With scripts off the page runs no init script, and the preloader would hold up the
  // first click on every page it loads for its 5 s: an action or assertion that finds it
  // showing hides it first, from outside the page as the test's own reads are.
  await page.addLocatorHandler(page.locator("[data-preloader]"), (preloader) =>
    preloader.evaluate((element: HTMLElement) => element.style.setProperty("display", "none")),
  );
}
