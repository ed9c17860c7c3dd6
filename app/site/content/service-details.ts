import type { ServiceSlug } from "./services.ts";

/**
 * The long text of each service, for its own page. Kept apart from services.ts
 * so that pages listing services do not carry every description to the browser.
 */
export type ServiceDetails = {
  description: string;
  features: readonly string[];
  uses: readonly string[];
};

/** Keyed by service slug: the type check fails when a service has no entry, or an entry no service. */
export const serviceDetails: Readonly<Record<ServiceSlug, ServiceDetails>> = {
  box: {
    description:
      "Product boxes made to your dimensions from duplex, SBS or kraft board, printed in up to six colours and finished with lamination, spot UV or foil. We help with the dieline, print a sample and then run the order, from a few hundred to a few lakh pieces.",
    features: [
      "Board from 250 to 450 GSM",
      "Offset print in CMYK and Pantone colours",
      "Matte, gloss or soft-touch lamination",
      "Window patching, embossing and foil stamping",
    ],
    uses: ["Retail product packaging", "Cosmetics and personal care", "Electronics and accessories"],
  },
  cake: {
    description:
      "Cake, pastry and sweet boxes from food-grade board with inks suited to food contact. Lock-bottom and tuck-top styles, optional windows, and sizes from a single slice to a five-kilogram cake.",
    features: [
      "Food-grade board and inks",
      "Grease-resistant coating on request",
      "Clear window options",
      "Flat-packed for easy storage",
    ],
    uses: ["Bakeries and cake shops", "Sweet shops and mithai", "Cafes and cloud kitchens"],
  },
  carton: {
    description:
      "Single-piece folding cartons with a drip-off coating: a gloss varnish and a matte varnish on the same sheet, so the design catches the light where you want it. Made for pharmaceutical, food and FMCG lines that run on automatic packing machines.",
    features: [
      "Drip-off gloss and matte effect",
      "Tight tolerances for machine packing",
      "Braille and batch-code panels on request",
      "Consistent colour across reprints",
    ],
    uses: ["Pharmaceutical packs", "Food and FMCG", "Personal care ranges"],
  },
  bags: {
    description:
      "Carry bags from kraft or art paper, printed with your brand and finished with rope, ribbon or twisted-paper handles. A plastic-free choice that customers carry home and use again.",
    features: [
      "Kraft, white and coloured papers",
      "Rope, ribbon or twisted handles",
      "Reinforced base and handle patches",
      "Lamination for a premium feel",
    ],
    uses: ["Retail and fashion stores", "Events and gifting", "Restaurants and takeaway"],
  },
  poster: {
    description:
      "Posters on art paper or synthetic stock, printed in vivid colour for promotions, launches and notices. Short runs on digital presses, long runs on offset.",
    features: ["Sizes from A3 to 20 × 30 inches", "Art paper or tear-proof synthetic", "Gloss or matte lamination"],
    uses: ["Store promotions", "Event announcements", "Point-of-sale displays"],
  },
  leaflet: {
    description:
      "Single-sheet leaflets printed on one or both sides, delivered trimmed and packed for distribution by hand, in newspapers or at the counter.",
    features: ["A4, A5 and DL sizes", "90 to 170 GSM paper", "Fast turnaround on large quantities"],
    uses: ["Door-to-door campaigns", "Newspaper inserts", "Counter handouts"],
  },
  catalog: {
    description:
      "Product catalogs with accurate colour, bound with saddle stitching or perfect binding, so your range looks in print as it does on screen.",
    features: ["Saddle-stitched or perfect-bound", "Colour-managed proofs", "Covers with lamination or spot UV"],
    uses: ["Product ranges and price lists", "Dealer and distributor kits", "Trade fairs"],
  },
  pamphlet: {
    description: "Pamphlets folded in half or in three, printed on sturdy paper and scored so the folds stay clean.",
    features: ["Half-fold and tri-fold", "Machine scoring for clean folds", "Matching envelopes on request"],
    uses: ["Clinics and schools", "Real estate projects", "Menus and price lists"],
  },
  folder: {
    description:
      "Presentation folders on heavy board with glued pockets and a slot for a visiting card, to keep proposals and documents together.",
    features: ["300 to 400 GSM board", "One or two pockets", "Visiting-card slot"],
    uses: ["Corporate proposals", "Conference kits", "Admission and welcome packs"],
  },
  brochure: {
    description:
      "Brochures of eight pages or more, designed to your layout and printed on premium paper with a cover finish that matches your brand.",
    features: ["8 to 64 pages", "Premium art and textured papers", "Foil, embossing and spot UV covers"],
    uses: ["Company profiles", "Project and property launches", "Investor and annual reports"],
  },
  diary: {
    description:
      "Dated and undated diaries with printed or embossed covers, branded inner pages, ribbons and elastic closures, delivered in time for the new year.",
    features: ["Hard and soft covers", "Branded inner pages", "Ribbon marker and elastic closure"],
    uses: ["Corporate gifting", "Dealer and staff kits", "Schools and institutions"],
  },
  calender: {
    description:
      "Wall, desk and table-tent calendars printed with your brand, with wiro binding and stands, so your name stays in front of customers all year.",
    features: ["Wall, desk and table-tent formats", "Wiro binding and hangers", "Custom dates and festival lists"],
    uses: ["New-year gifting", "Customer reminders", "Promotional giveaways"],
  },
  standee: {
    description:
      "Roll-up, X-frame and cut-out standees printed in high resolution on durable media, packed with a carry case and set up in a minute.",
    features: ["Roll-up and X-frame stands", "Cut-out shapes on board", "Carry case included"],
    uses: ["Store entrances", "Exhibitions and events", "Product launches"],
  },
  sunboard: {
    description:
      "Prints mounted on lightweight sunboard, cut to shape for signage, wall displays and directional boards, indoors or sheltered outdoors.",
    features: ["3 to 10 mm boards", "Cut to any shape", "Lamination against scuffs"],
    uses: ["In-store signage", "Office wall branding", "Event direction boards"],
  },
  flex: {
    description:
      "Flex banners printed with solvent and eco-solvent inks that stand up to sun and rain, with eyelets or pockets for hanging, in any length.",
    features: ["Frontlit and backlit flex", "Weather-resistant inks", "Eyelets, pockets or frames"],
    uses: ["Shopfront hoardings", "Outdoor events", "Site and construction banners"],
  },
};
