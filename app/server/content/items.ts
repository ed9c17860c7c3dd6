import * as v from "valibot";
import { type BillingContent, billingProblems, billingShape } from "../quotations/billing-item.ts";
import { type GstRateTable, gstRateTableSchema } from "../quotations/gst-rates.ts";
import type { StaffAbility } from "../staff/roles.ts";
import { type CompanySettings, companySchema } from "./company-item.ts";
import {
  type AboutContent,
  aboutShape,
  type FaqContent,
  faqShape,
  type HomeContent,
  homeShape,
  isDay,
  type LegalContent,
  type PrivacyContent,
  type ProductContent,
  privacyShape,
  productShape,
  termsShape,
  unknownPlaceholders,
} from "./page-items.ts";
import { type ServicesContent, servicesProblems, servicesShape } from "./services-item.ts";
import { type FieldProblems, type GroupShape, groupSchema, type SiteFacts, shapeProblems } from "./shapes.ts";

/**
 * The items edited as text in a form drawn from their shape (shapes.ts), and
 * what each must also be beyond its shape.
 */
export const SHAPED_ITEMS = {
  services: servicesShape,
  home: homeShape,
  about: aboutShape,
  product: productShape,
  faq: faqShape,
  terms: termsShape,
  privacy: privacyShape,
  billing: billingShape,
} as const satisfies Record<string, GroupShape>;

export type ShapedItem = keyof typeof SHAPED_ITEMS;

/**
 * The largest editor's form: the services' catalog at its longest (30
 * services, every text at its limit in English and in Hindi), percent-encoded,
 * where a Devanagari character takes 9 bytes.
 */
export const EDITOR_FORM_LIMIT_BYTES = 1536 * 1024;

const legalProblems = (body: LegalContent): FieldProblems => (isDay(body.lastUpdated) ? {} : { lastUpdated: "day" });

const BEYOND_SHAPE: { readonly [Item in ShapedItem]?: (body: never) => FieldProblems } = {
  billing: (body: BillingContent) => billingProblems(body),
  services: (body: ServicesContent) => servicesProblems(body),
  terms: legalProblems,
  privacy: (body: LegalContent) => {
    const problems = legalProblems(body);
    body.sections.forEach((section, index) => {
      if (unknownPlaceholders(section.body).length > 0) problems[`sections.${index}.body`] ??= "placeholder";
    });
    return problems;
  },
};

/**
 * Every item of the site's content the company edits, each with the schema
 * that checks its editor's form, an imported file and its seed.
 */
export const CONTENT_ITEMS = {
  company: companySchema,
  "gst-rates": gstRateTableSchema,
  services: groupSchema(servicesShape),
  home: groupSchema(homeShape),
  about: groupSchema(aboutShape),
  product: groupSchema(productShape),
  faq: groupSchema(faqShape),
  terms: groupSchema(termsShape),
  privacy: groupSchema(privacyShape),
  billing: groupSchema(billingShape),
} as const satisfies Record<string, v.GenericSchema>;

export type ContentItem = keyof typeof CONTENT_ITEMS;

/** What each item holds, as its schema has checked it. */
export type ItemBodies = {
  company: CompanySettings;
  "gst-rates": GstRateTable;
  services: ServicesContent;
  home: HomeContent;
  about: AboutContent;
  product: ProductContent;
  faq: FaqContent;
  terms: LegalContent;
  privacy: PrivacyContent;
  billing: BillingContent;
};

/** The items in the order the staff area lists them. */
export const CONTENT_ITEM_IDS = Object.keys(CONTENT_ITEMS) as ContentItem[];

export function isContentItem(value: string | undefined): value is ContentItem {
  return value !== undefined && Object.hasOwn(CONTENT_ITEMS, value);
}

export function isShapedItem(value: string | undefined): value is ShapedItem {
  return value !== undefined && Object.hasOwn(SHAPED_ITEMS, value);
}

/** What changing an item takes: the company's details and its tax settings are an owner's to change. */
export const ABILITY_TO_CHANGE: Readonly<Record<ContentItem, StaffAbility>> = {
  company: "canChangeCompanyAndTax",
  "gst-rates": "canChangeCompanyAndTax",
  billing: "canChangeCompanyAndTax",
  services: "canEditDrafts",
  home: "canEditDrafts",
  about: "canEditDrafts",
  product: "canEditDrafts",
  faq: "canEditDrafts",
  terms: "canEditDrafts",
  privacy: "canEditDrafts",
};

/** What is wrong with a shaped item's body, by the editor's field names: its shape's problems, then the rest. */
export function shapedItemProblems(item: ShapedItem, body: unknown, facts: SiteFacts): FieldProblems {
  const problems = shapeProblems(SHAPED_ITEMS[item], body, facts);
  if (Object.keys(problems).length > 0) return problems;
  return BEYOND_SHAPE[item]?.(body as never) ?? {};
}

/**
 * What is wrong with a body for its item, one line per problem, each naming
 * where it is: none when it is good. With `facts`, links and photos are
 * checked against the site as well.
 */
export function itemProblems(item: ContentItem, body: unknown, facts?: SiteFacts): string[] {
  if (isShapedItem(item) && facts) {
    return Object.entries(shapedItemProblems(item, body, facts)).map(
      ([where, problem]) => `${item}: ${where || "(the whole item)"}: ${problem}`,
    );
  }
  const result = v.safeParse(CONTENT_ITEMS[item], body);
  if (result.success) return [];
  return result.issues.map((issue) => {
    const where = issue.path?.map((step) => String(step.key)).join(".") || "(the whole item)";
    return `${item}: ${where}: ${issue.message}`;
  });
}
