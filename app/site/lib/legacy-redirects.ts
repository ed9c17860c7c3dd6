import { serviceGroupUrl, serviceUrl } from "../content/urls.ts";

/**
 * Addresses the old site linked to, and where each one lives now. Every entry
 * answers 301. Where the old address named something the company does not list
 * as a service (corrugated, rigid, sticker, wrapping, foam, banner), it goes to
 * the closest service or group.
 */
export const legacyRedirects: Readonly<Record<string, string>> = {
  "/service/paper": serviceGroupUrl("paper-packaging"),
  "/service/commercial": serviceGroupUrl("commercial-printing"),
  "/service/commercial/printing": serviceGroupUrl("commercial-printing"),
  "/service/branding": serviceGroupUrl("branding-materials"),

  "/service/paper/packaging": serviceGroupUrl("paper-packaging"),
  "/service/paper/packaging/box": serviceUrl("box"),
  "/service/paper/packaging/corrugated": serviceUrl("box"),
  "/service/paper/packaging/rigid": serviceUrl("box"),
  "/service/paper/packaging/carton": serviceUrl("carton"),
  "/service/paper/packaging/cake": serviceUrl("cake"),
  "/service/paper/bags": serviceUrl("bags"),
  "/service/paper/sticker": serviceGroupUrl("paper-packaging"),
  "/service/paper/wrapping": serviceGroupUrl("paper-packaging"),

  "/service/commercial/printing/pamphlet": serviceUrl("pamphlet"),
  "/service/commercial/printing/brochure": serviceUrl("brochure"),
  "/service/commercial/printing/leaflet": serviceUrl("leaflet"),
  "/service/commercial/printing/catalog": serviceUrl("catalog"),
  "/service/commercial/printing/folder": serviceUrl("folder"),
  "/service/commercial/printing/diary": serviceUrl("diary"),
  "/service/commercial/printing/poster": serviceUrl("poster"),
  "/service/commercial/foam": serviceUrl("sunboard"),

  "/service/branding/standee": serviceUrl("standee"),
  "/service/branding/sunboard": serviceUrl("sunboard"),
  "/service/branding/flex": serviceUrl("flex"),
  "/service/branding/banner": serviceUrl("flex"),

  // The old slug is misspelt; the address keeps it, and the right spelling leads there too.
  "/services/calendar": serviceUrl("calender"),
};

export function legacyRedirectTarget(pathname: string): string | undefined {
  return Object.hasOwn(legacyRedirects, pathname) ? legacyRedirects[pathname] : undefined;
}
