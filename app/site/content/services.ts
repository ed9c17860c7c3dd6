import type { PhotoName } from "./photos.ts";

/** The 15 services, in the three groups the navigation and side menu show. */

export type ServiceGroupId = "paper-packaging" | "commercial-printing" | "branding-materials";

export type ServiceGroup = {
  id: ServiceGroupId;
  title: string;
  summary: string;
};

type ServiceEntry = {
  /** The address segment: /services/{slug}. Kept as the old site spelled it. */
  slug: string;
  group: ServiceGroupId;
  title: string;
  short: string;
  /** An illustration in public/images/services; every one is drawn on the same canvas. */
  image: string;
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

const image = (slug: string) => `${drawingsPath}/${slug}.svg`;

/**
 * Every service's drawing in one file, one view each (vite/illustration-sprite.ts,
 * made by the build from the files above): pages of cards ask for one picture file.
 */
export const serviceDrawings = { folder: `public${drawingsPath}`, sprite: `${drawingsPath}.svg` } as const;

/** The address of one service's drawing inside the sprite. */
export const drawingUrl = (slug: string) => `${serviceDrawings.sprite}#${slug}`;

export const services = [
  {
    slug: "box",
    group: "paper-packaging",
    title: "Packaging Box",
    short: "Custom printed boxes in any size, board and finish.",
    image: image("box"),
  },
  {
    slug: "cake",
    group: "paper-packaging",
    title: "Cake Box",
    short: "Food-safe cake and pastry boxes that keep their shape.",
    image: image("cake"),
    photo: "cake-boxes",
  },
  {
    slug: "carton",
    group: "paper-packaging",
    title: "Drip off Mono Carton",
    short: "Mono cartons with a drip-off gloss-and-matte finish.",
    image: image("carton"),
  },
  {
    slug: "bags",
    group: "paper-packaging",
    title: "Paper Bags",
    short: "Printed paper and carry bags with rope or twisted handles.",
    image: image("bags"),
  },
  {
    slug: "poster",
    group: "commercial-printing",
    title: "Poster",
    short: "Bright posters from A3 to large format.",
    image: image("poster"),
  },
  {
    slug: "leaflet",
    group: "commercial-printing",
    title: "Leaflet",
    short: "Single-sheet leaflets for quick, wide distribution.",
    image: image("leaflet"),
  },
  {
    slug: "catalog",
    group: "commercial-printing",
    title: "Catalog",
    short: "Perfect-bound and stitched product catalogs.",
    image: image("catalog"),
  },
  {
    slug: "pamphlet",
    group: "commercial-printing",
    title: "Pamphlet",
    short: "Folded pamphlets that explain an offer in a few panels.",
    image: image("pamphlet"),
  },
  {
    slug: "folder",
    group: "commercial-printing",
    title: "Folder",
    short: "Presentation folders with pockets and card slots.",
    image: image("folder"),
  },
  {
    slug: "brochure",
    group: "commercial-printing",
    title: "Brochure",
    short: "Multi-page brochures that present the company well.",
    image: image("brochure"),
  },
  {
    slug: "diary",
    group: "commercial-printing",
    title: "Diary",
    short: "Corporate diaries with your brand on every page.",
    image: image("diary"),
  },
  {
    slug: "calender",
    group: "commercial-printing",
    title: "Calendar",
    short: "Wall and desk calendars that stay in view all year.",
    image: image("calender"),
  },
  {
    slug: "standee",
    group: "branding-materials",
    title: "Standee",
    short: "Roll-up and cut-out standees for stores and events.",
    image: image("standee"),
  },
  {
    slug: "sunboard",
    group: "branding-materials",
    title: "Sunboard",
    short: "Light, rigid sunboard prints for signs and displays.",
    image: image("sunboard"),
  },
  {
    slug: "flex",
    group: "branding-materials",
    title: "Flex Banner Printing",
    short: "Weather-proof flex banners in any size.",
    image: image("flex"),
  },
] as const satisfies readonly ServiceEntry[];

/** The slugs the catalog has; data keyed by this type must have an entry for every service. */
export type ServiceSlug = (typeof services)[number]["slug"];

export type Service = ServiceEntry & { slug: ServiceSlug };

export function findService(slug: string): Service | undefined {
  return services.find((service): service is (typeof services)[number] => service.slug === slug);
}

export function servicesInGroup(groupId: ServiceGroupId): Service[] {
  return services.filter((service) => service.group === groupId);
}

export function findGroup(groupId: ServiceGroupId): ServiceGroup {
  const group = serviceGroups.find((candidate) => candidate.id === groupId);
  if (!group) throw new Error(`Unknown service group: ${groupId}`);
  return group;
}
