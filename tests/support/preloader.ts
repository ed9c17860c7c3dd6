import type { Page } from "@playwright/test";

/**
 * Hides the preloader for checks that are about something else, so they need not
 * wait out its 5 seconds. The preloader's own behaviour is tested without this.
 */
export async function lookPastPreloader(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      const style = document.createElement("style");
      style.textContent = "[data-preloader]{display:none!important}";
      document.head.append(style);
    });
  });
}
