import { servicesInHindi } from "../../app/site/content/hi/services.ts";
import { hindiWords } from "../../app/site/content/hi/words.ts";
import { pageText } from "../../app/site/content/pages.ts";
import { services } from "../../app/site/content/services.ts";

export type SitePage = {
  path: string;
  /** The one main heading a visitor should meet on the page. */
  heading: string;
};

/**
 * The service types exactly as the specification lists them. Typed here rather
 * than read from the catalog, so a service dropped from the catalog fails the tests.
 */
export const specServiceSlugs = [
  "standee",
  "sunboard",
  "flex",
  "calender",
  "poster",
  "leaflet",
  "catalog",
  "pamphlet",
  "folder",
  "brochure",
  "diary",
  "bags",
  "carton",
  "cake",
  "box",
] as const;

function serviceOf(slug: string) {
  const service = services.find((entry) => entry.slug === slug);
  if (!service) throw new Error(`The specification's service "${slug}" is missing from the catalog`);
  return service;
}

const serviceHeading = (slug: string) => serviceOf(slug).title;

/** Every route of the specification, each with its main heading. */
export const sitePages: SitePage[] = [
  { path: "/", heading: pageText.home.heading },
  { path: "/about", heading: pageText.about.heading },
  { path: "/contact", heading: pageText.contact.heading },
  { path: "/product", heading: pageText.product.heading },
  { path: "/services", heading: pageText.services.heading },
  ...specServiceSlugs.map((slug) => ({ path: `/services/${slug}`, heading: serviceHeading(slug) })),
  { path: "/faq", heading: pageText.faq.heading },
  { path: "/privacy", heading: pageText.privacy.heading },
  { path: "/term", heading: pageText.term.heading },
];

/**
 * The pages in Hindi that the site's own files translate, each with its main
 * heading: all but the contact and quote forms (their own tests) and the legal
 * texts, which stay in English until the company's lawyer has read them.
 */
export const hindiPages: SitePage[] = [
  { path: "/hi", heading: hindiWords.pages.home.heading },
  { path: "/hi/about", heading: hindiWords.pages.about.heading },
  { path: "/hi/product", heading: hindiWords.pages.product.heading },
  { path: "/hi/services", heading: hindiWords.pages.services.heading },
  ...specServiceSlugs.map((slug) => ({ path: `/hi/services/${slug}`, heading: servicesInHindi[slug].title })),
  { path: "/hi/faq", heading: hindiWords.pages.faq.heading },
];

export type StatusPage = { path: string; status: number; heading: string };

/**
 * Addresses that answer with an error page. /error-drill fails on purpose only when
 * the server runs with ERROR_DRILL=1, as the Playwright server does.
 */
export const statusPages: StatusPage[] = [
  { path: "/nope", status: 404, heading: pageText.notFound.heading },
  { path: "/services/nope", status: 404, heading: "Services" },
  { path: "/error-drill", status: 500, heading: pageText.error.heading },
];
