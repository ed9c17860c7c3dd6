import { data, RouterContextProvider } from "react-router";
import { contentSeeds } from "../../content-seeds.ts";
import { siteContentContext } from "../../request-context.server.ts";
import { SHAPED_ITEMS } from "../../server/content/items.ts";
import {
  DEFAULT_LANGUAGE,
  type Language,
  languageOfPath,
  pathIn,
  type Translation,
} from "../../server/content/languages.ts";
import { PAGE_ITEMS, pageTranslations } from "../../server/content/page-translations.ts";
import type { PublishedContent } from "../../server/content/published-site.server.ts";
import { shownServices } from "../../server/content/services-item.ts";
import { localize } from "../../server/content/shapes.ts";
import type { ContentSeeds } from "../../server/service-content.ts";
import { framePages, pageOfItem, pagePaths, serviceUrl } from "../content/urls.ts";
import { publishedItem } from "./published.server.ts";

type Context = Readonly<RouterContextProvider>;

/** The items a page shows: the pages' own, and the services' catalog. */
type PageItem = (typeof PAGE_ITEMS)[number] | "services";

/** An item as a page in `language` shows it: as published, each text in that language. */
export function itemIn<Item extends PageItem>(context: Context, item: Item, language: Language): ContentSeeds[Item] {
  const seed = contentSeeds[item] as ContentSeeds[Item];
  return localize(SHAPED_ITEMS[item], publishedItem(context, item, seed), language);
}

/** Every item a page shows, as published. */
const publishedItems = (context: Context) =>
  Object.fromEntries(
    [...PAGE_ITEMS, "services" as const].map((item) => [
      item,
      publishedItem(context, item, contentSeeds[item] as never),
    ]),
  ) as unknown as Pick<ContentSeeds, PageItem>;

/**
 * The pages (by their English paths) that have a version in `language`: none
 * until the frame's text (every shown service's name, which the menus list) is
 * translated; then each page whose own text is, and each service whose entry is.
 */
export function translatedPaths(context: Context, language: Translation): string[] {
  // Once per content and language: the root and the route ask for each render, and every text is walked.
  const content = context.get(siteContentContext) ?? SITE_FILES;
  const known = translatedOf.get(content) ?? new Map<Translation, string[]>();
  translatedOf.set(content, known);
  const paths = known.get(language) ?? findTranslatedPaths(context, language);
  known.set(language, paths);
  return paths;
}

/** What the pages are rendered with before any publication: the site's files. */
const SITE_FILES = {};
const translatedOf = new WeakMap<object, Map<Translation, string[]>>();

function findTranslatedPaths(context: Context, language: Translation): string[] {
  const { unnamed, items, services } = pageTranslations(publishedItems(context), language);
  if (unnamed.length > 0) return [];
  return [
    ...framePages,
    ...PAGE_ITEMS.filter((item) => items[item].length === 0).map((item) => pageOfItem[item]),
    ...services.filter(({ missing }) => missing.length === 0).map(({ slug }) => serviceUrl(slug)),
  ];
}

/**
 * The page a request is for, in its language and by its English path. A
 * trailing slash names the same page, and React Router asks for a page's data
 * at its address with `.data` added (`/_.data` for the home page) when it
 * prerenders it, then renders the page with that data.
 */
export function requestedPage(request: Request): { language: Language; path: string } {
  const pathname = new URL(request.url).pathname.replace(/(\/_)?\.data$/, "").replace(/\/+$/, "");
  return languageOfPath(pathname || "/");
}

/**
 * The language of the page a request asks for, once it is known to exist in
 * it: a page not yet translated has no address in that language (404).
 */
export function pageLanguage(request: Request, context: Context): Language {
  const { language, path } = requestedPage(request);
  if (language === DEFAULT_LANGUAGE) return language;
  if (!translatedPaths(context, language as Translation).includes(path)) throw data(null, { status: 404 });
  return language;
}

/**
 * Every page the site has with this content (none: the site's files), in
 * every language: the English pages of the catalog as published, and their
 * translated versions.
 */
export function allPagePaths(content: PublishedContent | null): string[] {
  const context = new RouterContextProvider();
  context.set(siteContentContext, content);
  const english = pagePaths(shownServices(publishedItem(context, "services", contentSeeds.services)));
  const hindi = translatedPaths(context, "hi").map((path) => pathIn("hi", path));
  return [...english, ...hindi];
}
