import { describe, expect, test } from "vitest";
import { languageSwitch, pageVersions } from "../components/layout/language-alternates.tsx";
import { localPathIn } from "./language.tsx";

describe("links from a page in a language", () => {
  const hindi = localPathIn("hi", ["/", "/services", "/services/cake", "/quote"]);

  test("lead to the page's version in that language where it has one, query and fragment kept", () => {
    expect(hindi("/services/cake")).toBe("/hi/services/cake");
    expect(hindi("/")).toBe("/hi");
    expect(hindi("/quote?service=cake")).toBe("/hi/quote?service=cake");
    expect(hindi("/services#paper-packaging")).toBe("/hi/services#paper-packaging");
  });

  test("lead to the English page where it is not translated, and leave other addresses alone", () => {
    expect(hindi("/term")).toBe("/term");
    expect(hindi("/services/flex")).toBe("/services/flex");
    expect(hindi("tel:+911234567890")).toBe("tel:+911234567890");
    expect(hindi("https://example.com/")).toBe("https://example.com/");
    expect(localPathIn("en", ["/services"])("/services")).toBe("/services");
  });
});

describe("a page's versions", () => {
  test("English always; Hindi where translated; the switcher names the other in its own language", () => {
    expect(pageVersions("/term", ["/"])).toEqual([{ language: "en", path: "/term" }]);
    expect(languageSwitch(pageVersions("/term", ["/"]), "en")).toBeUndefined();
    const both = pageVersions("/services/cake", ["/services/cake"]);
    expect(both).toEqual([
      { language: "en", path: "/services/cake" },
      { language: "hi", path: "/hi/services/cake" },
    ]);
    expect(languageSwitch(both, "en")).toEqual({
      href: "/hi/services/cake",
      label: "हिन्दी",
      lang: "hi",
      hreflang: "hi-IN",
    });
    expect(languageSwitch(both, "hi")).toEqual({
      href: "/services/cake",
      label: "English",
      lang: "en",
      hreflang: "en-IN",
    });
  });
});
