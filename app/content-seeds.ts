import { billingContentOf } from "./server/quotations/billing-item.ts";
import type { ContentSeeds } from "./server/service-content.ts";
import { aboutSeed } from "./site/content/about.ts";
import { billing } from "./site/content/billing.ts";
import { faqSeed } from "./site/content/faq.ts";
import { homeSeed } from "./site/content/home.ts";
import { privacySeed, termsSeed } from "./site/content/legal.ts";
import { productSeed } from "./site/content/product.ts";
import { servicesSeed } from "./site/content/services-seed.ts";
import { companySeed } from "./site/content/site.ts";

/**
 * What each item the company edits starts from on a fresh database: the
 * content in the site's files. Read by the services at start and by
 * `npm run content`, which runs without the build.
 */
export const contentSeeds: ContentSeeds = {
  company: companySeed,
  "gst-rates": billing.gstRateTable,
  services: servicesSeed,
  home: homeSeed,
  about: aboutSeed,
  product: productSeed,
  faq: faqSeed,
  terms: termsSeed,
  privacy: privacySeed,
  billing: billingContentOf(billing),
};
