import { expect, test } from "./fixtures.ts";

/** Old addresses and the pages that replaced them. */
const cases: [string, string][] = [
  ["/service/paper/packaging/cake", "/services/cake"],
  ["/service/paper/packaging/box", "/services/box"],
  ["/service/paper/packaging/carton", "/services/carton"],
  ["/service/paper/packaging/corrugated", "/services/box"],
  ["/service/paper/packaging/rigid", "/services/box"],
  ["/service/paper/bags", "/services/bags"],
  ["/service/paper/sticker", "/services#paper-packaging"],
  ["/service/paper/wrapping", "/services#paper-packaging"],
  ["/service/paper", "/services#paper-packaging"],
  ["/service/branding", "/services#branding-materials"],
  ["/service/branding/standee", "/services/standee"],
  ["/service/branding/sunboard", "/services/sunboard"],
  ["/service/branding/flex", "/services/flex"],
  ["/service/branding/banner", "/services/flex"],
  ["/service/commercial/foam", "/services/sunboard"],
  ...["pamphlet", "brochure", "leaflet", "catalog", "folder", "diary", "poster"].map((slug): [string, string] => [
    `/service/commercial/printing/${slug}`,
    `/services/${slug}`,
  ]),
  ["/services/calendar", "/services/calender"],
];

test.describe("old addresses", () => {
  for (const [from, to] of cases) {
    test(`${from} answers 301 to ${to}`, async ({ request }) => {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status()).toBe(301);
      expect(
        new URL(response.headers().location ?? "", "http://x").pathname + hashOf(response.headers().location),
      ).toBe(to);
      const landed = await request.get(to.split("#")[0] ?? to);
      expect(landed.status()).toBe(200);
    });
  }

  test("an old address the table does not know is a 404", async ({ request }) => {
    const response = await request.get("/service/paper/unknown", { maxRedirects: 0 });
    expect(response.status()).toBe(404);
  });

  test("a visitor following an old link lands on the page, with the group in view", async ({ page }) => {
    await page.goto("/service/branding");
    await expect(page).toHaveURL(/\/services#branding-materials$/);
    await expect(page.getByRole("heading", { name: "Branding Materials", level: 2 })).toBeInViewport();
  });
});

function hashOf(location: string | undefined): string {
  const index = location?.indexOf("#") ?? -1;
  return index === -1 || !location ? "" : location.slice(index);
}
