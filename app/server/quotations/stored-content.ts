import type { QuotationBuyer, QuotationContent } from "./document.ts";
import { QuotationError } from "./gst.ts";
import { type GstTreatmentChoice, gstTreatmentProblems } from "./gst-treatment.ts";
import type { GstStateCode } from "./gstin.ts";
import type { SupplyPlace } from "./place-of-supply.ts";
import {
  computeOption,
  computeOptions,
  type OneTimeCharge,
  type OptionResult,
  pricingOfContent,
  type QuotationOption,
  type QuotationPricing,
  ratesInPricing,
} from "./quotation-options.ts";

/**
 * What a quotation stores, in either of its two shapes. The first (no
 * version) priced one set of lines in whole paise per piece; it is read as
 * one option (pricingOfContent) and shown and printed as it always was. The
 * second holds options the buyer chooses between, one-time charges, the
 * addresses, the GST treatment and the place of supply as decided.
 */
export type StoredContent = QuotationContent | OptionsContent;

/** A postal address as a quotation prints it; its state, when given, is the one the place of supply reads. */
export type PostalAddress = { text: string; pinCode: string; stateCode?: GstStateCode };

export type OptionsContent = {
  version: 2;
  options: QuotationOption[];
  oneTimeCharges: OneTimeCharge[];
  /** The last day it may be accepted (YYYY-MM-DD, India). */
  validUntil: string;
  leadTime: string;
  paymentTerms: string;
  deliveryTerms: string;
  notes: string;
  buyer: QuotationBuyer;
  billingAddress: PostalAddress;
  /** Where the goods go; the billing address when undefined. */
  deliveryAddress?: PostalAddress;
  treatment: GstTreatmentChoice;
  /** Delivered to someone else on the buyer's direction (IGST Act s.10(1)(b)). */
  thirdPartyDelivery: boolean;
  place: SupplyPlace;
  /** What the rule proposed, kept beside another state staff chose. */
  proposedPlace?: SupplyPlace;
  /** Staff's reason for another place of supply than the one proposed. */
  placeReason?: string;
};

export function hasOptions(content: StoredContent): content is OptionsContent {
  return "version" in content && content.version === 2;
}

/** The prices of either shape, as the options' arithmetic takes them. */
export function pricingOf(content: StoredContent): QuotationPricing {
  if (!hasOptions(content)) return pricingOfContent(content);
  return {
    options: content.options,
    oneTimeCharges: content.oneTimeCharges,
    treatment: content.treatment,
    supply: content.place.supply,
  };
}

/** Every option's totals and HSN-wise summary; throws a QuotationError for one that cannot be reckoned. */
export function optionResultsOf(content: StoredContent, allowedRates: readonly number[]): OptionResult[] {
  if (hasOptions(content)) {
    const problem = gstTreatmentProblems(content.treatment, content.buyer.gstin)[0];
    if (problem === "lut") throw new QuotationError("A zero-rated supply needs its LUT or bond reference");
  }
  return computeOptions(pricingOf(content), allowedRates);
}

/** The GST rates a quotation charges, as a sent one keeps them. */
export const ratesOfContent = (content: StoredContent): number[] => ratesInPricing(pricingOf(content));

/** How many options the buyer chooses between: one for the first shape. */
export const optionCount = (content: StoredContent): number => (hasOptions(content) ? content.options.length : 1);

/**
 * The total and tax of one option (counted from 0), with the one-time
 * charges: what an acceptance of it counts as won. Undefined for an option
 * the quotation does not have.
 */
export function optionTotal(
  content: StoredContent,
  index: number,
  allowedRates: readonly number[],
): { total: number; tax: number } | undefined {
  if (!Number.isSafeInteger(index) || index < 0 || index >= optionCount(content)) return undefined;
  const { totals } = computeOption(pricingOf(content), index, allowedRates);
  return { total: totals.total, tax: totals.tax };
}
