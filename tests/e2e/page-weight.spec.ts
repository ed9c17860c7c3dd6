import { services } from "../../app/site/content/services.ts";
import { serviceUrl } from "../../app/site/content/urls.ts";
import {
  astroWindTotal,
  benchPages,
  benchPhone,
  firstResponseBudget,
  KB,
  phoneImageBudget,
} from "../../bench/page-budgets.ts";
import { expect, type Page, test } from "./fixtures.ts";

/**
 * What each page weighs on the phone the benchmark emulates, by kind, as it
 * travels (compressed, with its headers): the byte budgets that do not depend
 * on timing, so a change that breaks one fails here rather than in a report.
 */
type Weight = { total: number; byKind: Map<string, number> };

async function weigh(page: Page, path: string): Promise<Weight> {
  const sizes: Promise<{ kind: string; bytes: number }>[] = [];
  page.on("requestfinished", (request) => {
    if (!request.url().startsWith("http")) return;
    sizes.push(
      request.sizes().then((size) => ({
        kind: request.resourceType(),
        bytes: size.responseBodySize + size.responseHeadersSize,
      })),
    );
  });
  await page.goto(path, { waitUntil: "load" });
  // Lazy pictures near the first view start after the first paint; the benchmark counts them too.
  await page.waitForLoadState("networkidle");
  const byKind = new Map<string, number>();
  for (const { kind, bytes } of await Promise.all(sizes)) byKind.set(kind, (byKind.get(kind) ?? 0) + bytes);
  return { total: [...byKind.values()].reduce((sum, bytes) => sum + bytes, 0), byKind };
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const catalog: readonly { slug: string; photo?: string }[] = services;
const withPhoto = catalog.find((service) => service.photo);

test.describe("on the benchmark's phone", () => {
  test.use(benchPhone);

  for (const path of benchPages) {
    test(`${path} loads no script, within its byte budgets`, async ({ page }) => {
      const weight = await weigh(page, path);
      const shown = [...weight.byKind].map(([kind, bytes]) => `${kind} ${kb(bytes)}`).join(", ");
      console.log(`${path}: ${kb(weight.total)} (${shown})`);

      expect(weight.byKind.get("script") ?? 0, "script bytes while the page loads").toBe(0);
      expect(weight.byKind.get("document") ?? 0, "the first response fits TCP's first round trips").toBeLessThan(
        firstResponseBudget,
      );
      expect(weight.byKind.get("image") ?? 0, "image bytes").toBeLessThanOrEqual(phoneImageBudget);
      const mark = astroWindTotal[path];
      if (mark !== undefined) expect(weight.total, "below AstroWind's page of the same kind").toBeLessThan(mark);
    });
  }

  test("the page of a service with a photograph is among them", () => {
    expect(withPhoto && benchPages.includes(serviceUrl(withPhoto.slug) as (typeof benchPages)[number])).toBe(true);
  });
});
