import { describe, expect, it } from "vitest";
import { serviceGroups } from "../content/services.ts";
import { pagePaths } from "../content/urls.ts";
import { legacyRedirects, legacyRedirectTarget } from "./legacy-redirects.ts";

/** The dead links the specification lists, expanded. */
const specifiedOldPaths = [
  "/service/branding",
  "/service/paper",
  ...["pamphlet", "brochure", "leaflet", "catalog", "folder", "diary", "poster"].map(
    (slug) => `/service/commercial/printing/${slug}`,
  ),
  ...["box", "corrugated", "carton", "rigid", "cake"].map((slug) => `/service/paper/packaging/${slug}`),
  "/service/paper/bags",
  "/service/paper/sticker",
  "/service/paper/wrapping",
  ...["standee", "sunboard", "flex", "banner"].map((slug) => `/service/branding/${slug}`),
  "/service/commercial/foam",
];

describe("legacy redirects", () => {
  it.each(specifiedOldPaths)("has a target for %s", (oldPath) => {
    expect(legacyRedirectTarget(oldPath)).toBeDefined();
  });

  it("sends every old address to a page that exists, or to a group section of the services page", () => {
    const pages = new Set(pagePaths());
    const groupAnchors = new Set(serviceGroups.map((group) => `/services#${group.id}`));
    for (const [oldPath, target] of Object.entries(legacyRedirects)) {
      expect(pages.has(target) || groupAnchors.has(target), `${oldPath} -> ${target}`).toBe(true);
    }
  });

  it("keeps each service's own name where the old address had one", () => {
    expect(legacyRedirectTarget("/service/paper/packaging/cake")).toBe("/services/cake");
    expect(legacyRedirectTarget("/service/branding/flex")).toBe("/services/flex");
    expect(legacyRedirectTarget("/services/calendar")).toBe("/services/calender");
  });

  it("answers nothing for addresses it does not know, including inherited object keys", () => {
    expect(legacyRedirectTarget("/service/unknown")).toBeUndefined();
    expect(legacyRedirectTarget("constructor")).toBeUndefined();
  });
});
