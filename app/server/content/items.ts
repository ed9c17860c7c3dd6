import * as v from "valibot";
import { gstRateTableSchema } from "../quotations/gst-rates.ts";
import type { StaffAbility } from "../staff/roles.ts";
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

/** The items in the order the staff area lists them. */
export const CONTENT_ITEM_IDS = Object.keys(CONTENT_ITEMS) as ContentItem[];

export function isContentItem(value: string | undefined): value is ContentItem {
  return value !== undefined && Object.hasOwn(CONTENT_ITEMS, value);
}

/** What changing an item takes: the company's details and its tax settings are an owner's to change. */
export const ABILITY_TO_CHANGE: Readonly<Record<ContentItem, StaffAbility>> = {
  company: "canChangeCompanyAndTax",
  "gst-rates": "canChangeCompanyAndTax",
};

/** What is wrong with a body for its item, one line per problem, each naming where it is: none when it is good. */
export function itemProblems(item: ContentItem, body: unknown): string[] {
  const result = v.safeParse(CONTENT_ITEMS[item], body);
  if (result.success) return [];
  return result.issues.map((issue) => {
    const where = issue.path?.map((step) => String(step.key)).join(".") || "(the whole item)";
    return `${item}: ${where}: ${issue.message}`;
  });
}
