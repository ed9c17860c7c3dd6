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
  title_hi: string;
  short: string;
  short_hi: string;
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
    title_hi: "पैकेजिंग बॉक्स",
    short: "Custom printed boxes in any size, board and finish.",
    short_hi: "हर साइज़, बोर्ड और फ़िनिश में कस्टम प्रिंटेड बॉक्स।",
  },
  {
    slug: "cake",
    group: "paper-packaging",
    title: "Cake Box",
    title_hi: "केक बॉक्स",
    short: "Food-safe cake and pastry boxes that keep their shape.",
    short_hi: "फ़ूड-सेफ़ केक और पेस्ट्री बॉक्स, जो अपना आकार बनाए रखते हैं।",
    photo: "cake-boxes",
  },
  {
    slug: "carton",
    group: "paper-packaging",
    title: "Drip off Mono Carton",
    title_hi: "ड्रिप-ऑफ़ मोनो कार्टन",
    short: "Mono cartons with a drip-off gloss-and-matte finish.",
    short_hi: "ड्रिप-ऑफ़ ग्लॉस और मैट फ़िनिश वाले मोनो कार्टन।",
  },
  {
    slug: "bags",
    group: "paper-packaging",
    title: "Paper Bags",
    title_hi: "पेपर बैग",
    short: "Printed paper and carry bags with rope or twisted handles.",
    short_hi: "रस्सी या ट्विस्टेड हैंडल वाले प्रिंटेड पेपर बैग और कैरी बैग।",
  },
  {
    slug: "poster",
    group: "commercial-printing",
    title: "Poster",
    title_hi: "पोस्टर",
    short: "Bright posters from A3 to large format.",
    short_hi: "A3 से लेकर बड़े साइज़ तक, चटकीले रंगों वाले पोस्टर।",
  },
  {
    slug: "leaflet",
    group: "commercial-printing",
    title: "Leaflet",
    title_hi: "लीफ़लेट",
    short: "Single-sheet leaflets for quick, wide distribution.",
    short_hi: "जल्दी और दूर-दूर तक बाँटने के लिए एक पन्ने के लीफ़लेट।",
  },
  {
    slug: "catalog",
    group: "commercial-printing",
    title: "Catalog",
    title_hi: "कैटलॉग",
    short: "Perfect-bound and stitched product catalogs.",
    short_hi: "परफ़ेक्ट बाइंडिंग और स्टिचिंग वाले प्रोडक्ट कैटलॉग।",
  },
  {
    slug: "pamphlet",
    group: "commercial-printing",
    title: "Pamphlet",
    title_hi: "पैम्फ़लेट",
    short: "Folded pamphlets that explain an offer in a few panels.",
    short_hi: "मोड़कर बनने वाले पैम्फ़लेट, जो कुछ ही पैनलों में ऑफ़र समझा दें।",
  },
  {
    slug: "folder",
    group: "commercial-printing",
    title: "Folder",
    title_hi: "फ़ोल्डर",
    short: "Presentation folders with pockets and card slots.",
    short_hi: "पॉकेट और विज़िटिंग कार्ड स्लॉट वाले प्रेज़ेंटेशन फ़ोल्डर।",
  },
  {
    slug: "brochure",
    group: "commercial-printing",
    title: "Brochure",
    title_hi: "ब्रोशर",
    short: "Multi-page brochures that present the company well.",
    short_hi: "कई पन्नों के ब्रोशर, जो आपकी कंपनी को अच्छी तरह पेश करें।",
  },
  {
    slug: "diary",
    group: "commercial-printing",
    title: "Diary",
    title_hi: "डायरी",
    short: "Corporate diaries with your brand on every page.",
    short_hi: "हर पन्ने पर आपके ब्रांड वाली कॉर्पोरेट डायरी।",
  },
  {
    slug: "calender",
    group: "commercial-printing",
    title: "Calendar",
    title_hi: "कैलेंडर",
    short: "Wall and desk calendars that stay in view all year.",
    short_hi: "दीवार और टेबल कैलेंडर, जो पूरे साल नज़र के सामने रहें।",
  },
  {
    slug: "standee",
    group: "branding-materials",
    title: "Standee",
    title_hi: "स्टैंडी",
    short: "Roll-up and cut-out standees for stores and events.",
    short_hi: "दुकानों और इवेंट के लिए रोल-अप और कट-आउट स्टैंडी।",
  },
  {
    slug: "sunboard",
    group: "branding-materials",
    title: "Sunboard",
    title_hi: "सनबोर्ड",
    short: "Light, rigid sunboard prints for signs and displays.",
    short_hi: "साइनबोर्ड और डिस्प्ले के लिए हल्के, मज़बूत सनबोर्ड प्रिंट।",
  },
  {
    slug: "flex",
    group: "branding-materials",
    title: "Flex Banner Printing",
    title_hi: "फ़्लेक्स बैनर प्रिंटिंग",
    short: "Weather-proof flex banners in any size.",
    short_hi: "धूप और बारिश झेलने वाले फ़्लेक्स बैनर, किसी भी साइज़ में।",
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
