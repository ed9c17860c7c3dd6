import type { ServiceCatalog } from "../../server/contact/catalog.ts";
import type { StoredInquiry } from "../../server/contact/inquiries.server.ts";
import { serviceName } from "../../server/inbox/report.server.ts";
import type { BillingSettings } from "../../server/quotations/billing.ts";
import type { QuotationContent, QuotationLine } from "../../server/quotations/document.ts";
import { totalsOf } from "../../server/quotations/document.ts";
import { QuotationError } from "../../server/quotations/gst.ts";
import { rateInForce, ratesOffTable } from "../../server/quotations/gst-rates.ts";
import { formatQuantity, formatRupees, parseQuantity, parseRupees } from "../../server/quotations/money.ts";
import { placeOfSupply } from "../../server/quotations/place-of-supply.ts";
import { indiaDay, type SingleQuotation } from "../../server/quotations/quotation.ts";
import { tableRate } from "../content/gst-rates.ts";
import { quotationText } from "../content/quotations.ts";
import { lineField, lineNames, MAX_LINES, TEXT_LIMIT } from "./quotation-fields.ts";

/** The quotation form's fields, as typed: a refused form comes back with every one of them. */
export type QuotationFormValues = Record<string, string>;
export type QuotationFormErrors = Record<string, string>;
/** Said beside a field without refusing the form: a line's rate that is not the table's. */
export type QuotationFormWarnings = Record<string, string>;

/** Blank lines the form offers beyond those filled in; "Add a line" offers one more. */
const SPARE_LINES = 1;
export const QUOTATION_FORM_BYTES = 60 * 1024;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Every field the quotation form may post. */
export const quotationFormFields: readonly string[] = [
  "intent",
  "buyer_name",
  "buyer_company",
  "buyer_gstin",
  "buyer_email",
  "buyer_phone",
  "buyer_pin",
  "discount",
  "packing",
  "freight",
  "valid_until",
  "lead_time",
  "payment_terms",
  "delivery_terms",
  "notes",
  ...Array.from({ length: MAX_LINES }, (_, index) => lineNames.map((name) => lineField(index, name))).flat(),
];

/** The last day a quotation made now may be accepted, by the company's usual validity. */
export function validUntilFrom(now: number, billing: BillingSettings): string {
  return indiaDay(now + billing.validityDays * DAY_MS);
}

/**
 * The rate a line of this HSN starts at on a quotation made now: the table's
 * in force on its date (a draft is dated the day it is sent, so today), or
 * the usual rate for a code the table does not know.
 */
export function startingRate(hsn: string, now: number, billing: BillingSettings): number {
  return rateInForce(billing.gstRateTable, hsn, indiaDay(now))?.rate ?? billing.defaultGstRate;
}

/**
 * What to say beside each line's rate that is not the one the table gives
 * its HSN on the quotation's date (today's, for a draft), by the line's row
 * of the form: a stored quotation's lines fill the rows in order.
 */
export function rateWarnings(
  lines: readonly Pick<QuotationLine, "hsn" | "gstRate">[],
  now: number,
  billing: BillingSettings,
  rowOf: (line: number) => number = (line) => line,
): QuotationFormWarnings {
  return Object.fromEntries(
    ratesOffTable(lines, billing.gstRateTable, indiaDay(now)).map(({ line, entry }) => [
      lineField(rowOf(line), "rate"),
      tableRate(entry),
    ]),
  );
}

/**
 * A draft's lines at another rate than the table gives their HSN on its date
 * (today: it is dated when sent), in staff's words for its page. A sent
 * quotation keeps the rates it was sent with, whatever the table says since,
 * so it has none.
 */
export function draftRatesOffTable(
  quotation: Pick<SingleQuotation, "state" | "content">,
  now: number,
  billing: BillingSettings,
): string[] {
  if (quotation.state !== "draft") return [];
  return ratesOffTable(quotation.content.lines, billing.gstRateTable, indiaDay(now)).map(({ line, rate, entry }) =>
    quotationText.lineOffTable(line + 1, rate, entry),
  );
}

/** How many line rows the form shows for these values: the filled ones and a spare. */
export function lineRows(values: QuotationFormValues, extra = 0): number {
  let last = -1;
  for (let index = 0; index < MAX_LINES; index++) {
    if (lineNames.some((name) => (values[lineField(index, name)] ?? "").trim() !== "")) last = index;
  }
  return Math.min(MAX_LINES, last + 1 + SPARE_LINES + extra);
}

