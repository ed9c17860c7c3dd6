import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../tests/support/chromium.ts";
import { benchPhone } from "./page-budgets.ts";

export type Uncovered = {
  /** When the preloader had finished hiding, or undefined when the page has none. */
  preloaderGoneMs?: number;
  lcpMs: number;
  /** The later of the two: when a visitor can first see the content. */
  contentVisibleMs: number;
};

/**
 * When a visitor first sees each page's content, from one unthrottled load at a
 * phone's size. Lighthouse misses the preloader: LCP counts text painted under an
 * overlay, and its trace usually ends before a 5-second overlay leaves.
 */
export async function measureUncovered(
  urls: string[],
  timeoutMs: number,
): Promise<{ results: Map<string, Uncovered>; failures: string[] }> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
  const results = new Map<string, Uncovered>();
  const failures: string[] = [];
  try {
    const context = await browser.newContext({ viewport: benchPhone.viewport, isMobile: true });
    for (const url of urls) {
      const page = await context.newPage();
      page.setDefaultTimeout(timeoutMs);
      try {
        await page.goto(url, { waitUntil: "load" });
        results.set(url, await page.evaluate(watchPreloader));
      } catch (error) {
        failures.push(`${url}: ${(error as Error).message.split("\n")[0]}`);
      } finally {
        await page.close();
      }
    }
  } finally {
    await browser.close();
  }
  return { results, failures };
}

/** Runs in the page. Polls rather than listening for animationend, which may have fired before it was attached. */
function watchPreloader(): Promise<Uncovered> {
  return new Promise((resolve) => {
    let lcpMs = Number.NaN;
    let delivered = () => {};
    // Buffered entries arrive in a later task, not at once.
    const firstDelivery = new Promise<void>((done) => {
      delivered = done;
    });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        lcpMs = Number.isNaN(lcpMs) ? entry.startTime : Math.max(lcpMs, entry.startTime);
      delivered();
    }).observe({ type: "largest-contentful-paint", buffered: true });
    const preloader = document.querySelector("[data-preloader]");
    const check = () => {
      const style = preloader ? getComputedStyle(preloader) : undefined;
      const gone = !style || style.display === "none" || style.visibility === "hidden" || Number(style.opacity) === 0;
      if (!gone) {
        setTimeout(check, 20);
        return;
      }
      const preloaderGoneMs = preloader ? performance.now() : undefined;
      void Promise.race([firstDelivery, new Promise((done) => setTimeout(done, 3000))]).then(() =>
        resolve({ preloaderGoneMs, lcpMs, contentVisibleMs: Math.max(lcpMs, preloaderGoneMs ?? 0) }),
      );
    };
    check();
  });
}
