import { siteContentContext } from "../../request-context.server.ts";
import { HREFLANG } from "../../server/content/languages.ts";
import { pageVersions } from "../components/layout/language-alternates.tsx";
import { companySeed } from "../content/site.ts";
import { absoluteUrl, pagePaths } from "../content/urls.ts";
import { publishedServices } from "../lib/published.server.ts";
import { translatedPaths } from "../lib/translations.server.ts";
import type { Route } from "./+types/sitemap";

/**
 * Every page of the catalog, at the same address its canonical link gives, in
 * each language it has; a page with more than one lists every version, itself
 * included, and English as the fallback, as its head does.
 */
export function loader({ context }: Route.LoaderArgs) {
  const site = context.get(siteContentContext)?.company ?? companySeed;
  const translated = translatedPaths(context, "hi");
  const url = (path: string) => absoluteUrl(site.origin, path);
  const entries = pagePaths(publishedServices(context)).flatMap((path) => {
    const versions = pageVersions(path, translated);
    const alternates =
      versions.length < 2
        ? []
        : [
            ...versions.map(
              (version) =>
                `    <xhtml:link rel="alternate" hreflang="${HREFLANG[version.language]}" href="${url(version.path)}"/>`,
            ),
            `    <xhtml:link rel="alternate" hreflang="x-default" href="${url(path)}"/>`,
          ];
    return versions.map((version) =>
      [`  <url>`, `    <loc>${url(version.path)}</loc>`, ...alternates, "  </url>"].join("\n"),
    );
  });
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
