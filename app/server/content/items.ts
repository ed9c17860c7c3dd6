import * as v from "valibot";
import { gstRateTableSchema } from "../quotations/gst-rates.ts";
import { companySchema } from "./company-item.ts";

/**
 * Every item of the site's content the company edits, each with the schema
 * that checks its editor's form, an imported file and its seed.
 */
export const CONTENT_ITEMS = {
  company: companySchema,
  "gst-rates": gstRateTableSchema,
} as const satisfies Record<string, v.GenericSchema>;

export type ContentItem = keyof typeof CONTENT_ITEMS;

export function isContentItem(value: string): value is ContentItem {
  return Object.hasOwn(CONTENT_ITEMS, value);
}

/** What is wrong with a body for its item, one line per problem, each naming where it is: none when it is good. */
export function itemProblems(item: ContentItem, body: unknown): string[] {
  const result = v.safeParse(CONTENT_ITEMS[item], body);
  if (result.success) return [];
  return result.issues.map((issue) => {
    const where = issue.path?.map((step) => String(step.key)).join(".") || "(the whole item)";
    return `${item}: ${where}: ${issue.message}`;
  });
}
