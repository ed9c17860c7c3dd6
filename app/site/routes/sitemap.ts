import { siteContentContext } from "../../request-context.server.ts";
import { companySeed } from "../content/site.ts";
import { absoluteUrl, pagePaths } from "../content/urls.ts";
import { publishedServices } from "../lib/published.server.ts";
import type { Route } from "./+types/sitemap";

/** Every page of the catalog, at the same address its canonical link gives. */
export function loader({ context }: Route.LoaderArgs) {
  const site = context.get(siteContentContext)?.company ?? companySeed;
  const urls = pagePaths(publishedServices(context)).map(
    (path) => `  <url><loc>${absoluteUrl(site.origin, path)}</loc></url>`,
  );
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
