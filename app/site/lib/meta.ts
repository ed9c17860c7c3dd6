import type { MetaDescriptor } from "react-router";
import type { CompanySettings } from "../../server/content/company-item.ts";
import { DEFAULT_LANGUAGE, HREFLANG, type Language, pathIn } from "../../server/content/languages.ts";
import type { NavLink } from "../content/navigation.ts";
import type { PageText } from "../content/pages.ts";
import { companySeed } from "../content/site.ts";
import { absoluteUrl } from "../content/urls.ts";
import { breadcrumbList, localBusiness, type StructuredData } from "./structured-data.ts";

export type MetaInput = Pick<PageText, "title" | "description"> & {
  /** The page's own address; omitted for pages that must not be indexed. */
  path?: string;
  /** The pages above this one, as the page banner's breadcrumb shows them. */
  trail?: readonly NavLink[];
  /** Schema.org data beyond the business and the breadcrumb. */
  structuredData?: StructuredData[];
  /** The page's language; its address (`path`, English) and the trail's are written in it. */
  language?: Language;
};

export const shareImage = { path: "/images/share.png", width: 1200, height: 630 } as const;

export function documentTitle(title: string, name: string = companySeed.name): string {
  return `${title} | ${name}`;
}

/**
 * Title, description, canonical link, social cards and structured data for one
 * page, naming the company as published (companyIn(matches) in a route's meta).
 */
export function buildMeta(
  { title, description, path: englishPath, trail, structuredData = [], language = DEFAULT_LANGUAGE }: MetaInput,
  site: CompanySettings,
): MetaDescriptor[] {
  const path = englishPath === undefined ? undefined : pathIn(language, englishPath);
  const fullTitle = documentTitle(title, site.name);
  const image = absoluteUrl(site.origin, shareImage.path);
  const meta: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:site_name", content: site.name },
    { property: "og:type", content: "website" },
    { property: "og:locale", content: HREFLANG[language].replace("-", "_") },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(shareImage.width) },
    { property: "og:image:height", content: String(shareImage.height) },
    { property: "og:image:alt", content: `${site.name}: ${site.tagline}` },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
  const data = [localBusiness(site), ...structuredData];
  if (trail && path !== undefined) data.push(breadcrumbList([...trail, { label: title, to: path }], site.origin));
  meta.push(...data.map((entry) => ({ "script:ld+json": entry })));
  if (path === undefined) {
    meta.push({ name: "robots", content: "noindex" });
    return meta;
  }
  const url = absoluteUrl(site.origin, path);
  meta.push({ tagName: "link", rel: "canonical", href: url }, { property: "og:url", content: url });
  return meta;
}
