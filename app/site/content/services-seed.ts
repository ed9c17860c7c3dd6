import { quoteFieldsOf, type ServicesContent } from "../../server/content/services-item.ts";
import { billing } from "./billing.ts";
import { photoAlts } from "./photo-alts.ts";
import { quoteSpecs } from "./quote-form.ts";
import { serviceDetails } from "./service-details.ts";
import { services } from "./services.ts";

/** The catalog as the site starts, before the owner edits it: every service of the site's files, each shown. */
export const servicesSeed: ServicesContent = {
  services: services.map((service) => {
    const details = serviceDetails[service.slug];
    const photo = "photo" in service ? service.photo : undefined;
    return {
      title: service.title,
      slug: service.slug,
      group: service.group,
      hidden: false,
      short: service.short,
      description: details.description,
      features: details.features,
      uses: details.uses,
      photo: photo ? { id: photo, alt: photoAlts[photo], focusX: 50, focusY: 50 } : null,
      drawing: service.slug,
      hsn: billing.hsnByService[service.slug],
      ...quoteFieldsOf(quoteSpecs[service.slug]),
    };
  }),
};
