import type { MetaDescriptor } from "react-router";
import type { PageText } from "../content/pages.ts";
import { site } from "../content/site.ts";
import { absoluteUrl } from "./urls.ts";

export type MetaInput = Pick<PageText, "title" | "description"> & {
  /** The page's own address; omitted for pages that must not be indexed. */
  path?: string;
};

export function documentTitle(title: string): string {
  return `${title} | ${site.name}`;
}

/** Title, description, canonical link and social cards for one page. */
export function buildMeta({ title, description, path }: MetaInput): MetaDescriptor[] {
  const fullTitle = documentTitle(title);
  const meta: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:site_name", content: site.name },
    { property: "og:type", content: "website" },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
  ];
  if (path === undefined) {
    meta.push({ name: "robots", content: "noindex" });
    return meta;
  }
  const url = absoluteUrl(site.origin, path);
  meta.push({ tagName: "link", rel: "canonical", href: url }, { property: "og:url", content: url });
  return meta;
}
