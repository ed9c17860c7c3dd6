import { type ItemBodies, SHAPED_ITEMS } from "./items.ts";
import type { Translation } from "./languages.ts";
import { untranslated } from "./shapes.ts";

/** The items that are each one page's own text; the services' entries are each a service's page. */
export const PAGE_ITEMS = ["home", "about", "product", "faq", "terms", "privacy"] as const;

export type PageItem = (typeof PAGE_ITEMS)[number];

/** A shown service (its page), with its entry's fields not yet translated. */
export type ServiceTranslation = { index: number; slug: string; title: string; missing: readonly string[] };

/** What of the site's pages is still written in English only, for one language. */
export type PageTranslations = {
  /**
   * The shown services whose names are not yet translated: every page's
   * menus list them, so until there are none no page has a version in the
   * language.
   */
  unnamed: readonly ServiceTranslation[];
  /** Each page item's fields not yet translated, by the editor's names. */
  items: Readonly<Record<PageItem, readonly string[]>>;
  services: readonly ServiceTranslation[];
};

/**
 * How far the site's texts are translated into `language`: what decides
 * which pages have a version in it (the public site's addresses) and what the
 * staff area says is still to translate.
 */
export function pageTranslations(
  items: Pick<ItemBodies, PageItem | "services">,
  language: Translation,
): PageTranslations {
  const catalog = untranslated(SHAPED_ITEMS.services, items.services as Record<string, unknown>, language);
  const services = items.services.services.flatMap((entry, index) => {
    if (entry.hidden) return [];
    const missing = catalog.filter((name) => name.startsWith(`services.${index}.`));
    return [{ index, slug: entry.slug, title: entry.title, missing }];
  });
  const pages = {} as Record<PageItem, readonly string[]>;
  for (const item of PAGE_ITEMS) {
    pages[item] = untranslated(SHAPED_ITEMS[item], items[item] as Record<string, unknown>, language);
  }
  return {
    unnamed: services.filter(({ index, missing }) => missing.includes(`services.${index}.title`)),
    items: pages,
    services,
  };
}
