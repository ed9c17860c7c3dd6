import type { ProductContent } from "../../server/content/page-items.ts";
import { serviceUrl } from "./urls.ts";

/** The product page as the site starts: the packaging box, with no words above it. */
export const productSeed: ProductContent = { intro: "", featured: serviceUrl("box") };
