import { services } from "../content/services.ts";
import { staticPageSlugs } from "../content/static-pages.ts";
import { paths, serviceUrl } from "./urls.ts";

/** Every page address the site has, in the order a visitor meets them. */
export function prerenderPaths(): string[] {
  return [
    paths.home,
    paths.about,
    paths.contact,
    paths.product,
    paths.services,
    ...services.map((service) => serviceUrl(service.slug)),
    ...staticPageSlugs.map((slug) => `/${slug}`),
  ];
}
