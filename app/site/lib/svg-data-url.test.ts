import { describe, expect, test } from "vitest";
import { svgDataUrl } from "./svg-data-url.ts";

describe("svgDataUrl", () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg"><path fill="#12355b" d="M0 0h1v1z"/></svg>\n';

  test("decodes back to the same drawing", () => {
    const url = svgDataUrl(svg);
    expect(url.startsWith("data:image/svg+xml,")).toBe(true);
    expect(decodeURIComponent(url.slice("data:image/svg+xml,".length))).toBe(svg.trim().replaceAll('"', "'"));
  });

  test("escapes every character a URL may not hold as it is, spaces among them, and nothing else", () => {
    const url = svgDataUrl(svg);
    expect(url).not.toMatch(/[#<>"\s{}|\\^`]/);
    expect(url).toContain("fill='%2312355b'");
    expect(url).toContain("<path".replace("<", "%3C"));
    expect(url).toContain("%20d='M0%200h1v1z'");
    // Each escape takes three characters for one (7 for #, < and >, and 4 spaces); letters and quotes stay as they are.
    expect(url.length - "data:image/svg+xml,".length).toBe(svg.trim().length + 2 * 11);
    expect(new URL(url).href).toBe(url);
  });
});
