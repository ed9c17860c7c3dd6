import { describe, expect, test } from "vitest";
import { sitePages } from "../../../tests/support/area-words.ts";
import { checkedOrigin as checked, sourcePageOf } from "./submission.server.ts";

const from = (referer?: string) =>
  sourcePageOf(new Request("https://www.example.com/contact", referer ? { headers: { referer } } : {}), sitePages);

/** The contact form's page, and the site's pages and catalog, as the site hands them in. */
const checkedOrigin = (service: string | undefined, sourcePage: string | undefined) =>
  checked(service, sourcePage, { page: "/contact", sitePages }, [{ slug: "cake", title: "Cake Box" }]);

describe("where a form was opened from", () => {
  test("is the page of this site the browser says the visitor came from", () => {
    expect(from("https://www.example.com/services/cake")).toBe("/services/cake");
    expect(from("https://www.example.com/services/cake?x=1#top")).toBe("/services/cake");
    expect(from("https://www.example.com/")).toBe("/");
  });

  test("is nothing for another site, an address the site does not have, the form's own page, or no Referer", () => {
    expect(from("https://elsewhere.example/services/cake")).toBeUndefined();
    expect(from("https://www.example.com/nope")).toBeUndefined();
    expect(from("https://www.example.com/contact?sent=")).toBeUndefined();
    expect(from("not a url")).toBeUndefined();
    expect(from()).toBeUndefined();
  });

  test("believes only a service of the catalog and a page of this site from the form's hidden fields", () => {
    expect(checkedOrigin("cake", "/services/cake")).toEqual({ service: "cake", sourcePage: "/services/cake" });
    expect(checkedOrigin("rockets", "https://evil.example/")).toEqual({ service: null, sourcePage: null });
    expect(checkedOrigin("cake", "//evil.example/services")).toEqual({ service: "cake", sourcePage: null });
    expect(checkedOrigin(undefined, undefined)).toEqual({ service: null, sourcePage: null });
  });
});
