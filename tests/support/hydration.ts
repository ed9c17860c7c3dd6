import { expect, type Page } from "@playwright/test";

/**
 * Waits until React has taken over the page. The main navigation marks itself
 * enhanced from an effect, which runs only once hydration is done; before that,
 * clicks are plain page loads and the menus' scripted behaviour does not exist.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveAttribute("data-enhanced", "");
}
