import { describe, expect, test } from "vitest";
import { rawRequest } from "./support/raw-http.ts";
import { siteForTests } from "./support/site-for-tests.ts";

// Behind a trusted proxy, so that forwarded host and scheme headers are read too.
const site = siteForTests({ env: { TRUST_PROXY: "1" } });

/** Request targets an attacker would craft to turn the site's redirects into a way off it. */
const craftedTargets = [
  "//evil.example/",
  "//evil.example",
  "///evil.example/",
  "////evil.example//",
  "/\\evil.example/",
  "/\\\\evil.example/",
  "\\\\evil.example/",
  "/\\/evil.example/",
  "//\\evil.example/",
  "//evil.example/about/",
  "//evil.example/?next=/about",
  "//evil.example/index.html",
  "/%2F%2Fevil.example/",
  "/%5Cevil.example/",
  "/%2f/evil.example/",
  "/.//evil.example/",
  "//evil.example:443/",
  "//user@evil.example/",
  "//service/paper/",
  "//service/paper/packaging/box",
  "/\\service/paper",
  "///services/cake/",
  "/service//paper/",
  "http://evil.example/",
  "http://evil.example/about/",
  "https://evil.example//evil.example/",
  "HTTP://EVIL.EXAMPLE/services/",
  "http://evil.example/service/paper",
  "http://127.0.0.1@evil.example/about/",
];

const hostileHeaders: Record<string, string>[] = [
  {},
  { Host: "evil.example" },
  { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" },
];

describe("no answer of the server leads to another site", () => {
  for (const target of craftedTargets) {
    test(`GET ${target}`, async () => {
      for (const headers of hostileHeaders) {
        const response = await rawRequest(site.server.url, target, { headers });
        const location = response.headers.location;
        if (location === undefined) continue;
        expect(location, `${target} with ${JSON.stringify(headers)}`).toMatch(/^\/(?![\\/])/);
        expect(new URL(location, site.server.url).origin).toBe(site.server.url);
      }
    });
  }

  test("a doubled or backslashed slash leads to the same path on this site", async () => {
    for (const [target, expected] of [
      ["//evil.example/", "/evil.example"],
      ["/\\evil.example/", "/evil.example"],
      ["///about/", "/about"],
      ["//service/paper/?a=1", "/service/paper?a=1"],
    ] as const) {
      const response = await rawRequest(site.server.url, target);
      expect(response.status, target).toBe(301);
      expect(response.headers.location, target).toBe(expected);
    }
  });

  test("the absolute form of a request line is read as a path on this site", async () => {
    const about = await rawRequest(site.server.url, "http://evil.example/about/");
    expect(about.status).toBe(301);
    expect(about.headers.location).toBe("/about");
    const home = await rawRequest(site.server.url, "http://evil.example/");
    expect(home.status).toBe(200);
    expect(home.body).toContain("</html>");
  });

  test("the old /service/... addresses still redirect within the site, however they are spelt", async () => {
    const response = await rawRequest(site.server.url, "/service/paper/packaging/box");
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe("/services/box");
    const doubled = await rawRequest(site.server.url, "//service/paper/packaging/box/");
    expect(doubled.headers.location).toBe("/service/paper/packaging/box");
  });
});

describe("one address per page", () => {
  test("/index.html and /contact/index.html redirect to the page's one address", async () => {
    for (const [target, expected] of [
      ["/index.html", "/"],
      ["/contact/index.html", "/contact"],
      ["/services/cake/index.html", "/services/cake"],
    ] as const) {
      const response = await rawRequest(site.server.url, target);
      expect(response.status, target).toBe(301);
      expect(response.headers.location, target).toBe(expected);
    }
  });

  test("the status pages the server answers refusals with have no address of their own", async () => {
    const response = await rawRequest(site.server.url, "/_status/cross-site");
    expect(response.status).toBe(404);
    expect(response.body).toContain("Page not found");
  });

  test("a request line the server cannot read gets the bad-request page in the frame", async () => {
    const response = await rawRequest(site.server.url, "ftp://evil.example/");
    expect(response.status).toBe(400);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.body).toContain("We could not read that request");
  });
});
