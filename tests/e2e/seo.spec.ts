import { pathIn } from "../../app/server/content/languages.ts";
import { pagePaths, paths } from "../../app/site/content/urls.ts";
import { hindiPages } from "../support/site-pages.ts";
import { expect, test } from "./fixtures.ts";

const origin = "https://www.example.com";

/** The legal texts wait for the company's lawyer before they are translated: every other page has its Hindi version. */
const englishOnly: readonly string[] = [paths.terms, paths.privacy];

type JsonLd = Record<string, unknown> & { "@type": string };

async function headOf(request: import("@playwright/test").APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return response.text();
}

function structuredData(html: string): JsonLd[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)];
  return blocks.map((block) => JSON.parse(block[1] ?? "null") as JsonLd);
}

function attribute(html: string, pattern: RegExp): string | undefined {
  return html.match(pattern)?.[1];
}

test.describe("search engines", () => {
  test("the sitemap lists every page, and robots.txt points at it", async ({ request }) => {
    const robots = await request.get("/robots.txt");
    expect(robots.headers()["content-type"]).toContain("text/plain");
    expect(await robots.text()).toContain(`Sitemap: ${origin}/sitemap.xml`);

    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.headers()["content-type"]).toMatch(/xml/);
    const locations = [...(await sitemap.text()).matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1]);
    const versions = pagePaths().flatMap((path) => (englishOnly.includes(path) ? [path] : [path, pathIn("hi", path)]));
    expect(locations).toEqual(versions.map((path) => `${origin}${path}`));
  });

  for (const path of [...pagePaths(), ...hindiPages.map((page) => page.path)]) {
    test(`${path}: canonical, sitemap and served address agree; social cards and structured data`, async ({
      request,
    }) => {
      const html = await headOf(request, path);
      const canonical = attribute(html, /<link rel="canonical" href="([^"]+)"/);
      expect(canonical).toBe(`${origin}${path}`);
      expect(attribute(html, /<meta property="og:url" content="([^"]+)"/)).toBe(canonical);
      expect(attribute(html, /<meta property="og:title" content="([^"]+)"/)).toBeTruthy();
      expect(attribute(html, /<meta property="og:description" content="([^"]+)"/)).toBeTruthy();
      expect(attribute(html, /<meta property="og:image" content="([^"]+)"/)).toBe(`${origin}/images/share.png`);
      expect(attribute(html, /<meta name="twitter:card" content="([^"]+)"/)).toBe("summary_large_image");
      const hindi = path === "/hi" || path.startsWith("/hi/");
      expect(attribute(html, /<meta property="og:locale" content="([^"]+)"/)).toBe(hindi ? "hi_IN" : "en_IN");

      const data = structuredData(html);
      const business = data.find((entry) => entry["@type"] === "LocalBusiness");
      expect(business).toMatchObject({
        name: expect.any(String),
        telephone: expect.stringMatching(/^\+91/),
        email: expect.stringContaining("@"),
        address: { "@type": "PostalAddress", addressCountry: "IN" },
        areaServed: expect.anything(),
      });

      const breadcrumb = data.find((entry) => entry["@type"] === "BreadcrumbList");
      const showsBreadcrumb = html.includes('class="breadcrumb"');
      expect(Boolean(breadcrumb), "a BreadcrumbList exactly where a breadcrumb shows").toBe(showsBreadcrumb);
      if (breadcrumb) {
        const items = breadcrumb.itemListElement as { item: string; position: number }[];
        expect(items.at(-1)?.item).toBe(canonical);
        expect(items.map((item) => item.position)).toEqual(items.map((_, index) => index + 1));
      }

      const isService = path.startsWith("/services/") || path.startsWith("/hi/services/");
      const service = data.find((entry) => entry["@type"] === "Service");
      expect(Boolean(service), "a Service on each service page").toBe(isService);
      if (service)
        expect(service).toMatchObject({ name: expect.any(String), url: canonical, provider: expect.anything() });

      const faq = data.find((entry) => entry["@type"] === "FAQPage");
      expect(Boolean(faq), "an FAQPage on /faq only, in each language").toBe(path === "/faq" || path === "/hi/faq");
      if (faq) expect(faq.mainEntity).toHaveLength(8);
    });
  }

  test("the share image is a 1200 × 630 PNG", async ({ request }) => {
    const response = await request.get("/images/share.png");
    expect(response.status()).toBe(200);
    const png = await response.body();
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  test("a service with a photograph gives search engines the photograph, a JPEG the site serves", async ({
    request,
  }) => {
    const service = structuredData(await headOf(request, "/services/cake")).find((data) => data["@type"] === "Service");
    const image = String(service?.image ?? "");
    expect(image).toMatch(new RegExp(`^${origin}/assets/.+\\.jpg$`));
    const response = await request.get(image.slice(origin.length));
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/jpeg");
  });

  test("pages that must not be indexed say so and give no canonical address", async ({ request }) => {
    const response = await request.get("/no-such-page");
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).not.toContain('rel="canonical"');
  });
});
