import type { QuotationSettings } from "./billing.ts";
import { companyNow, type DocumentFrame, type QuotationDocument, type TotalRow } from "./document.ts";
import { type GstTreatment, lutNumberOf, taxModeOf } from "./gst-treatment.ts";
import { type GstStateCode, gstStates, localTaxName } from "./gstin.ts";
import { formatRupees } from "./money.ts";
import type { SupplyPlace } from "./place-of-supply.ts";
import { indiaDay, type Quotation } from "./quotation.ts";
import type { OptionResult } from "./quotation-options.ts";
import { type OptionsContent, optionResultsOf, ratesOfContent } from "./stored-content.ts";

/** A quotation of options whole, as its PDF, its pages and its mails show it. */
export type OptionsDocument = OptionsContent &
  DocumentFrame & {
    /** Each option's totals and HSN-wise summary, in the options' order. */
    results: OptionResult[];
    /** The option the buyer accepted, counted from 0. */
    acceptedOption?: number;
  };

export type OptionsQuotation = Quotation & { content: OptionsContent };

/** A quotation's document in either shape. */
export type AnyDocument = QuotationDocument | OptionsDocument;

export const isOptionsDocument = (doc: AnyDocument): doc is OptionsDocument => "results" in doc;

/**
 * A quotation of options as its PDF and pages show it; a draft with today's
 * date, the company's details and the rates allowed now, a sent one with
 * those it was sent with.
 */
export function optionsDocumentOf(
  quotation: OptionsQuotation,
  reference: string,
  now: number,
  settings: QuotationSettings,
): OptionsDocument {
  const { content } = quotation;
  const rates = quotation.state === "draft" ? settings.billing.gstRates : ratesOfContent(content);
  return {
    ...content,
    number: quotation.number,
    date: quotation.issuedOn ?? indiaDay(now),
    reference,
    company: quotation.company ?? companyNow(settings),
    results: optionResultsOf(content, rates),
    ...(quotation.acceptedOption === undefined ? {} : { acceptedOption: quotation.acceptedOption }),
  };
}

/** "Option 2: 10,000 boxes", or "Option 2" when staff gave it no name. */
export function optionName(doc: Pick<OptionsContent, "options">, index: number): string {
  // On one line wherever it is named, a mail's text included.
  const label = doc.options[index]?.label.replace(/\s+/g, " ").trim() ?? "";
  return label === "" ? `Option ${index + 1}` : `Option ${index + 1}: ${label}`;
}

/** What an option's part of the document is headed and its total called: a quotation of one option has no choice to name. */
export function optionHeadings(doc: Pick<OptionsContent, "options">, index: number) {
  if (doc.options.length > 1) {
    return {
      heading: optionName(doc, index),
      total: `Total of option ${index + 1}`,
      hsn: `HSN-wise summary of option ${index + 1}`,
    };
  }
  return { heading: doc.options[index]?.label.trim() || "Lines", total: "Total", hsn: "HSN-wise summary" };
}

/** "Punjab (03)": a place of supply as the quotation prints it, the state's name and its GST code. */
export const placeText = (place: Pick<SupplyPlace, "stateName" | "stateCode">) =>
  `${place.stateName} (${place.stateCode})`;

const TREATMENT_WORDS: Readonly<Record<GstTreatment, string>> = {
  registered: "Registered buyer",
  unregistered: "Unregistered buyer",
  "sez-with-payment": "Supply to an SEZ with payment of IGST",
  "sez-without-payment": "Supply to an SEZ without payment of IGST",
  "export-lut": "Export out of India without payment of IGST",
};

/**
 * The GST treatment as the quotation prints it, with, for a zero-rated
 * supply, the statement and the LUT (or bond) reference. For the company's
 * accountant to confirm: the statement is the short form of the one rule 46
 * of the CGST Rules asks of the tax invoice; a quotation is not one, and
 * whether an SEZ supply under bond needs other words.
 */
export function treatmentLines(doc: Pick<OptionsContent, "treatment">): string[] {
  const lut = lutNumberOf(doc.treatment);
  const words = TREATMENT_WORDS[doc.treatment.treatment];
  if (lut === undefined) return [words];
  return [words, `Supply meant for export/SEZ under LUT without payment of IGST. LUT No. ${lut}`];
}

/** How the place of supply taxes the option, in the words of its rows: "IGST", "CGST + UTGST", "zero-rated". */
export function taxWords(doc: Pick<OptionsContent, "treatment" | "place">): string {
  const mode = taxModeOf(doc.treatment, doc.place.supply);
  if (mode === "zero-rated") return "Zero-rated: no GST";
  if (mode === "inter-state") return "Inter-state supply: IGST";
  return `Intra-state supply: CGST + ${localTaxName(doc.place.stateCode as GstStateCode)}`;
}

/** One option's rows above its total, worded alike on the PDF and the pages. */
export function optionTotalRows(doc: OptionsDocument, index: number): TotalRow[] {
  const option = doc.options[index];
  const totals = doc.results[index]?.totals;
  if (!option || !totals) return [];
  const rows: TotalRow[] = [{ label: "Goods total", paise: totals.goods }];
  if (totals.lineDiscounts > 0) rows.push({ label: "Line discounts", paise: -totals.lineDiscounts });
  if (totals.discount > 0) {
    const { discount } = option;
    const label = discount && "percent" in discount ? `Discount (${discount.percent} %)` : "Discount";
    rows.push({ label, paise: -totals.discount });
  }
  rows.push({ label: "Packing", paise: totals.packing }, { label: "Freight", paise: totals.freight });
  if (totals.oneTimeCharges > 0) rows.push({ label: "One-time charges", paise: totals.oneTimeCharges });
  rows.push({ label: "Taxable value", paise: totals.taxable, taxable: true });
  const mode = taxModeOf(doc.treatment, doc.place.supply);
  for (const rate of totals.byRate) {
    const on = `on ${formatRupees(rate.taxable)}`;
    if (mode === "zero-rated") {
      rows.push({ label: `IGST 0 % (zero-rated; ${rate.rate} % otherwise) ${on}`, paise: 0 });
    } else if (mode === "intra-state") {
      const local = localTaxName(doc.place.stateCode as GstStateCode);
      rows.push(
        { label: `CGST ${rate.rate / 2} % ${on}`, paise: rate.cgst },
        { label: `${local} ${rate.rate / 2} % ${on}`, paise: rate.sgst },
      );
    } else {
      rows.push({ label: `IGST ${rate.rate} % ${on}`, paise: rate.igst });
    }
  }
  rows.push({ label: "Round off", paise: totals.roundOff });
  return rows;
}

/** A postal address on one line: its text, PIN code and state. */
export function addressText(address: OptionsContent["billingAddress"]): string {
  const state = address.stateCode === undefined ? undefined : gstStates[address.stateCode];
  return [address.text.replace(/\s*\n\s*/g, ", "), state, address.pinCode].filter(Boolean).join(", ");
}
