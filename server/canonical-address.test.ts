import { describe, expect, test } from "vitest";
import { canonicalPath, staysOnSite } from "./canonical-address.ts";

describe("a page's one address", () => {
  test.each([
    ["/", "/"],
    ["/about", "/about"],
    ["/about/", "/about"],
    ["/about///", "/about"],
    ["//about", "/about"],
    ["/\\about", "/about"],
    ["/services//cake", "/services/cake"],
    ["/index.html", "/"],
    ["/contact/index.html", "/contact"],
    ["/contact/INDEX.HTML", "/contact"],
    ["//evil.example/", "/evil.example"],
    ["/\\/evil.example", "/evil.example"],
  ])("%s is %s", (path, expected) => {
    expect(canonicalPath(path)).toBe(expected);
  });
});

describe("a Location that stays on the site", () => {
  test.each(["/", "/about", "/about?x=1", "/evil.example", "/%2F%2Fevil.example", "/a//b"])("%s stays", (location) => {
    expect(staysOnSite(location)).toBe(true);
  });

  test.each([
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "http://evil.example/",
    "https:evil.example",
    "evil.example",
    "",
    "/\t/evil.example",
  ])("%j leaves, so it is never sent", (location) => {
    expect(staysOnSite(location)).toBe(false);
  });
});
