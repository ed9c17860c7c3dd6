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
    ["/%69nbox", "/inbox"],
    ["/%69%6E%62%6F%78/ENQ-2026-000001", "/inbox/ENQ-2026-000001"],
    ["/inbox/%45NQ-2026-000001/erase", "/inbox/ENQ-2026-000001/erase"],
    ["/services/./cake", "/services/cake"],
    ["/about/../inbox", "/inbox"],
    ["/%2e%2e/%2E/inbox", "/inbox"],
    ["/../../inbox", "/inbox"],
    ["/a%2fb", "/a%2Fb"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/%5C%5Cevil.example", "/%5C%5Cevil.example"],
    ["/caf%c3%a9", "/caf%C3%A9"],
    ["/caf%C3%A9", "/caf%C3%A9"],
    ["/a%20b", "/a%20b"],
    ["/bad%zz", "/bad%zz"],
    ["/broken%C3", "/broken%C3"],
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
