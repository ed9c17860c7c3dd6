import { test as base, expect, type Page } from "@playwright/test";
import { lookPastPreloader } from "../support/preloader.ts";

type Fixtures = {
  /** Set false in a test that checks the preloader itself. */
  hidePreloader: boolean;
  /** Console errors, warnings and page errors seen during the test. */
  consoleProblems: string[];
};

/**
 * Every browser test fails if the page logs an error or a warning (hydration
 * mismatches among them) or throws, unless the test takes the list and
 * checks it itself.
 */
export const test = base.extend<Fixtures>({
  hidePreloader: [true, { option: true }],
  // Filled by the page fixture below: a test that only sends requests opens no page,
  // which on two cores is most of what such a test costs.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from its first parameter
  consoleProblems: async ({}, use) => {
    await use([]);
  },
  page: async ({ page, hidePreloader, consoleProblems }, use) => {
    watchConsole(page, consoleProblems);
    if (hidePreloader) await lookPastPreloader(page);
    await use(page);
  },
});

function watchConsole(page: Page, problems: string[]) {
  // A page asked for at an address that answers 404 or 500 makes the browser log that status;
  // the tests of those pages expect it, so it is not counted. Any other failed request is.
  const errorDocuments = new Set<string>();
  page.on("response", (response) => {
    if (response.request().resourceType() === "document" && response.status() >= 400) {
      errorDocuments.add(withoutFragment(response.url()));
    }
  });
  page.on("console", (message) => {
    if (message.type() !== "error" && message.type() !== "warning") return;
    const url = withoutFragment(message.location().url);
    if (errorDocuments.has(url) && message.text().startsWith("Failed to load resource")) return;
    problems.push(`${message.type()}: ${message.text()} (${url})`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
}

test.afterEach(async ({ consoleProblems }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) return;
  expect(consoleProblems, "console errors and warnings").toEqual([]);
});

function withoutFragment(url: string): string {
  const index = url.indexOf("#");
  return index === -1 ? url : url.slice(0, index);
}

export { expect, type Page };
