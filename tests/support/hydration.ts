import { expect, type Locator, type Page, type Request } from "@playwright/test";

/**
 * Wakes the header as a visitor's first touch on it would, and waits until its
 * island has taken over. A page fetches no script until one of its islands is
 * needed (app/islands/island-bootstrap.ts); the main navigation marks itself
 * enhanced from an effect, which runs only once its island is hydrated.
 */
export async function waitForHydration(page: Page): Promise<void> {
  const navigation = page.getByRole("navigation", { name: "Main" });
  await navigation.dispatchEvent("pointerdown");
  await expect(navigation).toHaveAttribute("data-enhanced", "");
}

/**
 * An island's wrapper, by the island's name. Islands take no role of their own
 * (the wrapper has no box), so its data attributes are a test's handle on
 * whether its script has run: `data-island-state` is "waking" once its chunks
 * are asked for and "awake" once it is hydrated.
 */
export function island(page: Page, name: string): Locator {
  return page.locator(`[data-island="${name}"]`);
}

/** The scripts the page asks the server for, from now on; inline scripts make no request. */
export function scriptRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") requests.push(request);
  });
  return requests;
}

/**
 * Holds back every request for the site's JavaScript until `release` is called,
 * so a test can act on a page whose islands have asked for their code and not
 * yet received any of it.
 */
export async function holdScripts(page: Page): Promise<{ held: () => string[]; release: () => void }> {
  const held: string[] = [];
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    held.push(new URL(route.request().url()).pathname);
    await released;
    await route.continue();
  });
  return { held: () => [...held], release };
}
