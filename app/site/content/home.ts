import type { PhotoName } from "./photos.ts";

type Hero = {
  kicker: string;
  lead: string;
  /** A photograph from photos.ts in place of the drawing beside the heading. */
  photo?: PhotoName;
};

/** Words and choices for the home page that are not part of another catalog. */
export const hero: Hero = {
  kicker: "Printing & packaging manufacturer",
  lead: "Custom boxes, cartons, bags, print and branding materials, made in our own plant and delivered across India.",
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
