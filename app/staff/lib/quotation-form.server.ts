import type { ServiceCatalog } from "../../server/contact/catalog.ts";
import type { StoredInquiry } from "../../server/contact/inquiries.server.ts";
import { serviceName } from "../../server/inbox/report.server.ts";
import type { BillingSettings } from "../../server/quotations/billing.ts";
import type { QuotationContent } from "../../server/quotations/document.ts";
import { type Discount, PRICE_PER, type PricePer, QuotationError } from "../../server/quotations/gst.ts";
import { rateInForce, ratesOffTable } from "../../server/quotations/gst-rates.ts";
import {
  type GstTreatmentChoice,
  gstTreatmentProblems,
  isGstTreatment,
  isZeroRated,
} from "../../server/quotations/gst-treatment.ts";
import { type GstStateCode, gstinProblem, gstStates } from "../../server/quotations/gstin.ts";
import {
  formatQuantity,
  formatRupees,
  formatUnitPrice,
  parseQuantity,
  parseRupees,
  parseUnitPrice,
} from "../../server/quotations/money.ts";
import { placeText } from "../../server/quotations/options-document.ts";
import {
  decidePlaceOfSupply,
  PLACE_REASON_MAX,
  type PlaceDecision,
  type SupplyAddress,
} from "../../server/quotations/place-of-supply.ts";
import { indiaDay, type SingleQuotation } from "../../server/quotations/quotation.ts";
import type { OneTimeCharge, OptionLine, QuotationOption } from "../../server/quotations/quotation-options.ts";
import {
  hasOptions,
  type OptionsContent,
  optionResultsOf,
  type PostalAddress,
  type StoredContent,
} from "../../server/quotations/stored-content.ts";
import { tableRate } from "../content/gst-rates.ts";
import { quotationText } from "../content/quotations.ts";
import {
  chargeField,
  chargeNames,
  intents,
  lineField,
  lineNames,
  MAX_ONE_TIME_CHARGES,
  MAX_OPTION_LINES,
  MAX_OPTIONS,
  optionField,
  optionNames,
  TEXT_LIMIT,
} from "./quotation-fields.ts";

/** The quotation form's fields, as typed: a refused form comes back with every one of them. */
export type QuotationFormValues = Record<string, string>;
export type QuotationFormErrors = Record<string, string>;
/** Said beside a field without refusing the form: a line's rate that is not the table's. */
export type QuotationFormWarnings = Record<string, string>;

/** Blank one-time charges the form offers beyond those filled in. */
const SPARE_CHARGES = 1;
export const QUOTATION_FORM_BYTES = 60 * 1024;

const DAY_MS = 24 * 60 * 60 * 1000;

const partyFields = [
  "buyer_name",
  "buyer_company",
  "buyer_gstin",
  "buyer_email",
  "buyer_phone",
  "billing_address",
  "billing_pin",
  "billing_state",
  "delivery_address",
  "delivery_pin",
  "delivery_state",
  "third_party",
  "treatment",
  "lut_number",
  "place_state",
  "place_reason",
] as const;

