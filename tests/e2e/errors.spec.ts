import type { APIRequestContext, APIResponse, Page } from "@playwright/test";
import { checkAccessibility, describeViolations } from "../support/axe.ts";
import { waitForHydration } from "../support/hydration.ts";
import { parseServedHtml } from "../support/served-html.ts";
import { specServiceSlugs } from "../support/site-pages.ts";
import { expect, test } from "./fixtures.ts";

/** The frame every page keeps, error pages included: the way on is never lost. */
async function expectFrame(page: Page) {
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
}

test.describe("an address the site does not have", () => {
  test("/nope answers 404 with a page-not-found page in the frame, and the ways back", async ({ page }) => {
    const response = await page.goto("/nope");
    expect(response?.status()).toBe(404);

    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expectFrame(page);
    await expect(main.getByRole("link", { name: /home/i })).toHaveAttribute("href", "/");
    await expect(main.getByRole("link", { name: /services/i })).toHaveAttribute("href", "/services");
    await expect(main.getByRole("link", { name: /contact/i })).toHaveAttribute("href", "/contact");

    // The page stays a 404 page once the scripts have run.
    await waitForHydration(page);
    await expect(main.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  });

  test("a 404 page asks not to be indexed", async ({ page, request }) => {
    const response = await request.get("/nope");
    const served = await parseServedHtml(page, await response.text());
    expect(served.robots).toBe("noindex");
    expect(served.canonical).toBeNull();
  });

  test("a nested unknown path answers 404 with the same page", async ({ page, request }) => {
    const response = await request.get("/a/b/c");
    expect(response.status()).toBe(404);
    const served = await parseServedHtml(page, await response.text());
    expect(served.h1s.map((h1) => h1.text)).toEqual(["Page not found"]);
  });

  test("/services/nope answers 404 and keeps the side menu, in the served HTML and on screen", async ({
    page,
    request,
  }) => {
    const response = await request.get("/services/nope");
    expect(response.status()).toBe(404);
    const served = await parseServedHtml(page, await response.text());
    expect(served.mainText).toContain("Page not found");
    // The side menu is the navigation in the main content that lists the services
    // (the breadcrumb is a navigation there too, but lists none).
    const sideMenu = served.navigations.find(
      (nav) => nav.inMain && nav.links.some((href) => href.startsWith("/services/")),
    );
    expect(sideMenu, "a service navigation inside main, in the served HTML").toBeDefined();
    expect(
      specServiceSlugs.filter((slug) => !sideMenu?.links.includes(`/services/${slug}`)),
      "services missing from the side menu",
    ).toEqual([]);

    const visit = await page.goto("/services/nope");
    expect(visit?.status()).toBe(404);
    const main = page.getByRole("main");
    const menu = main.getByRole("navigation").filter({ has: page.getByRole("link", { name: "Packaging Box" }) });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Packaging Box" })).toBeVisible();
    await expect(main.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expectFrame(page);
    await waitForHydration(page);
    await expect(main.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });
});

test.describe("a page that fails while rendering", () => {
  test("answers 500 with the branded error page in the frame, never the framework's", async ({ page, request }) => {
    const response = await request.get("/error-drill");
    expect(response.status()).toBe(500);
    const html = await response.text();
    expect(html).not.toContain("Unexpected Application Error");
    const served = await parseServedHtml(page, html);
    expect(served.h1s).toEqual([{ text: "Something went wrong", inMain: true }]);

    const visit = await page.goto("/error-drill");
    expect(visit?.status()).toBe(500);
    await expect(page.getByRole("heading", { level: 1, name: "Something went wrong" })).toBeVisible();
    await expectFrame(page);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Something went wrong" })).toBeVisible();
    await expect(page.getByText("Unexpected Application Error")).toHaveCount(0);
    await expect(page.getByRole("main").getByRole("link", { name: /home/i })).toHaveAttribute("href", "/");
  });
});

test.describe("a form sent from another website", () => {
  test("is refused with a 403 page in the frame that says what happened and leads to the contact page", async ({
    page,
    baseURL,
  }) => {
    // A page on another site that posts to our contact form, as a forged form would.
    await page.route("http://other-site.test/", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><title>Other site</title><form method="post" action="${baseURL}/contact">
          <input name="name" value="Asha"><button>Send</button></form>`,
      }),
    );
    await page.goto("http://other-site.test/");
    const answer = page.waitForResponse(`${baseURL}/contact`);
    await page.getByRole("button", { name: "Send" }).click();
    expect((await answer).status()).toBe(403);

    const main = page.getByRole("main");
    await expect(
      main.getByRole("heading", { level: 1, name: "This form was sent from another website" }),
    ).toBeVisible();
    await expectFrame(page);
    await expect(main.getByRole("link", { name: "Contact page" })).toHaveAttribute("href", "/contact");
    const violations = await checkAccessibility(page);
    expect(
      violations.map((violation) => violation.id),
      describeViolations(violations),
    ).toEqual([]);
  });
});

test.describe("requests a page cannot serve", () => {
  test("a POST to a page without a form answers 405 or 404, never 500", async ({ request }) => {
    const response = await request.post("/about", { form: { anything: "at all" } });
    expect([404, 405]).toContain(response.status());
  });

  test("a trailing slash redirects permanently to the address without it", async ({ request }) => {
    const response = await request.get("/about/", { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe("/about");
  });

  test("the query survives the trailing-slash redirect", async ({ request }) => {
    const response = await request.get("/contact/?service=box", { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe("/contact?service=box");
  });
});

test.describe("response headers", () => {
  /** A hashed script the home page loads, found in the served HTML rather than guessed. */
  async function hashedAsset(request: APIRequestContext): Promise<string> {
    const html = await (await request.get("/")).text();
    const asset = html.match(/\/assets\/[\w.-]+-[\w-]{8}\.(?:js|css)/)?.[0];
    if (!asset) throw new Error("The home page links no hashed asset under /assets/");
    return asset;
  }

  test("HTML is revalidated every time, hashed assets are cached for a year", async ({ request }) => {
    for (const path of ["/", "/about", "/services/box", "/nope"]) {
      const response = await request.get(path);
      expect(response.headers()["cache-control"], `Cache-Control of ${path}`).toBe("no-cache");
    }
    const asset = await request.get(await hashedAsset(request));
    expect(asset.status()).toBe(200);
    expect(asset.headers()["cache-control"]).toContain("max-age=31536000");
    expect(asset.headers()["cache-control"]).toContain("immutable");
  });

  test("a page, an asset and a 404 carry the security headers and no X-Powered-By", async ({ request }) => {
    const responses: [string, APIResponse][] = [
      ["page", await request.get("/about")],
      ["asset", await request.get(await hashedAsset(request))],
      ["404", await request.get("/nope")],
    ];
    for (const [what, response] of responses) {
      const headers = response.headers();
      expect(headers["x-content-type-options"], `X-Content-Type-Options of the ${what}`).toBe("nosniff");
      expect(headers["referrer-policy"], `Referrer-Policy of the ${what}`).toBeTruthy();
      expect(headers["content-security-policy"] ?? "", `frame-ancestors of the ${what}`).toMatch(
        /frame-ancestors\s+('none'|'self')/,
      );
      expect(headers["x-powered-by"], `X-Powered-By of the ${what}`).toBeUndefined();
    }
  });
});
