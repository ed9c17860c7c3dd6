import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, test } from "vitest";
import { brandFontCharacters } from "../../vite/brand-font.ts";
import { unusedOutput } from "../../vite/sweep-build.ts";
import { rawRequest } from "./support/raw-http.ts";
import { siteForTests } from "./support/site-for-tests.ts";

const buildDir = inject("siteBuildDir");
const clientDir = path.join(buildDir, "client");

const site = siteForTests();

describe("the build ships only what pages load", () => {
  test("no page data and no script that no page reaches", () => {
    const files = readdirSync(clientDir, { recursive: true }).map(String);
    expect(files.filter((file) => file.endsWith(".data"))).toEqual([]);
    expect(unusedOutput(clientDir)).toEqual([]);
    expect(files.some((file) => file.endsWith(".js"))).toBe(true);
  });

  test("addresses of React Router's page data answer 404, and hand out no form token", async () => {
    for (const address of [
      "/about.data",
      "/contact.data",
      "/services/cake.data",
      "/_root.data",
      "/contact.data?_routes=root",
    ]) {
      const response = await rawRequest(site.server.url, address);
      expect(response.status, address).toBe(404);
      expect(response.body, address).not.toContain("form_token");
      expect(response.body, address).toContain("Page not found");
    }
  });
});

describe("the brand typeface's cut", () => {
  /**
   * The text a page shows: its markup without tags, scripts and styles, with
   * entities decoded, and what its style sheets write with `content`.
   */
  function shownText(html: string): string {
    const generated = [...html.matchAll(/content:\s*"([^"]*)"/g)].map((match) => match[1]).join(" ");
    return `${generated} ${html}`
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/g, " ")
      .replace(/<[^>]+>/g, " ")
      .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
      .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
      .replaceAll("&quot;", '"')
      .replaceAll("&lt;", "<")
      .replaceAll("&gt;", ">")
      .replaceAll("&amp;", "&");
  }
  // Devanagari is Noto's (app/site/styles/devanagari.ts) on a Hindi page, and the device's in an English
  // page's one Hindi word, the language switcher's: neither is the brand face's to cover.
  const devanagari = /[\u0900-\u097F\u1CD0-\u1CF9\uA8E0-\uA8FF]|\u200C|\u200D/u;
  const kept = (character: string) => {
    const codePoint = character.codePointAt(0) ?? 0;
    return (
      /\s/.test(character) ||
      devanagari.test(character) ||
      brandFontCharacters.some(([first, last]) => codePoint >= first && codePoint <= last)
    );
  };

  test("covers every character the prerendered pages show, so none falls back to the stand-in", () => {
    const pages = readdirSync(clientDir, { recursive: true })
      .map(String)
      .filter((file) => file.endsWith(".html"));
    expect(pages.length).toBeGreaterThan(10);
    for (const file of pages) {
      const missing = [...new Set(shownText(readFileSync(path.join(clientDir, file), "utf8")))].filter(
        (character) => !kept(character),
      );
      expect(missing, file).toEqual([]);
    }
  });
});

describe("every answer carries exactly one Content-Security-Policy", () => {
  test.each([
    ["a prerendered page", "GET", "/about"],
    ["a page rendered per request", "GET", "/contact"],
    ["a 404 rendered by React Router", "GET", "/nope"],
    ["a redirect made by React Router", "GET", "/service/paper"],
    ["a redirect made by the server", "GET", "/about/"],
    ["a missing asset", "GET", "/assets/nope.js"],
    ["a form refused by React Router", "POST", "/contact"],
  ])("%s", async (_what, method, address) => {
    const body = method === "POST" ? "name=" : undefined;
    const headers: Record<string, string> =
      method === "POST" ? { "Content-Type": "application/x-www-form-urlencoded" } : {};
    const response = await rawRequest(site.server.url, address, { method, headers, ...(body ? { body } : {}) });
    const policies = response.rawHeaders.filter(([name]) => name === "content-security-policy");
    expect(policies).toHaveLength(1);
  });
});
