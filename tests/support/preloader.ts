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
}
