import { describe, expect, test } from "vitest";
import { type PageItem, pageTranslations } from "./page-translations.ts";
import type { ServiceEntry } from "./services-item.ts";

const service = (slug: string, words: Partial<ServiceEntry> & Record<string, unknown> = {}) =>
  ({
    title: slug,
    slug,
    group: "paper-packaging",
    hidden: false,
    short: `${slug} for shops`,
    description: "",
    features: [],
    uses: [],
    photo: null,
    drawing: "box",
    hsn: "4819",
    quoteGroup: "box",
    styles: ["tuckEnd"],
    handle: false,
    sizes: [],
    pages: false,
    bindings: [],
    materials: [],
    ...words,
  }) as ServiceEntry;

const product = { intro: "", featured: "/services/box" };
const terms = { lastUpdated: "2026-11-01", sections: [{ heading: "Payment", body: "Half in advance." }] };
const pages = {
  home: { heading: "Boxes" } as never,
  about: { intro: "Who we are", photo: null, figures: [], facilities: [], values: [] },
  product,
  faq: { questions: [] },
  terms,
  privacy: { ...terms, reviewed: false },
} satisfies Record<PageItem, unknown>;

describe("how far the site is translated", () => {
  test("no page waits on a hidden service's name; each shown service waits on its own texts", () => {
    const services = {
      services: [
        service("box", { title_hi: "बॉक्स", short_hi: "दुकानों के लिए बॉक्स" }),
        service("cake", { title_hi: "केक बॉक्स" }),
        service("old", { hidden: true }),
      ],
    };
    const state = pageTranslations({ ...pages, services }, "hi");
    expect(state.unnamed).toEqual([]);
    expect(state.services.map(({ slug, missing }) => [slug, missing])).toEqual([
      ["box", []],
      ["cake", ["services.1.short"]],
    ]);
    expect(state.items.product).toEqual([]);
    expect(state.items.terms).toEqual(["sections.0.heading", "sections.0.body"]);
  });

  test("a shown service without its name in the language is what every page waits for", () => {
    const services = { services: [service("box", { title_hi: "बॉक्स" }), service("cake")] };
    expect(pageTranslations({ ...pages, services }, "hi").unnamed.map(({ slug }) => slug)).toEqual(["cake"]);
  });
});
