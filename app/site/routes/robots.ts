import { site } from "../content/site.ts";
import { absoluteUrl, staffAreaPath } from "../content/urls.ts";

/** Everything but the staff area, which also says noindex on every answer (server/http-app.ts). */
export function loader() {
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