/**
 * A new quotation's form, from the inquiry: one line per quantity asked for,
 * described by the request's specification, with the product's HSN code and
 * its rate today; the buyer as the inquiry names them; the company's usual terms.
 */
export function initialValues(
  inquiry: StoredInquiry,
  { catalog, now, billing }: { catalog: ServiceCatalog; now: number; billing: BillingSettings },
): QuotationFormValues {
  const hsnByService: Readonly<Record<string, string>> = billing.hsnByService;
  const hsn = hsnByService[inquiry.service ?? ""] ?? billing.defaultHsn;
  const quote = inquiry.quote;
  const description = quote
    ? [serviceName(inquiry.service, catalog), ...quote.specification.map(([label, answer]) => `${label}: ${answer}`)]
        .filter(Boolean)
        .join("; ")
    : inquiry.subject;
  const quantities = quote?.quantities.length ? quote.quantities : [undefined];
  const values: QuotationFormValues = {
    buyer_name: inquiry.name,
    buyer_company: quote?.company ?? "",
    buyer_gstin: quote?.gstin ?? "",
    buyer_email: inquiry.email,
    buyer_phone: inquiry.phone,
    // Stored with its state for staff to read ("560001 (Karnataka)"): the code alone here.
    buyer_pin: /\d{6}/.exec(quote?.pinCode ?? "")?.[0] ?? "",
    discount: "",
    packing: "",
    freight: "",
    valid_until: validUntilFrom(now, billing),
    lead_time: billing.defaults.leadTime,
    payment_terms: billing.defaults.paymentTerms,
    delivery_terms: billing.defaults.deliveryTerms,
    notes: "",
  };
  const rate = String(startingRate(hsn, now, billing));
  for (const [index, quantity] of quantities.entries()) {
    values[lineField(index, "description")] = description.slice(0, TEXT_LIMIT);
    values[lineField(index, "hsn")] = hsn;
    values[lineField(index, "quantity")] = quantity === undefined ? "" : String(quantity);
    values[lineField(index, "unit")] = billing.units[0] ?? "";
    values[lineField(index, "price")] = "";
    values[lineField(index, "rate")] = rate;
  }
  return values;
}

/** A stored quotation's content back as the form's fields: a draft edited, or a revision begun. */
export function valuesOf(content: QuotationContent, validUntil = content.validUntil): QuotationFormValues {
  const money = (paise: number) => (paise ? formatRupees(paise, { symbol: false }) : "");
  const values: QuotationFormValues = {
    buyer_name: content.buyer.name,
    buyer_company: content.buyer.company,
    buyer_gstin: content.buyer.gstin,
    buyer_email: content.buyer.email,
    buyer_phone: content.buyer.phone,
    buyer_pin: content.buyer.pinCode,
    discount: !content.discount
      ? ""
      : "percent" in content.discount
        ? `${content.discount.percent}%`
        : formatRupees(content.discount.paise, { symbol: false }),
    packing: money(content.packingPaise),
    freight: money(content.freightPaise),
    valid_until: validUntil,
    lead_time: content.leadTime,
    payment_terms: content.paymentTerms,
    delivery_terms: content.deliveryTerms,
    notes: content.notes,
  };
  for (const [index, line] of content.lines.entries()) {
    values[lineField(index, "description")] = line.description;
    values[lineField(index, "hsn")] = line.hsn;
    values[lineField(index, "quantity")] = formatQuantity(line.quantityMilli);
    values[lineField(index, "unit")] = line.unit;
    values[lineField(index, "price")] = formatRupees(line.unitPricePaise, { symbol: false });
    values[lineField(index, "rate")] = String(line.gstRate);
  }
  return values;
}

/**
 * Reads the posted form into a quotation, or says beside each field what to
 * correct; either way, beside each line's rate that is not the table's, what
 * the table gives (a warning: the quotation is still read).
 */
