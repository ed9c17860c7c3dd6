import { expect, type Page } from "@playwright/test";

/**
 * Waits until the page's scripts have taken over the header. The main
 * navigation marks itself enhanced from an effect, which runs only once its
 * island is hydrated; before that, the menus' scripted behaviour does not exist.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveAttribute("data-enhanced", "");
}
