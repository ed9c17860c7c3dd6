import { describe, expect, test } from "vitest";
import { SHAPED_ITEMS } from "../../server/content/items.ts";
import { untranslated } from "../../server/content/shapes.ts";
import { aboutSeed } from "./about.ts";
import { faqSeed } from "./faq.ts";
import { homeSeed } from "./home.ts";
import { privacySeed, termsSeed } from "./legal.ts";
import { productSeed } from "./product.ts";
import { servicesSeed } from "./services-seed.ts";

const translatedSeeds = {
  home: homeSeed,
  about: aboutSeed,
  product: productSeed,
  faq: faqSeed,
  services: servicesSeed,
};

/** Every translation a body holds (a `<field>_hi`, in its lists' entries and photos too), by its path. */
function translations(body: unknown, at = ""): [string, unknown][] {
  if (Array.isArray(body)) return body.flatMap((entry, index) => translations(entry, `${at}${index}.`));
  if (typeof body !== "object" || body === null) return [];
  return Object.entries(body).flatMap(([key, value]): [string, unknown][] =>
    key.endsWith("_hi") ? [[`${at}${key}`, value]] : translations(value, `${at}${key}.`),
  );
}

const devanagari = /[\u0900-\u097F]/;

describe("the content the site starts with, in Hindi", () => {
  test("every text of the pages and of every service has its Hindi beside it", () => {
    for (const [item, seed] of Object.entries(translatedSeeds)) {
      const shape = SHAPED_ITEMS[item as keyof typeof translatedSeeds];
      expect(untranslated(shape, seed as unknown as Record<string, unknown>, "hi"), item).toEqual([]);
    }
  });

  test("is written in Devanagari, but for the FAQ's answers, filler in any language until the company writes its own", () => {
    const latin = Object.entries(translatedSeeds).flatMap(([item, seed]) =>
      translations(seed)
        .filter(([path]) => !/^questions\.\d+\.answer_hi$/.test(path))
        .flatMap(([path, value]) =>
          Array.isArray(value) ? value.map((text, index) => [`${path}.${index}`, text]) : [[path, value]],
        )
        .filter(([, text]) => !devanagari.test(String(text)))
        .map(([path]) => `${item}: ${path}`),
    );
    expect(latin).toEqual([]);
  });

  test("leaves the terms and the privacy notice in English: they wait for the lawyer, so they have no Hindi page", () => {
    for (const [item, seed] of Object.entries({ terms: termsSeed, privacy: privacySeed })) {
      expect(translations(seed), item).toEqual([]);
      const shape = SHAPED_ITEMS[item as "terms" | "privacy"];
      expect(untranslated(shape, seed as unknown as Record<string, unknown>, "hi").length, item).toBeGreaterThan(0);
    }
  });
});
