/** The 15 services, in the three groups the navigation and side menu show. */

export type ServiceGroupId = "paper-packaging" | "commercial-printing" | "branding-materials";

export type ServiceGroup = {
  id: ServiceGroupId;
  title: string;
  summary: string;
};

export type Service = {
  /** The address segment: /services/{slug}. Kept as the old site spelled it. */
  slug: string;
  group: ServiceGroupId;
  title: string;
  short: string;
  description: string;
  features: readonly string[];
  uses: readonly string[];
  /** An illustration in public/images/services; every one is drawn on the same canvas. */
  image: string;
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

const image = (slug: string) => `/images/services/${slug}.svg`;

export const services: readonly Service[] = [
  {
    slug: "box",
    group: "paper-packaging",
    title: "Packaging Box",
    short: "Custom printed boxes in any size, board and finish.",
    description:
      "Product boxes made to your dimensions from duplex, SBS or kraft board, printed in up to six colours and finished with lamination, spot UV or foil. We help with the dieline, print a sample and then run the order, from a few hundred to a few lakh pieces.",
    features: [
      "Board from 250 to 450 GSM",
      "Offset print in CMYK and Pantone colours",
      "Matte, gloss or soft-touch lamination",
      "Window patching, embossing and foil stamping",
    ],
    uses: ["Retail product packaging", "Cosmetics and personal care", "Electronics and accessories"],
    image: image("box"),
  },
  {
    slug: "cake",
    group: "paper-packaging",
    title: "Cake Box",
    short: "Food-safe cake and pastry boxes that keep their shape.",
    description:
      "Cake, pastry and sweet boxes from food-grade board with inks suited to food contact. Lock-bottom and tuck-top styles, optional windows, and sizes from a single slice to a five-kilogram cake.",
    features: [
      "Food-grade board and inks",
      "Grease-resistant coating on request",
      "Clear window options",
      "Flat-packed for easy storage",
    ],
    uses: ["Bakeries and cake shops", "Sweet shops and mithai", "Cafes and cloud kitchens"],
    image: image("cake"),
  },
  {
    slug: "carton",
    group: "paper-packaging",
    title: "Drip off Mono Carton",
    short: "Mono cartons with a drip-off gloss-and-matte finish.",
    description:
      "Single-piece folding cartons with a drip-off coating: a gloss varnish and a matte varnish on the same sheet, so the design catches the light where you want it. Made for pharmaceutical, food and FMCG lines that run on automatic packing machines.",
    features: [
      "Drip-off gloss and matte effect",
      "Tight tolerances for machine packing",
      "Braille and batch-code panels on request",
      "Consistent colour across reprints",
    ],
    uses: ["Pharmaceutical packs", "Food and FMCG", "Personal care ranges"],
    image: image("carton"),
  },
  {
    slug: "bags",
    group: "paper-packaging",
    title: "Paper Bags",
    short: "Printed paper and carry bags with rope or twisted handles.",
    description:
      "Carry bags from kraft or art paper, printed with your brand and finished with rope, ribbon or twisted-paper handles. A plastic-free choice that customers carry home and use again.",
    features: [
      "Kraft, white and coloured papers",
      "Rope, ribbon or twisted handles",
      "Reinforced base and handle patches",
      "Lamination for a premium feel",
    ],
    uses: ["Retail and fashion stores", "Events and gifting", "Restaurants and takeaway"],
    image: image("bags"),
  },
  {
    slug: "poster",
    group: "commercial-printing",
    title: "Poster",
    short: "Bright posters from A3 to large format.",
    description:
      "Posters on art paper or synthetic stock, printed in vivid colour for promotions, launches and notices. Short runs on digital presses, long runs on offset.",
    features: ["Sizes from A3 to 20 × 30 inches", "Art paper or tear-proof synthetic", "Gloss or matte lamination"],
    uses: ["Store promotions", "Event announcements", "Point-of-sale displays"],
    image: image("poster"),
  },
  {
    slug: "leaflet",
    group: "commercial-printing",
    title: "Leaflet",
    short: "Single-sheet leaflets for quick, wide distribution.",
    description:
      "Single-sheet leaflets printed on one or both sides, delivered trimmed and packed for distribution by hand, in newspapers or at the counter.",
    features: ["A4, A5 and DL sizes", "90 to 170 GSM paper", "Fast turnaround on large quantities"],
    uses: ["Door-to-door campaigns", "Newspaper inserts", "Counter handouts"],
    image: image("leaflet"),
  },
  {
    slug: "catalog",
    group: "commercial-printing",
    title: "Catalog",
    short: "Perfect-bound and stitched product catalogs.",
    description:
      "Product catalogs with accurate colour, bound with saddle stitching or perfect binding, so your range looks in print as it does on screen.",
    features: ["Saddle-stitched or perfect-bound", "Colour-managed proofs", "Covers with lamination or spot UV"],
    uses: ["Product ranges and price lists", "Dealer and distributor kits", "Trade fairs"],
    image: image("catalog"),
  },
  {
    slug: "pamphlet",
    group: "commercial-printing",
    title: "Pamphlet",
    short: "Folded pamphlets that explain an offer in a few panels.",
    description: "Pamphlets folded in half or in three, printed on sturdy paper and scored so the folds stay clean.",
    features: ["Half-fold and tri-fold", "Machine scoring for clean folds", "Matching envelopes on request"],
    uses: ["Clinics and schools", "Real estate projects", "Menus and price lists"],
    image: image("pamphlet"),
  },
  {
    slug: "folder",
    group: "commercial-printing",
    title: "Folder",
    short: "Presentation folders with pockets and card slots.",
    description:
      "Presentation folders on heavy board with glued pockets and a slot for a visiting card, to keep proposals and documents together.",
    features: ["300 to 400 GSM board", "One or two pockets", "Visiting-card slot"],
    uses: ["Corporate proposals", "Conference kits", "Admission and welcome packs"],
    image: image("folder"),
  },
  {
    slug: "brochure",
    group: "commercial-printing",
    title: "Brochure",
    short: "Multi-page brochures that present the company well.",
    description:
      "Brochures of eight pages or more, designed to your layout and printed on premium paper with a cover finish that matches your brand.",
    features: ["8 to 64 pages", "Premium art and textured papers", "Foil, embossing and spot UV covers"],
    uses: ["Company profiles", "Project and property launches", "Investor and annual reports"],
    image: image("brochure"),
  },
  {
    slug: "diary",
    group: "commercial-printing",
    title: "Diary",
    short: "Corporate diaries with your brand on every page.",
    description:
      "Dated and undated diaries with printed or embossed covers, branded inner pages, ribbons and elastic closures, delivered in time for the new year.",
    features: ["Hard and soft covers", "Branded inner pages", "Ribbon marker and elastic closure"],
    uses: ["Corporate gifting", "Dealer and staff kits", "Schools and institutions"],
    image: image("diary"),
  },
  {
    slug: "calender",
    group: "commercial-printing",
    title: "Calendar",
    short: "Wall and desk calendars that stay in view all year.",
    description:
      "Wall, desk and table-tent calendars printed with your brand, with wiro binding and stands, so your name stays in front of customers all year.",
    features: ["Wall, desk and table-tent formats", "Wiro binding and hangers", "Custom dates and festival lists"],
    uses: ["New-year gifting", "Customer reminders", "Promotional giveaways"],
    image: image("calender"),
  },
  {
    slug: "standee",
    group: "branding-materials",
    title: "Standee",
    short: "Roll-up and cut-out standees for stores and events.",
    description:
      "Roll-up, X-frame and cut-out standees printed in high resolution on durable media, packed with a carry case and set up in a minute.",
    features: ["Roll-up and X-frame stands", "Cut-out shapes on board", "Carry case included"],
    uses: ["Store entrances", "Exhibitions and events", "Product launches"],
    image: image("standee"),
  },
  {
    slug: "sunboard",
    group: "branding-materials",
    title: "Sunboard",
    short: "Light, rigid sunboard prints for signs and displays.",
    description:
      "Prints mounted on lightweight sunboard, cut to shape for signage, wall displays and directional boards, indoors or sheltered outdoors.",
    features: ["3 to 10 mm boards", "Cut to any shape", "Lamination against scuffs"],
    uses: ["In-store signage", "Office wall branding", "Event direction boards"],
    image: image("sunboard"),
  },
  {
    slug: "flex",
    group: "branding-materials",
    title: "Flex Banner Printing",
    short: "Weather-proof flex banners in any size.",
    description:
      "Flex banners printed with solvent and eco-solvent inks that stand up to sun and rain, with eyelets or pockets for hanging, in any length.",
    features: ["Frontlit and backlit flex", "Weather-resistant inks", "Eyelets, pockets or frames"],
    uses: ["Shopfront hoardings", "Outdoor events", "Site and construction banners"],
    image: image("flex"),
  },
];

export function findService(slug: string): Service | undefined {
  return services.find((service) => service.slug === slug);
}

export function servicesInGroup(groupId: ServiceGroupId): Service[] {
  return services.filter((service) => service.group === groupId);
}

export function findGroup(groupId: ServiceGroupId): ServiceGroup {
  const group = serviceGroups.find((candidate) => candidate.id === groupId);
  if (!group) throw new Error(`Unknown service group: ${groupId}`);
  return group;
}
