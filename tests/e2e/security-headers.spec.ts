import type { APIResponse } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

function expectSecurityHeaders(response: APIResponse, what: string) {
  const headers = response.headers();
  const policy = headers["content-security-policy"] ?? "";
  const directives = new Map(
    policy.split(";").map((directive) => {
      const [name = "", ...values] = directive.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
  const scriptSources = directives.get("script-src") ?? [];
  expect(scriptSources, `${what}: script-src`).toContain("'self'");
  expect(
    scriptSources.every((source) => source === "'self'" || /^'sha256-[A-Za-z0-9+/=]+'$/.test(source)),
    what,
  ).toBe(true);
  expect(policy, what).not.toContain("unsafe-eval");
  expect(policy, what).not.toMatch(/https?:\/\//);
  expect(directives.get("frame-ancestors"), what).toEqual(["'none'"]);
  expect(directives.get("object-src"), what).toEqual(["'none'"]);
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"], what).toContain("camera=()");
  expect(headers["x-powered-by"], what).toBeUndefined();
  // Served over plain HTTP here: browsers must not be told to insist on HTTPS.
  expect(headers["strict-transport-security"], what).toBeUndefined();
}

test.describe("security headers", () => {
  test("a prerendered page lists the hashes of exactly its inline scripts", async ({ request }) => {
    const response = await request.get("/");
    expectSecurityHeaders(response, "home page");
    const policy = response.headers()["content-security-policy"] ?? "";
    const html = await response.text();
    const inline = [
      ...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g),
    ];
    const listed = policy
      .match(/script-src ([^;]*)/)?.[1]
      ?.split(" ")
      .filter((source) => source.startsWith("'sha256"));
    expect(inline.length).toBeGreaterThan(0);
    expect(listed).toHaveLength(inline.length);
  });

  test("an asset, a 404 and an old address's redirect carry them too", async ({ request }) => {
    const home = await (await request.get("/")).text();
    const asset = home.match(/\/assets\/[^"]+\.js/)?.[0];
    expect(asset).toBeDefined();
    expectSecurityHeaders(await request.get(asset ?? ""), "asset");
    const missing = await request.get("/no-such-page");
    expect(missing.status()).toBe(404);
    expectSecurityHeaders(missing, "404 page");
    const redirect = await request.get("/service/paper", { maxRedirects: 0 });
    expect(redirect.status()).toBe(301);
    expectSecurityHeaders(redirect, "redirect");
  });

  test("the contact form's answers carry them: a refused form and a sent one", async ({ request, baseURL }) => {
    const refused = await request.post("/contact", { form: { name: "" }, headers: { origin: baseURL ?? "" } });
    expect(refused.status()).toBe(400);
    expectSecurityHeaders(refused, "refused form");
  });

  test("pages show no Content-Security-Policy violation while used", async ({ page, consoleProblems }) => {
    for (const path of ["/", "/services/cake", "/contact", "/faq", "/no-such-page"]) {
      await page.goto(path);
    }
    await page.getByRole("link", { name: "About", exact: true }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("About");
    expect(consoleProblems.filter((line) => /Content Security Policy|Content-Security-Policy/i.test(line))).toEqual([]);
  });
});
