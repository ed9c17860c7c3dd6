import { describe, expect, it } from "vitest";
import { companySeed, site } from "../content/site.ts";
import { buildMeta } from "./meta.ts";

describe("buildMeta", () => {
  it("gives the title with the company name, the description and an absolute canonical link", () => {
    const meta = buildMeta(
      { title: "All Services", description: "Everything we make.", path: "/services" },
      companySeed,
    );
    expect(meta).toContainEqual({ title: `All Services | ${site.name}` });
    expect(meta).toContainEqual({ name: "description", content: "Everything we make." });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: `${site.origin}/services` });
    expect(meta).toContainEqual({ property: "og:url", content: `${site.origin}/services` });
  });

  it("marks a page without an address as not to be indexed, with no canonical link", () => {
    const meta = buildMeta({ title: "Page Not Found", description: "Gone." }, companySeed);
    expect(meta).toContainEqual({ name: "robots", content: "noindex" });
    expect(meta.some((entry) => "rel" in entry && entry.rel === "canonical")).toBe(false);
  });

  it("writes the home page's canonical address with its trailing slash only", () => {
    const meta = buildMeta({ title: "Home", description: "Home.", path: "/" }, companySeed);
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: `${site.origin}/` });
  });
});
