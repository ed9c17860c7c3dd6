import type { QuotationContent } from "./document.ts";
import {
  computeOptionTotals,
  type Discount,
  type OptionTotals,
  QuotationError,
  type Supply,
  type UnitPrice,
} from "./gst.ts";
import { type GstTreatmentChoice, taxModeOf } from "./gst-treatment.ts";
import { gstinProblem } from "./gstin.ts";
import { type HsnSummaryRow, hsnSummary } from "./hsn-summary.ts";
import type { Milli, Paise } from "./money.ts";

/**
 * A quotation's prices as packaging is bought: one or more options, which the
 * buyer chooses between (5,000 boxes, or 10,000 at a lower price), each with
 * its own lines, and one-time charges (a die, plates, cylinders, design) made
 * once whichever option is ordered. Each option is reckoned on its own, with
 * the one-time charges in it; only the option accepted is an order.
 */

/** A priced line of an option, as staff write it. */
export type OptionLine = {
  description: string;
  hsn: string;
  quantityMilli: Milli;
  unit: string;
  /** To four decimals of a rupee, per 1, 100 or 1,000 of the unit. */
  unitPrice: UnitPrice;
  /** The line's own discount, before the option's discount on the whole. */
  discount?: Discount;
  gstRate: number;
};

export type QuotationOption = {
  /** How the buyer tells the options apart ("5,000 boxes"); empty for a quotation of one option. */
  label: string;
  lines: OptionLine[];
  /** The discount on the whole option, after its lines' own. */
  discount?: Discount;
  packingPaise: Paise;
  freightPaise: Paise;
};

/** A charge made once for the order, whichever option is chosen; its code is an HSN or a SAC. */
export type OneTimeCharge = { description: string; hsn: string; amountPaise: Paise; gstRate: number };

export type QuotationPricing = {
  options: QuotationOption[];
  oneTimeCharges: OneTimeCharge[];
  treatment: GstTreatmentChoice;
  /** The place of supply's, as decided for the quotation (place-of-supply.ts). */
  supply: Supply;
};

/** The most options one quotation offers: price breaks for a handful of quantities. */
export const MAX_OPTIONS = 6;

/** The most one-time charges one quotation lists. */
export const MAX_ONE_TIME_CHARGES = 8;

export type OptionResult = { totals: OptionTotals; hsnSummary: HsnSummaryRow[] };

/** A message about one option says which, when there are several; one about a one-time charge or a setting is every option's. */
function ofOption(error: QuotationError, index: number): QuotationError {
  const { message } = error;
  if (message.startsWith("One-time charge") || message.startsWith("The allowed GST rate")) return error;
  const rest = message.startsWith("Line ")
    ? `, line${message.slice("Line".length)}`
    : `: ${message.charAt(0).toLowerCase()}${message.slice(1)}`;
  return new QuotationError(`Option ${index + 1}${rest}`);
}

/**
 * The totals and HSN-wise summary of one option (counted from 0), with the
 * one-time charges; throws a {@link QuotationError} for one that cannot be
 * reckoned.
 */
export function computeOption(pricing: QuotationPricing, index: number, allowedRates: readonly number[]): OptionResult {
  const { options, oneTimeCharges } = pricing;
  if (options.length === 0) throw new QuotationError("A quotation needs at least one option");
  if (options.length > MAX_OPTIONS) throw new QuotationError(`A quotation offers at most ${MAX_OPTIONS} options`);
  if (oneTimeCharges.length > MAX_ONE_TIME_CHARGES) {
    throw new QuotationError(`A quotation lists at most ${MAX_ONE_TIME_CHARGES} one-time charges`);
  }
  const option = options[index];
  if (option === undefined) throw new QuotationError(`There is no option ${index + 1}`);
  let totals: OptionTotals;
  try {
    totals = computeOptionTotals({
      lines: option.lines,
      charges: oneTimeCharges,
      ...(option.discount === undefined ? {} : { discount: option.discount }),
      packingPaise: option.packingPaise,
      freightPaise: option.freightPaise,
      tax: taxModeOf(pricing.treatment, pricing.supply),
      allowedRates,
    });
  } catch (error) {
    throw error instanceof QuotationError && options.length > 1 ? ofOption(error, index) : error;
  }
  const items = [
    ...option.lines.map((line, at) => ({
      hsn: line.hsn,
      gstRate: line.gstRate,
      taxable: totals.lines[at]?.taxable ?? 0,
    })),
    ...oneTimeCharges.map((charge) => ({ hsn: charge.hsn, gstRate: charge.gstRate, taxable: charge.amountPaise })),
  ];
  return { totals, hsnSummary: hsnSummary(items, totals.byRate) };
}

/** Every option's totals, side by side, each with the one-time charges once. */
export function computeOptions(pricing: QuotationPricing, allowedRates: readonly number[]): OptionResult[] {
  if (pricing.options.length === 0) throw new QuotationError("A quotation needs at least one option");
  return pricing.options.map((_, index) => computeOption(pricing, index, allowedRates));
}

/** The GST rates a quotation's options and one-time charges charge, as a sent one keeps them. */
export function ratesInPricing(pricing: QuotationPricing): number[] {
  const lines = pricing.options.flatMap((option) => option.lines);
  return [...new Set([...lines, ...pricing.oneTimeCharges].map((item) => item.gstRate))];
}

/**
 * A quotation written before options as one option of the same lines: a
 * price in paise per unit is the same price to four decimals per 1, and the
 * supply is the one it was sent with, so it is reckoned to the same paisa as
 * it always was.
 */
export function pricingOfContent(content: QuotationContent): QuotationPricing {
  return {
    options: [
      {
        label: "",
        lines: content.lines.map((line) => ({
          description: line.description,
          hsn: line.hsn,
          quantityMilli: line.quantityMilli,
          unit: line.unit,
          // A price that was never whole paise stays refused rather than becoming one.
          unitPrice: {
            tenThousandths: Number.isSafeInteger(line.unitPricePaise) ? line.unitPricePaise * 100 : Number.NaN,
            per: 1,
          },
          gstRate: line.gstRate,
        })),
        ...(content.discount === undefined ? {} : { discount: content.discount }),
        packingPaise: content.packingPaise,
        freightPaise: content.freightPaise,
      },
    ],
    oneTimeCharges: [],
    treatment: { treatment: gstinProblem(content.buyer.gstin) === undefined ? "registered" : "unregistered" },
    supply: content.placeOfSupply.supply,
  };
}
