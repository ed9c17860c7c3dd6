import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { brandFontCharacters, brandFontWeights, cutBrandFont, unicodeRange } from "./brand-font.ts";

const fontsCss = readFileSync(path.resolve(import.meta.dirname, "../app/site/styles/fonts.css"), "utf8");
const brandFace = /@font-face\s*{[^}]*"Plus Jakarta Sans Variable"[^}]*}/.exec(fontsCss)?.[0] ?? "";
const declared = (property: string) =>
  new RegExp(`${property}:\\s*([^;]+);`).exec(brandFace)?.[1]?.replace(/\s+/g, " ").trim();

describe("the brand typeface's cut", () => {
  test("fonts.css promises the browser exactly the characters and weights the cut keeps", () => {
    expect(brandFace).not.toBe("");
    expect(declared("unicode-range")).toBe(unicodeRange());
    expect(declared("font-weight")).toBe(`${brandFontWeights.min} ${brandFontWeights.max}`);
    expect(declared("src")).toContain('url("brand-font.woff2")');
  });

  test("keeps every printable ASCII character, and the ranges neither overlap nor run backwards", () => {
    const [ascii] = brandFontCharacters;
    expect(ascii).toEqual([0x20, 0x7e]);
    for (const [index, [first, last]] of brandFontCharacters.entries()) {
      expect(first).toBeLessThanOrEqual(last);
      const previous = brandFontCharacters[index - 1];
      if (previous) expect(first).toBeGreaterThan(previous[1]);
    }
  });

  test("fits TCP's first window with room for its headers, and comes out the same every time", async () => {
    const [first, second] = await Promise.all([cutBrandFont(), cutBrandFont()]);
    expect(first.subarray(0, 4).toString("latin1")).toBe("wOF2");
    // Ten 1460-byte packets, less about 800 bytes of response headers.
    expect(first.length).toBeLessThanOrEqual(10 * 1460 - 900);
    expect(second.equals(first)).toBe(true);
  });
});

describe("the style sheets", () => {
  test("ask for no OpenType feature the cut leaves out", () => {
    const stylesDir = path.resolve(import.meta.dirname, "../app");
    const sheets = readdirSync(stylesDir, { recursive: true })
      .map(String)
      .filter((file) => file.endsWith(".css"));
    expect(sheets.length).toBeGreaterThan(5);
    for (const sheet of sheets) {
      const css = readFileSync(path.join(stylesDir, sheet), "utf8");
      expect(css, sheet).not.toMatch(/font-feature-settings|font-variant(?!-emoji)/);
    }
  });
});
