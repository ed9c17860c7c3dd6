import type { HomeContent } from "../../server/content/page-items.ts";
import { hindiWords } from "./hi/words.ts";
import { pageText } from "./pages.ts";
import { testimonials } from "./testimonials.ts";
import type { Translated } from "./translated.ts";
import { paths } from "./urls.ts";
import { reasons } from "./why-choose-us.ts";

/** The home page's texts as the site starts, before the owner edits them. */
export const homeSeed: Translated<HomeContent> = {
  kicker: "Printing & packaging manufacturer",
  kicker_hi: "प्रिंटिंग और पैकेजिंग निर्माता",
  heading: pageText.home.heading,
  heading_hi: hindiWords.pages.home.heading,
  lead: "Custom boxes, cartons, bags, print and branding materials, made in our own plant and delivered across India.",
  lead_hi: "कस्टम बॉक्स, कार्टन, बैग, प्रिंटिंग और ब्रांडिंग सामग्री, हमारे अपने प्लांट में बनी और पूरे भारत में पहुँचाई गई।",
  primaryLabel: "Explore services",
  primaryLabel_hi: "सेवाएँ देखें",
  primaryPage: paths.services,
  secondaryLabel: "Get a quote",
  secondaryLabel_hi: "कोटेशन माँगें",
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