/** Every field the quotation form may post. */
export const quotationFormFields: readonly string[] = [
  "intent",
  "options",
  ...partyFields,
  "valid_until",
  "lead_time",
  "payment_terms",
  "delivery_terms",
  "notes",
  ...Array.from({ length: MAX_OPTIONS }, (_, option) => [
    ...optionNames.map((name) => optionField(option, name)),
    ...Array.from({ length: MAX_OPTION_LINES }, (_, index) => lineNames.map((name) => lineField(option, index, name))),
  ]).flat(2),
  ...Array.from({ length: MAX_ONE_TIME_CHARGES }, (_, index) =>
    chargeNames.map((name) => chargeField(index, name)),
  ).flat(),
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

/** A line's HSN and rate, with the field its rate is in. */
type RatedLine = { field: string; hsn: string; gstRate: number };

/** Every line's and one-time charge's HSN and rate, in the order staff read them, each with its rate's field. */
function ratedLines(content: StoredContent): RatedLine[] {
  if (!hasOptions(content)) {
    return content.lines.map((line, index) => ({ field: lineField(0, index, "rate"), ...line }));
  }
  return [
    ...content.options.flatMap((option, at) =>
      option.lines.map((line, index) => ({ field: lineField(at, index, "rate"), ...line })),
    ),
    ...content.oneTimeCharges.map((charge, index) => ({ field: chargeField(index, "rate"), ...charge })),
  ];
}

/**
 * What to say beside each rate that is not the one the table gives its HSN
 * on the quotation's date (today's, for a draft), by its field.
 */
function warningsOf(lines: readonly RatedLine[], now: number, billing: BillingSettings): QuotationFormWarnings {
  return Object.fromEntries(
    ratesOffTable(lines, billing.gstRateTable, indiaDay(now)).map(({ line, entry }) => [
      lines[line]?.field ?? "",
      tableRate(entry),
    ]),
  );
}

/** The warnings a stored quotation's form opens with. */
export const rateWarnings = (content: StoredContent, now: number, billing: BillingSettings) =>
  warningsOf(ratedLines(content), now, billing);

/** Where a line or charge is, in staff's words: "Line 2", "Option 2, line 1", "One-time charge 1". */
function placeOfField(field: string, options: number): string {
  const charge = /^charge_(\d+)_/.exec(field);
  if (charge) return quotationText.chargeName(Number(charge[1]) + 1);
  const [, option = "0", line = "0"] = /^o(\d+)_line_(\d+)_/.exec(field) ?? [];
  return quotationText.lineName(Number(option) + 1, Number(line) + 1, options);
}

/**
 * A draft's lines at another rate than the table gives their HSN on its date
 * (today: it is dated when sent), in staff's words for its page. A sent
 * quotation keeps the rates it was sent with, whatever the table says since,
 * so it has none.
 */
export function draftRatesOffTable(
  quotation: { state: SingleQuotation["state"]; content: StoredContent },
  now: number,
  billing: BillingSettings,
): string[] {
  if (quotation.state !== "draft") return [];
  const lines = ratedLines(quotation.content);
  const options = hasOptions(quotation.content) ? quotation.content.options.length : 1;
  return ratesOffTable(lines, billing.gstRateTable, indiaDay(now)).map(({ line, rate, entry }) =>
    quotationText.lineOffTable(placeOfField(lines[line]?.field ?? "", options), rate, entry),
  );
}

/** How many options the form shows: those posted, at least one and at most the most a quotation offers. */
export function optionCount(values: QuotationFormValues): number {
  const count = Number(values.options);
  return Number.isInteger(count) ? Math.min(MAX_OPTIONS, Math.max(1, count)) : 1;
}

/** A row left with only what a new row starts with (its HSN, unit, per and rate) is no line. */
const lineFilled = (values: QuotationFormValues, option: number, index: number) =>
  (["description", "quantity", "price", "line_discount"] as const).some(
    (name) => (values[lineField(option, index, name)] ?? "").trim() !== "",
  );

/** How many line rows an option shows: the filled ones (at least one), and more once "Add a line" asked. */
export function lineRows(values: QuotationFormValues, option: number): number {
  let last = -1;
  for (let index = 0; index < MAX_OPTION_LINES; index++) {
    if (lineFilled(values, option, index)) last = index;
  }
  const asked = Number(values[optionField(option, "rows")]);
  return Math.min(MAX_OPTION_LINES, Math.max(last + 1, 1, Number.isInteger(asked) ? asked : 0));
}

/** How many one-time charge rows the form shows: the filled ones and a spare. */
export function chargeRows(values: QuotationFormValues): number {
  let last = -1;
  for (let index = 0; index < MAX_ONE_TIME_CHARGES; index++) {
    if (chargeNames.some((name) => name !== "rate" && (values[chargeField(index, name)] ?? "").trim() !== "")) {
      last = index;
    }
  }
  return Math.min(MAX_ONE_TIME_CHARGES, last + 1 + SPARE_CHARGES);
}

/** An option's fields moved to another position of the form. */
function moveOption(values: QuotationFormValues, from: number, to: number): QuotationFormValues {
  const moved: QuotationFormValues = {};
  for (const name of optionNames) moved[optionField(to, name)] = values[optionField(from, name)] ?? "";
  for (let index = 0; index < MAX_OPTION_LINES; index++) {
    for (const name of lineNames) moved[lineField(to, index, name)] = values[lineField(from, index, name)] ?? "";
  }
  return moved;
}

const withoutOption = (values: QuotationFormValues, option: number): QuotationFormValues =>
  Object.fromEntries(Object.entries(values).filter(([name]) => !name.startsWith(`o${option}_`)));

/**
 * The form changed by one of its buttons (a line or an option added, an
 * option removed, the first option's lines copied into another), or
 * undefined when the intent is none of them.
 */
export function changedForm(intent: string, values: QuotationFormValues): QuotationFormValues | undefined {
  const count = optionCount(values);
  if (intent === intents.addOption) {
    if (count >= MAX_OPTIONS) return values;
    return { ...values, options: String(count + 1) };
  }
  const [, action, which] = /^(add-line|remove-option|copy-lines)-(\d)$/.exec(intent) ?? [];
  const option = Number(which);
  if (!action || option >= count) return undefined;
  if (action === "add-line") {
    return { ...values, [optionField(option, "rows")]: String(lineRows(values, option) + 1) };
  }
  if (action === "copy-lines") {
    const copied = moveOption(values, 0, option);
    // The option keeps its own name, discount and charges; only the lines are the first option's.
    for (const name of optionNames) copied[optionField(option, name)] = values[optionField(option, name)] ?? "";
    return { ...values, ...copied };
  }
  if (count === 1) return values;
  let changed = withoutOption(values, option);
  for (let later = option + 1; later < count; later++) {
    changed = { ...withoutOption(changed, later), ...moveOption(values, later, later - 1) };
  }
  return { ...changed, options: String(count - 1) };
}

/** The fields of one line, as the form shows it. */
function lineValues(option: number, index: number, line: Record<(typeof lineNames)[number], string>) {
  return Object.fromEntries(lineNames.map((name) => [lineField(option, index, name), line[name]]));
}

const discountText = (discount: Discount | undefined) =>
  !discount ? "" : "percent" in discount ? `${discount.percent}%` : formatRupees(discount.paise, { symbol: false });

const money = (paise: number) => (paise ? formatRupees(paise, { symbol: false }) : "");

/**
 * A new quotation's form, from the inquiry: an option per quantity asked for
 * (price breaks the buyer chooses between), each a line described by the
 * request's specification, with the product's HSN code and its rate today;
 * the buyer as the inquiry names them, delivered to the PIN code they gave;
 * the company's usual terms.
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
  const quantities = (quote?.quantities.length ? quote.quantities : [undefined]).slice(0, MAX_OPTIONS);
  const gstin = quote?.gstin ?? "";
  const values: QuotationFormValues = {
    options: String(quantities.length),
    buyer_name: inquiry.name,
    buyer_company: quote?.company ?? "",
    buyer_gstin: gstin,
    buyer_email: inquiry.email,
    buyer_phone: inquiry.phone,
    billing_address: "",
    billing_pin: "",
    billing_state: "",
    delivery_address: "",
    // Stored with its state for staff to read ("560001 (Karnataka)"): the code alone here.
    delivery_pin: /\d{6}/.exec(quote?.pinCode ?? "")?.[0] ?? "",
    delivery_state: "",
    treatment: gstin !== "" && gstinProblem(gstin) === undefined ? "registered" : "unregistered",
    lut_number: "",
    place_state: "",
    place_reason: "",
    valid_until: validUntilFrom(now, billing),
    lead_time: billing.defaults.leadTime,
    payment_terms: billing.defaults.paymentTerms,
    delivery_terms: billing.defaults.deliveryTerms,
    notes: "",
  };
  const rate = String(startingRate(hsn, now, billing));
  for (const [option, quantity] of quantities.entries()) {
    values[optionField(option, "label")] =
      quantity === undefined || quantities.length === 1 ? "" : quotationText.quantityLabel(quantity);
    Object.assign(
      values,
      lineValues(option, 0, {
        description: description.slice(0, TEXT_LIMIT),
        hsn,
        quantity: quantity === undefined ? "" : String(quantity),
        unit: billing.units[0] ?? "",
        price: "",
        per: "1",
        line_discount: "",
        rate,
      }),
    );
  }
  return values;
}

const addressValues = (prefix: "billing" | "delivery", address: PostalAddress | undefined) => ({
  [`${prefix}_address`]: address?.text ?? "",
  [`${prefix}_pin`]: address?.pinCode ?? "",
  [`${prefix}_state`]: address?.stateCode ?? "",
});

/** A quotation of the first shape as one option, so its draft opens in today's form and is saved as options. */
function asOptions(content: QuotationContent): OptionsContent {
  const { lines, discount, packingPaise, freightPaise, placeOfSupply, ...rest } = content;
  return {
    ...rest,
    version: 2,
    options: [
      {
        label: "",
        lines: lines.map(({ unitPricePaise, ...line }) => ({
          ...line,
          unitPrice: { tenThousandths: unitPricePaise * 100, per: 1 },
        })),
        ...(discount ? { discount } : {}),
        packingPaise,
        freightPaise,
      },
    ],
    oneTimeCharges: [],
    billingAddress: { text: "", pinCode: "" },
    deliveryAddress: { text: "", pinCode: content.buyer.pinCode },
    treatment: { treatment: gstinProblem(content.buyer.gstin) === undefined ? "registered" : "unregistered" },
    thirdPartyDelivery: false,
    place: {
      stateCode: placeOfSupply.stateCode,
      stateName: placeOfSupply.stateName,
      basis: "delivery-address",
      supply: placeOfSupply.supply,
    },
  };
}

/** A stored quotation's content back as the form's fields: a draft edited, or a revision begun. */
export function valuesOf(stored: StoredContent, validUntil = stored.validUntil): QuotationFormValues {
  const content = hasOptions(stored) ? stored : asOptions(stored);
  const values: QuotationFormValues = {
    options: String(content.options.length),
    buyer_name: content.buyer.name,
    buyer_company: content.buyer.company,
    buyer_gstin: content.buyer.gstin,
    buyer_email: content.buyer.email,
    buyer_phone: content.buyer.phone,
    ...addressValues("billing", content.billingAddress),
    ...addressValues("delivery", content.deliveryAddress),
    third_party: content.thirdPartyDelivery ? "yes" : "",
    treatment: content.treatment.treatment,
    lut_number: "lutNumber" in content.treatment ? content.treatment.lutNumber : "",
    // A state chosen by staff is kept as chosen; one the rule gave is proposed again from the addresses.
    place_state: content.placeReason === undefined ? "" : content.place.stateCode,
    place_reason: content.placeReason ?? "",
    valid_until: validUntil,
    lead_time: content.leadTime,
    payment_terms: content.paymentTerms,
    delivery_terms: content.deliveryTerms,
    notes: content.notes,
  };
  for (const [option, { label, lines, discount, packingPaise, freightPaise }] of content.options.entries()) {
    values[optionField(option, "label")] = label;
    values[optionField(option, "discount")] = discountText(discount);
    values[optionField(option, "packing")] = money(packingPaise);
    values[optionField(option, "freight")] = money(freightPaise);
    for (const [index, line] of lines.entries()) {
      Object.assign(
        values,
        lineValues(option, index, {
          description: line.description,
          hsn: line.hsn,
          quantity: formatQuantity(line.quantityMilli),
          unit: line.unit,
          price: formatUnitPrice(line.unitPrice.tenThousandths, { symbol: false }),
          per: String(line.unitPrice.per),
          line_discount: discountText(line.discount),
          rate: String(line.gstRate),
        }),
      );
    }
  }
  for (const [index, charge] of content.oneTimeCharges.entries()) {
    values[chargeField(index, "description")] = charge.description;
    values[chargeField(index, "hsn")] = charge.hsn;
    values[chargeField(index, "amount")] = formatRupees(charge.amountPaise, { symbol: false });
    values[chargeField(index, "rate")] = String(charge.gstRate);
  }
  return values;
}

/** The place of supply the form's addresses, GSTIN, treatment and choice give, or why none. */
export function placeDecisionOf(values: QuotationFormValues, billing: BillingSettings) {
  const address = (prefix: "billing" | "delivery"): SupplyAddress => {
    const pinCode = (values[`${prefix}_pin`] ?? "").trim();
    const stateCode = (values[`${prefix}_state`] ?? "").trim();
    return {
      ...(pinCode ? { pinCode } : {}),
      ...(Object.hasOwn(gstStates, stateCode) ? { stateCode: stateCode as GstStateCode } : {}),
    };
  };
  const delivery = address("delivery");
  const deliveryGiven = delivery.pinCode !== undefined || delivery.stateCode !== undefined;
  const treatment = isGstTreatment(values.treatment) ? values.treatment : "unregistered";
  const gstin = (values.buyer_gstin ?? "").trim().toUpperCase();
  const chosen = (values.place_state ?? "").trim();
  return decidePlaceOfSupply({
    billingAddress: address("billing"),
    ...(deliveryGiven ? { deliveryAddress: delivery } : {}),
    ...(gstin ? { buyerGstin: gstin } : {}),
    thirdPartyDelivery: values.third_party === "yes",
    treatment,
    companyStateCode: billing.stateCode,
    ...(chosen ? { override: { stateCode: chosen as GstStateCode, reason: values.place_reason ?? "" } } : {}),
  });
}

/** What the form says the rule proposes, from what was typed: "Karnataka (29), from the delivery address". */
export function proposedPlaceText(values: QuotationFormValues, billing: BillingSettings): string {
  const decided = placeDecisionOf({ ...values, place_state: "" }, billing);
  if ("problem" in decided || !decided.proposed) return quotationText.noPlaceProposed;
  return quotationText.placeProposed(placeText(decided.proposed), quotationText.placeBasis[decided.proposed.basis]);
}

/**
 * Reads the posted form into a quotation, or says beside each field what to
 * correct; either way, beside each rate that is not the table's, what the
 * table gives (a warning: the quotation is still read).
 */
export function readQuotationForm(
  values: QuotationFormValues,
  { now, billing }: { now: number; billing: BillingSettings },
):
  | { content: OptionsContent; warnings: QuotationFormWarnings }
  | { errors: QuotationFormErrors; warnings: QuotationFormWarnings } {
  const errors: QuotationFormErrors = {};
  const text = (name: string, required = false) => {
    const value = (values[name] ?? "").trim();
    if (required && value === "") errors[name] = "Fill this in.";
    if (value.length > TEXT_LIMIT) errors[name] = `At most ${TEXT_LIMIT} characters.`;
    return value;
  };
  const amount = (name: string) => {
    const value = (values[name] ?? "").trim();
    if (value === "") return 0;
    const paise = parseRupees(value);
    if (paise === undefined) errors[name] = "An amount in rupees, such as 1,250 or 1,250.50.";
    return paise ?? 0;
  };
  const discount = (name: string): Discount | undefined => {
    const typed = (values[name] ?? "").trim();
    if (typed.endsWith("%")) {
      const digits = typed.slice(0, -1).trim();
      const percent = Number(digits);
      if (/^\d+(\.\d{1,2})?$/.test(digits) && percent <= 100) return percent > 0 ? { percent } : undefined;
      errors[name] = "A percentage such as 5% or an amount such as 2,000.";
      return undefined;
    }
    if (typed === "") return undefined;
    const paise = amount(name);
    return paise > 0 ? { paise } : undefined;
  };
  const rate = (name: string) => {
    const gstRate = Number(values[name]);
    if (!(billing.gstRates as readonly number[]).includes(gstRate)) {
      errors[name] = `One of ${billing.gstRates.join(", ")} %.`;
    }
    return gstRate;
  };
  const hsnOf = (name: string) => {
    const hsn = (values[name] ?? "").trim();
    if (!/^\d{4}(\d{2}){0,2}$/.test(hsn)) errors[name] = "4, 6 or 8 digits.";
    return hsn;
  };

  const rated: RatedLine[] = [];
  const options: QuotationOption[] = [];
  for (let option = 0; option < optionCount(values); option++) {
    const lines: OptionLine[] = [];
    for (let index = 0; index < MAX_OPTION_LINES; index++) {
      const field = (name: (typeof lineNames)[number]) => lineField(option, index, name);
      if (!lineFilled(values, option, index)) continue;
      const description = text(field("description"), true);
      const hsn = hsnOf(field("hsn"));
      const quantityMilli = parseQuantity((values[field("quantity")] ?? "").trim());
      if (quantityMilli === undefined) errors[field("quantity")] = "A quantity above 0, such as 1000 or 2.5.";
      const tenThousandths = parseUnitPrice((values[field("price")] ?? "").trim());
      if (tenThousandths === undefined) {
        errors[field("price")] = "A price in rupees to at most 4 decimals, such as 12.50 or 0.925.";
      }
      const per = Number(values[field("per")] || "1") as PricePer;
      if (!PRICE_PER.includes(per)) errors[field("per")] = "Per 1, 100 or 1,000.";
      const lineDiscount = discount(field("line_discount"));
      const gstRate = rate(field("rate"));
      rated.push({ field: field("rate"), hsn, gstRate });
      lines.push({
        description,
        hsn,
        quantityMilli: quantityMilli ?? 0,
        unit: text(field("unit"), true),
        unitPrice: { tenThousandths: tenThousandths ?? 0, per },
        ...(lineDiscount ? { discount: lineDiscount } : {}),
        gstRate,
      });
    }
    if (lines.length === 0) errors[lineField(option, 0, "description")] = quotationText.optionNeedsLine;
    const optionDiscount = discount(optionField(option, "discount"));
    options.push({
      label: text(optionField(option, "label")),
      lines,
      ...(optionDiscount ? { discount: optionDiscount } : {}),
      packingPaise: amount(optionField(option, "packing")),
      freightPaise: amount(optionField(option, "freight")),
    });
  }

  const oneTimeCharges: OneTimeCharge[] = [];
  for (let index = 0; index < MAX_ONE_TIME_CHARGES; index++) {
    const field = (name: (typeof chargeNames)[number]) => chargeField(index, name);
    const typed = ["description", "hsn", "amount"].some((name) => (values[field(name as "hsn")] ?? "").trim() !== "");
    if (!typed) continue;
    const charge = {
      description: text(field("description"), true),
      hsn: hsnOf(field("hsn")),
      amountPaise: amount(field("amount")),
      gstRate: rate(field("rate")),
    };
    if (charge.amountPaise <= 0 && !errors[field("amount")]) errors[field("amount")] = "An amount above 0.";
    rated.push({ field: field("rate"), hsn: charge.hsn, gstRate: charge.gstRate });
    oneTimeCharges.push(charge);
  }
  // A refused rate says what to correct; the table's rate beside it would only compete.
  const warnings = Object.fromEntries(
    Object.entries(warningsOf(rated, now, billing)).filter(([field]) => !errors[field]),
  );

  const postal = (prefix: "billing" | "delivery"): PostalAddress => {
    const pinCode = text(`${prefix}_pin`);
    if (pinCode !== "" && !/^[1-9]\d{5}$/.test(pinCode)) errors[`${prefix}_pin`] = "A PIN code of 6 digits.";
    const stateCode = (values[`${prefix}_state`] ?? "").trim();
    return {
      text: text(`${prefix}_address`),
      pinCode,
      ...(Object.hasOwn(gstStates, stateCode) ? { stateCode: stateCode as GstStateCode } : {}),
    };
  };
  const billingAddress = postal("billing");
  const delivery = postal("delivery");
  const deliveryGiven = delivery.text !== "" || delivery.pinCode !== "" || delivery.stateCode !== undefined;

  const buyer = {
    name: text("buyer_name", true),
    company: text("buyer_company"),
    gstin: text("buyer_gstin").toUpperCase(),
    email: text("buyer_email", true),
    phone: text("buyer_phone"),
    pinCode: deliveryGiven ? delivery.pinCode : billingAddress.pinCode,
  };
  const treatmentName = isGstTreatment(values.treatment) ? values.treatment : undefined;
  if (!treatmentName) errors.treatment = "Choose one.";
  const treatment: GstTreatmentChoice =
    treatmentName && isZeroRated(treatmentName)
      ? { treatment: treatmentName, lutNumber: text("lut_number") }
      : { treatment: treatmentName === undefined || isZeroRated(treatmentName) ? "unregistered" : treatmentName };
  for (const problem of gstTreatmentProblems(treatment, buyer.gstin)) {
    if (problem === "gstin") errors.buyer_gstin = quotationText.treatmentNeedsGstin;
    else errors.lut_number = quotationText.lutNeeded;
  }

  const decided = placeDecisionOf(values, billing);
  if ("problem" in decided) {
    if (decided.problem === "reason") errors.place_reason = quotationText.placeReasonNeeded(PLACE_REASON_MAX);
    else if (decided.problem === "export") errors.place_state = quotationText.exportPlace;
    else errors.delivery_pin = quotationText.placeNeeded;
  }

  const validUntil = text("valid_until", true);
  if (validUntil && (!/^\d{4}-\d{2}-\d{2}$/.test(validUntil) || validUntil < indiaDay(now))) {
    errors.valid_until = "A day from today on.";
  }
  if (Object.keys(errors).length > 0 || "problem" in decided) return { errors, warnings };
  const content: OptionsContent = {
    version: 2,
    options,
    oneTimeCharges,
    validUntil,
    leadTime: text("lead_time"),
    paymentTerms: text("payment_terms"),
    deliveryTerms: text("delivery_terms"),
    notes: text("notes"),
    buyer,
    billingAddress,
    ...(deliveryGiven ? { deliveryAddress: delivery } : {}),
    treatment,
    thirdPartyDelivery: values.third_party === "yes",
    ...placeOf(decided),
  };
  try {
    optionResultsOf(content, billing.gstRates);
  } catch (error) {
    if (error instanceof QuotationError) {
      // Beside the discount of the option the message names ("Option 2: …"), or the first.
      const named = Number(/^Option (\d+)/.exec(error.message)?.[1] ?? "1") - 1;
      return { errors: { [optionField(named, "discount")]: error.message }, warnings };
    }
    throw error;
  }
  return { content, warnings };
}

function placeOf(decided: PlaceDecision): Pick<OptionsContent, "place" | "proposedPlace" | "placeReason"> {
  return {
    place: decided.place,
    ...(decided.proposed ? { proposedPlace: decided.proposed } : {}),
    ...(decided.reason === undefined ? {} : { placeReason: decided.reason }),
  };
}
