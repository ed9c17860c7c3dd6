import { quoteFieldsOf, type ServicesContent } from "../../server/content/services-item.ts";
import { billing } from "./billing.ts";
import { servicesInHindi } from "./hi/services.ts";
import { photoAlts, photoAltsInHindi } from "./photo-alts.ts";
import { quoteSpecs } from "./quote-form.ts";
import { serviceDetails } from "./service-details.ts";
import { services } from "./services.ts";
import type { Translated } from "./translated.ts";

/** The bindings and materials the quote form offers, in Hindi. */
const quoteOptionsInHindi: Readonly<Record<string, string>> = {
  "Centre stitched": "सेंटर स्टिचिंग",
  "Perfect bound": "परफ़ेक्ट बाइंडिंग",
  "Folded, no binding": "सिर्फ़ मोड़ा हुआ, बिना बाइंडिंग",
  "Wiro bound": "वायरो बाइंडिंग",
  "Case bound": "हार्ड कवर (केस) बाइंडिंग",
  "Desk stand": "डेस्क स्टैंड",
  "Roll-up (banner stand)": "रोल-अप (बैनर स्टैंड)",
  "Sunboard cut-out": "सनबोर्ड कट-आउट",
  "Flex on frame": "फ़्रेम पर फ़्लेक्स",
  "Sunboard 3 mm": "सनबोर्ड 3 mm",
  "Sunboard 5 mm": "सनबोर्ड 5 mm",
  "Foam board": "फ़ोम बोर्ड",
  "Frontlit flex": "फ़्रंटलिट फ़्लेक्स",
  "Backlit flex": "बैकलिट फ़्लेक्स",
  "Star flex": "स्टार फ़्लेक्स",
  Vinyl: "विनाइल",
};

/** A list of options in Hindi; none while one of them has no Hindi yet, which leaves the service untranslated. */
const inHindi = (options: readonly string[]) =>
  options.every((option) => Object.hasOwn(quoteOptionsInHindi, option))
    ? options.map((option) => quoteOptionsInHindi[option] as string)
    : [];

/** The catalog as the site starts, before the owner edits it: every service of the site's files, each shown. */
export const servicesSeed: Translated<ServicesContent> = {
  services: services.map((service) => {
    const details = serviceDetails[service.slug];
    const photo = "photo" in service ? service.photo : undefined;
    const quote = quoteFieldsOf(quoteSpecs[service.slug]);
    return {
      title: service.title,
      title_hi: servicesInHindi[service.slug].title,
      slug: service.slug,
      group: service.group,
      hidden: false,
      short: service.short,
      short_hi: servicesInHindi[service.slug].short,
      ...details,
      photo: photo
        ? { id: photo, alt: photoAlts[photo], alt_hi: photoAltsInHindi[photo], focusX: 50, focusY: 50 }
        : null,
      drawing: service.slug,
      hsn: billing.hsnByService[service.slug],
      ...quote,
      bindings_hi: inHindi(quote.bindings),
      materials_hi: inHindi(quote.materials),
    };
  }),
};
