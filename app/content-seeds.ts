import type { ContentSeeds } from "./server/service-content.ts";
import { billing } from "./site/content/billing.ts";
import { companySeed } from "./site/content/site.ts";

/**
 * What each item the company edits starts from on a fresh database: the
 * content in the site's files. Read by the services at start and by
 * `npm run content`, which runs without the build.
 */
export const contentSeeds: ContentSeeds = { company: companySeed, "gst-rates": billing.gstRateTable };
