import { siteContentContext } from "../../request-context.server.ts";
import { companySeed } from "../content/site.ts";
import { absoluteUrl, staffAreaPath } from "../content/urls.ts";
import type { Route } from "./+types/robots";

/** Everything but the staff area, which also says noindex on every answer (server/http-app.ts). */
export function loader({ context }: Route.LoaderArgs) {
  const site = context.get(siteContentContext)?.company ?? companySeed;
  const body = [
    "User-agent: *",
    `Disallow: ${staffAreaPath}`,
    "Allow: /",
    "",
    `Sitemap: ${absoluteUrl(site.origin, "/sitemap.xml")}`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
