import type { HomeContent } from "../../server/content/page-items.ts";
import { pageText } from "./pages.ts";
import { testimonials } from "./testimonials.ts";
import { paths } from "./urls.ts";
import { reasons } from "./why-choose-us.ts";

/** The home page's texts as the site starts, before the owner edits them. */
export const homeSeed: HomeContent = {
  kicker: "Printing & packaging manufacturer",
  heading: pageText.home.heading,
  lead: "Custom boxes, cartons, bags, print and branding materials, made in our own plant and delivered across India.",
  primaryLabel: "Explore services",
  primaryPage: paths.services,
  secondaryLabel: "Get a quote",
  secondaryPage: paths.quote,
  photo: null,
  reasons,
  testimonials,
};

/** The services shown as cards on the home page, by slug; the rest are one click away. */
export const featuredServiceSlugs = [
  "box",
  "cake",
  "carton",
  "bags",
  "brochure",
  "catalog",
  "standee",
  "flex",
] as const;
