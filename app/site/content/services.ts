import type { ServiceDrawing, ServiceGroupId } from "../../server/content/services-item.ts";
import type { PhotoChoice } from "../../server/content/shapes.ts";
import type { Photo } from "../../server/photos/photo.ts";
import type { PhotoName } from "./photo-alts.ts";

/**
 * The 15 services the site starts with, in the three groups the navigation and
 * side menu show; the owner edits them from there (services-seed.ts).
 */

export type { ServiceDrawing, ServiceGroupId };

export type ServiceGroup = {
  id: ServiceGroupId;
  title: string;
  summary: string;
};

type ServiceSeedEntry = {
  /** The address segment: /services/{slug}. Kept as the old site spelled it. */
  slug: string;
  group: ServiceGroupId;
  title: string;
  short: string;
  /**
   * A photograph from photos.ts, shown instead of the illustration on the
   * service's card and page. The illustration stays the image search engines
   * are given (structured data).
   */
  photo?: PhotoName;
};

export const SERVICE_IMAGE_SIZE = { width: 480, height: 360 } as const;

export const serviceGroups: readonly ServiceGroup[] = [
  {
    id: "paper-packaging",
    title: "Paper Packaging",
    summary: "Boxes, cartons and bags that protect the product and sell it on the shelf.",
  },
  {
    id: "commercial-printing",
    title: "Commercial Printing",
    summary: "Offset and digital print for marketing, stationery and the year ahead.",
  },
  {
    id: "branding-materials",
    title: "Branding Materials",
    summary: "Large-format displays for shops, events and exhibitions.",
  },
];

/** Where each service's drawing is served, from public/. */
const drawingsPath = "/images/services";

/** A drawing's own file in public/images/services; every one is drawn on the same canvas. */
export const drawingFile = (drawing: ServiceDrawing) => `${drawingsPath}/${drawing}.svg`;

/**
 * Every service's drawing in one file, one view each (vite/illustration-sprite.ts,
 * made by the build from the files above): pages of cards ask for one picture file.
 */
export const serviceDrawings = { folder: `public${drawingsPath}`, sprite: `${drawingsPath}.svg` } as const;

/** The address of one drawing inside the sprite. */
export const drawingUrl = (drawing: ServiceDrawing) => `${serviceDrawings.sprite}#${drawing}`;

export const services = [
  {
    slug: "box",
    group: "paper-packaging",
    title: "Packaging Box",
    short: "Custom printed boxes in any size, board and finish.",
  },
  {
    slug: "cake",
    group: "paper-packaging",
    title: "Cake Box",
    short: "Food-safe cake and pastry boxes that keep their shape.",
    photo: "cake-boxes",
  },
  {
    slug: "carton",
    group: "paper-packaging",
    title: "Drip off Mono Carton",
    short: "Mono cartons with a drip-off gloss-and-matte finish.",
  },
  {
    slug: "bags",
    group: "paper-packaging",
    title: "Paper Bags",
    short: "Printed paper and carry bags with rope or twisted handles.",
  },
  {
    slug: "poster",
    group: "commercial-printing",
    title: "Poster",
    short: "Bright posters from A3 to large format.",
  },
  {
    slug: "leaflet",
    group: "commercial-printing",
    title: "Leaflet",
    short: "Single-sheet leaflets for quick, wide distribution.",
  },
  {
    slug: "catalog",
    group: "commercial-printing",
    title: "Catalog",
    short: "Perfect-bound and stitched product catalogs.",
  },
  {
    slug: "pamphlet",
    group: "commercial-printing",
    title: "Pamphlet",
    short: "Folded pamphlets that explain an offer in a few panels.",
  },
  {
    slug: "folder",
    group: "commercial-printing",
    title: "Folder",
    short: "Presentation folders with pockets and card slots.",
  },
  {
    slug: "brochure",
    group: "commercial-printing",
    title: "Brochure",
    short: "Multi-page brochures that present the company well.",
  },
  {
    slug: "diary",
    group: "commercial-printing",
    title: "Diary",
    short: "Corporate diaries with your brand on every page.",
  },
  {
    slug: "calender",
    group: "commercial-printing",
    title: "Calendar",
    short: "Wall and desk calendars that stay in view all year.",
  },
  {
    slug: "standee",
    group: "branding-materials",
    title: "Standee",
    short: "Roll-up and cut-out standees for stores and events.",
  },
  {
    slug: "sunboard",
    group: "branding-materials",
    title: "Sunboard",
    short: "Light, rigid sunboard prints for signs and displays.",
  },
  {
    slug: "flex",
    group: "branding-materials",
    title: "Flex Banner Printing",
    short: "Weather-proof flex banners in any size.",
  },
] as const satisfies readonly ServiceSeedEntry[];

/** The slugs the site started with; its files keyed by this type have an entry for every one. */
export type ServiceSlug = (typeof services)[number]["slug"];

/** A photo a service is shown with: as the catalog names it, with its files. */
export type ShownPhoto = { choice: PhotoChoice; photo: Photo };

/** A service as the pages show it, from the published catalog. */
export type Service = {
  slug: string;
  group: ServiceGroupId;
  title: string;
  short: string;
  /** The drawing shown where it has no photo, and the image search engines are given. */
  drawing: ServiceDrawing;
  photo: ShownPhoto | null;
};

/** A service as a menu or a list of links names it. */
export type ServiceLink = Pick<Service, "slug" | "title" | "group">;

export function servicesInGroup<Entry extends ServiceLink>(list: readonly Entry[], groupId: ServiceGroupId): Entry[] {
  return list.filter((service) => service.group === groupId);
}

/** The words of the service cards, the side menu and the services' pages, around what the catalog says. */
export const catalogWords = {
  groupSummaries: Object.fromEntries(serviceGroups.map((group) => [group.id, group.summary])) as Record<
    ServiceGroupId,
    string
  >,
  readMore: "Read more",
  /** Said after "Read more" to screen readers, so that every card's link names its page. */
  aboutService: (title: string) => `about ${title}`,
  illustrationOf: (title: string) => `Illustration of ${title.toLowerCase()}`,
  serviceCategories: "Service categories",
  keyFeatures: "Key features",
  typicalUses: "Typical uses",
  getQuote: "Get a quote",
};
