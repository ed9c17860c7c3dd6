import { BOX_STYLES, type BoxStyle, QUOTE_GROUPS, type QuoteSpec } from "../contact/quote-spec.ts";
import { isHsnCode } from "../quotations/gst-rates.ts";
import type { FieldProblems, GroupShape, PhotoChoice } from "./shapes.ts";

/**
 * The catalog of services as the company edits it: each service's name,
 * words, photo, the questions its quote form asks, its HSN code, and whether
 * visitors see it. The navigation, the grids, the sitemap, the service pages
 * and the quote form all follow it.
 */

/** The three groups the navigation and the side menu show the services in. */
export const SERVICE_GROUPS = ["paper-packaging", "commercial-printing", "branding-materials"] as const;
export type ServiceGroupId = (typeof SERVICE_GROUPS)[number];

/**
 * The drawings a service can be shown with where it has no photo, one per
 * service the site started with (public/images/services/{name}.svg); a new
 * service takes the one nearest to it.
 */
export const SERVICE_DRAWINGS = [
  "box",
  "cake",
  "carton",
  "bags",
  "poster",
  "leaflet",
  "catalog",
  "pamphlet",
  "folder",
  "brochure",
  "diary",
  "calender",
  "standee",
  "sunboard",
  "flex",
] as const;
export type ServiceDrawing = (typeof SERVICE_DRAWINGS)[number];

/** The most services the catalog holds: what the navigation's menu and the footer have room for. */
export const SERVICES_MAX = 30;

const line = (max: number) => ({ kind: "line", max }) as const;
const shortLines = { kind: "lines", max: 80, maxItems: 8 } as const;

export const servicesShape = {
  services: {
    kind: "list",
    minItems: 1,
    maxItems: SERVICES_MAX,
    of: {
      title: line(40),
      slug: { kind: "line", max: 40, fixed: true },
      group: { kind: "choice", options: SERVICE_GROUPS },
      hidden: { kind: "flag" },
      short: line(90),
      description: { kind: "text", max: 1500, markdown: true },
      features: shortLines,
      uses: shortLines,
      photo: { kind: "photo", place: "service" },
      drawing: { kind: "choice", options: SERVICE_DRAWINGS },
      hsn: { kind: "line", max: 8, fixed: true },
      quoteGroup: { kind: "choice", options: QUOTE_GROUPS },
      styles: { kind: "choices", options: BOX_STYLES },
      handle: { kind: "flag" },
      sizes: { kind: "lines", max: 30, maxItems: 8, fixed: true },
      pages: { kind: "flag" },
      bindings: { kind: "lines", max: 40, maxItems: 8 },
      materials: { kind: "lines", max: 40, maxItems: 8 },
    },
  },
} as const satisfies GroupShape;

export type ServiceEntry = {
  title: string;
  /** The address segment: /services/{slug}. Kept as the old site spelled it. */
  slug: string;
  group: ServiceGroupId;
  /** Kept in the catalog but shown nowhere: its page is not found, its quote not offered. */
  hidden: boolean;
  short: string;
  /** Markdown. */
  description: string;
  features: readonly string[];
  uses: readonly string[];
  photo: PhotoChoice | null;
  drawing: ServiceDrawing;
  /** The HSN code a quotation line for it starts with. */
  hsn: string;
  quoteGroup: QuoteSpec["group"];
  styles: readonly BoxStyle[];
  handle: boolean;
  sizes: readonly string[];
  pages: boolean;
  bindings: readonly string[];
  materials: readonly string[];
};

export type ServicesContent = { services: readonly ServiceEntry[] };

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** What the shape cannot say of the catalog: an address segment of the wrong form or used twice, an HSN code, a box without styles. */
export function servicesProblems({ services }: ServicesContent): FieldProblems {
  const problems: FieldProblems = {};
  const seen = new Set<string>();
  services.forEach((service, index) => {
    const at = (field: string) => `services.${index}.${field}`;
    if (!SLUG.test(service.slug)) problems[at("slug")] = "slug";
    else if (seen.has(service.slug)) problems[at("slug")] = "slug-taken";
    seen.add(service.slug);
    if (!isHsnCode(service.hsn)) problems[at("hsn")] = "hsn";
    if (service.quoteGroup === "box" && service.styles.length === 0) problems[at("styles")] = "too-few";
    if (service.quoteGroup === "paper" && service.sizes.length === 0) problems[at("sizes")] = "too-few";
    if (service.quoteGroup === "large-format" && service.materials.length === 0) problems[at("materials")] = "too-few";
  });
  if (services.every((service) => service.hidden)) problems.services = "too-few";
  return problems;
}

/** The questions a service's quote form asks, from its entry. */
export function quoteSpecOf(service: ServiceEntry): QuoteSpec<BoxStyle> {
  switch (service.quoteGroup) {
    case "box":
      return { group: "box", styles: service.styles, ...(service.handle && { handle: true as const }) };
    case "paper":
      return { group: "paper", sizes: service.sizes, pages: service.pages, bindings: service.bindings };
    default:
      return { group: "large-format", materials: service.materials };
  }
}

/** A service's quote questions as its entry holds them: every group's fields, those of other groups empty. */
export function quoteFieldsOf(spec: QuoteSpec<BoxStyle>) {
  return {
    quoteGroup: spec.group,
    styles: spec.group === "box" ? spec.styles : [],
    handle: spec.group === "box" && spec.handle === true,
    sizes: spec.group === "paper" ? spec.sizes : [],
    pages: spec.group === "paper" && spec.pages,
    bindings: spec.group === "paper" ? spec.bindings : [],
    materials: spec.group === "large-format" ? spec.materials : [],
  };
}

/** The services visitors see, in the catalog's order. */
export function shownServices({ services }: ServicesContent): readonly ServiceEntry[] {
  return services.filter((service) => !service.hidden);
}
