/** Every internal address the site links to is built here. */

import { languageOfPath } from "../../server/content/languages.ts";
import type { PageItem } from "../../server/content/page-translations.ts";
import { services } from "./services.ts";
import { staticPageSlugs } from "./static-pages.ts";

export const paths = {
  home: "/",
  about: "/about",
  contact: "/contact",
  quote: "/quote",
  product: "/product",
  services: "/services",
  faq: "/faq",
  privacy: "/privacy",
  terms: "/term",
} as const;

/** The page each item is the text of, besides the services' own pages. */
export const pageOfItem: Readonly<Record<PageItem, string>> = {
  home: paths.home,
  about: paths.about,
  product: paths.product,
  faq: paths.faq,
  privacy: paths.privacy,
  terms: paths.terms,
};

/** Pages that show no item of their own but the frame's (the contact and quote forms, the services' list). */
export const framePages: readonly string[] = [paths.contact, paths.quote, paths.services];

/**
 * Where the staff area starts. The public site knows only this: to keep
 * crawlers out of it (robots.txt). Its own addresses are in app/staff/paths.ts.
 */
export const staffAreaPath = "/inbox";

/**
 * Every page address the site has, in the order a visitor meets them: the
 * sitemap's list. The services are the published catalog's, or the site's files'.
 */
export function pagePaths(shown: readonly { slug: string }[] = services): string[] {
  return [
    paths.home,
    paths.about,
    paths.contact,
    paths.quote,
    paths.product,
    paths.services,
    ...shown.map((service) => serviceUrl(service.slug)),
    ...staticPageSlugs.map((slug) => `/${slug}`),
  ];
}

/**
 * Pages the server renders for each request rather than the build: the contact
 * form and the quote request carry a fresh signed token, and the privacy notice states the
 * retention and mail settings the server runs with.
 */
const pathsRenderedPerRequest: readonly string[] = [paths.contact, paths.quote, paths.privacy];

/** Whether the server renders this page (in any language) for each request. */
export const isRenderedPerRequest = (path: string) => pathsRenderedPerRequest.includes(languageOfPath(path).path);

export function serviceUrl(slug: string): string {
  return `${paths.services}/${slug}`;
}

/** The services page, scrolled to one group's section. */
export function serviceGroupUrl(groupId: string): string {
  return `${paths.services}#${groupId}`;
}

/** The quote request with one service chosen. */
export function quoteUrl(slug: string): string {
  return `${paths.quote}?service=${encodeURIComponent(slug)}`;
}

/** Where the build puts the pages the server answers refused requests with (never served at these addresses). */
export const statusPagesPath = "/_status";

export function statusPageUrl(kind: string): string {
  return `${statusPagesPath}/${kind}`;
}

export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, origin).href;
}

/**
 * A location's path without a trailing slash. Pages are prerendered from
 * requests for "/about/" while visitors see "/about"; both must mark the same
 * link as current, or hydration would disagree with the HTML.
 */
export function normalizePath(pathname: string): string {
  return pathname.replace(/\/+$/, "") || "/";
}