export function readQuotationForm(
  values: QuotationFormValues,
  { now, billing }: { now: number; billing: BillingSettings },
):
  | { content: QuotationContent; warnings: QuotationFormWarnings }
  | { errors: QuotationFormErrors; warnings: QuotationFormWarnings } {
  const errors: QuotationFormErrors = {};
  const text = (name: string, required = false) => {
    const value = (values[name] ?? "").trim();
    if (required && value === "") errors[name] = "Fill this in.";
    if (value.length > TEXT_LIMIT) errors[name] = `At most ${TEXT_LIMIT} characters.`;
    return value;
  };
  const money = (name: string) => {
    const value = (values[name] ?? "").trim();
    if (value === "") return 0;
    const paise = parseRupees(value);
    if (paise === undefined) errors[name] = "An amount in rupees, such as 1,250 or 1,250.50.";
    return paise ?? 0;
  };

  const lines: QuotationLine[] = [];
  // The form's row of each line: a blank row between two lines is no line.
  const rows: number[] = [];
  for (let index = 0; index < MAX_LINES; index++) {
    const raw = Object.fromEntries(lineNames.map((name) => [name, (values[lineField(index, name)] ?? "").trim()]));
    // A row left with only the defaults a new row starts with is no line.
    if (!raw.description && !raw.quantity && !raw.price) continue;
    const description = text(lineField(index, "description"), true);
    const hsn = raw.hsn ?? "";
    if (!/^\d{4}(\d{2}){0,2}$/.test(hsn)) errors[lineField(index, "hsn")] = "4, 6 or 8 digits.";
    const quantityMilli = parseQuantity(raw.quantity ?? "");
    if (quantityMilli === undefined) errors[lineField(index, "quantity")] = "A quantity above 0, such as 1000 or 2.5.";
    const unitPricePaise = parseRupees(raw.price ?? "");
    if (unitPricePaise === undefined) errors[lineField(index, "price")] = "A price in rupees, such as 12.50.";
    const gstRate = Number(raw.rate);
    if (!(billing.gstRates as readonly number[]).includes(gstRate)) {
      errors[lineField(index, "rate")] = `One of ${billing.gstRates.join(", ")} %.`;
    }
    rows.push(index);
    lines.push({
      description,
      hsn,
      quantityMilli: quantityMilli ?? 0,
      unit: text(lineField(index, "unit"), true),
      unitPricePaise: unitPricePaise ?? 0,
      gstRate,
    });
  }
  if (lines.length === 0) errors[lineField(0, "description")] = "A quotation needs at least one line.";
  // A refused rate says what to correct; the table's rate beside it would only compete.
  const warnings = Object.fromEntries(
    Object.entries(rateWarnings(lines, now, billing, (line) => rows[line] ?? line)).filter(([field]) => !errors[field]),
  );

  const discountText = (values.discount ?? "").trim();
  let discount: QuotationContent["discount"];
  if (discountText.endsWith("%")) {
    const percent = Number(discountText.slice(0, -1).trim());
    if (
      Number.isFinite(percent) &&
      percent >= 0 &&
      percent <= 100 &&
      /^\d+(\.\d{1,2})?$/.test(discountText.slice(0, -1).trim())
    ) {
      if (percent > 0) discount = { percent };
    } else errors.discount = "A percentage such as 5% or an amount such as 2,000.";
  } else if (discountText !== "") {
    const paise = money("discount");
    if (paise > 0) discount = { paise };
  }

  const buyer = {
    name: text("buyer_name", true),
    company: text("buyer_company"),
    gstin: text("buyer_gstin").toUpperCase(),
    email: text("buyer_email", true),
    phone: text("buyer_phone"),
    pinCode: text("buyer_pin"),
  };
  const place = placeOfSupply({
    ...(buyer.gstin ? { buyerGstin: buyer.gstin } : {}),
    ...(buyer.pinCode ? { deliveryPinCode: buyer.pinCode } : {}),
    companyStateCode: billing.stateCode,
  });
  if (!place)
    errors.buyer_pin = "Give the buyer's GSTIN or a delivery PIN code: the place of supply decides the taxes.";

  const validUntil = text("valid_until", true);
  if (validUntil && (!/^\d{4}-\d{2}-\d{2}$/.test(validUntil) || validUntil < indiaDay(now))) {
    errors.valid_until = "A day from today on.";
  }
  const content: QuotationContent = {
    lines,
    ...(discount ? { discount } : {}),
    packingPaise: money("packing"),
    freightPaise: money("freight"),
    validUntil,
    leadTime: text("lead_time"),
    paymentTerms: text("payment_terms"),
    deliveryTerms: text("delivery_terms"),
    notes: text("notes"),
    buyer,
    placeOfSupply: place ?? {
      stateCode: billing.stateCode,
      stateName: "",
      source: "pin-code",
      supply: "intra-state",
    },
  };
  if (Object.keys(errors).length > 0) return { errors, warnings };
  try {
    totalsOf(content, billing.gstRates);
  } catch (error) {
    if (error instanceof QuotationError) return { errors: { discount: error.message }, warnings };
    throw error;
  }
  return { content, warnings };
}
