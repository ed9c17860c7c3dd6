import { describe, expect, test } from "vitest";
import { languageOfPath, pathIn } from "./languages.ts";

describe("a language's addresses", () => {
  test.each([
    ["/", "en", "/"],
    ["/services/cake", "en", "/services/cake"],
    ["/hi", "hi", "/"],
    ["/hi/", "hi", "/"],
    ["/hi/services/cake", "hi", "/services/cake"],
    // Another page that merely starts with the letters is English.
    ["/hindi", "en", "/hindi"],
    ["/history", "en", "/history"],
  ])("%s is in %s, at %s in English", (pathname, language, path) => {
    expect(languageOfPath(pathname)).toEqual({ language, path });
  });

  test("an English path in each language", () => {
    expect(pathIn("en", "/about")).toBe("/about");
    expect(pathIn("hi", "/about")).toBe("/hi/about");
    expect(pathIn("hi", "/")).toBe("/hi");
    expect(languageOfPath(pathIn("hi", "/services/cake")).path).toBe("/services/cake");
  });
});
