import { site } from "../content/site.ts";
import { absoluteUrl } from "../lib/urls.ts";

export function loader() {
  const body = ["User-agent: *", "Allow: /", "", `Sitemap: ${absoluteUrl(site.origin, "/sitemap.xml")}`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
