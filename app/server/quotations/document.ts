import { formatCompanyAddress } from "../company.ts";
import type { QuotationSettings } from "./billing.ts";
import { computeQuotation, type Discount, type QuotationTotals } from "./gst.ts";
import { gstStates, localTaxName } from "./gstin.ts";
import { formatRupees, type Milli, type Paise } from "./money.ts";
import type { PlaceOfSupply } from "./place-of-supply.ts";

/** One priced line, as staff write it. */
export type QuotationLine = {
  description: string;
  hsn: string;
  quantityMilli: Milli;
  unit: string;
  unitPricePaise: Paise;
  gstRate: number;
};

/** To whom the quotation is made out, from the inquiry (the buyer may correct it by asking for changes). */
export type QuotationBuyer = {
  name: string;
  company: string;
  gstin: string;
  email: string;
  phone: string;
  pinCode: string;
};

/** What staff write: everything a quotation says but its number, date and the company's details. */
export type QuotationContent = {
  lines: QuotationLine[];
  discount?: Discount;
  packingPaise: Paise;
  freightPaise: Paise;
  /** The last day it may be accepted (YYYY-MM-DD, India). */
  validUntil: string;
  leadTime: string;
  paymentTerms: string;
  deliveryTerms: string;
  notes: string;
  buyer: QuotationBuyer;
  placeOfSupply: PlaceOfSupply;
};

/** The company as the quotation states it: taken from the settings when it is sent, and kept with it. */
export type QuotationCompany = {
  legalName: string;
  address: string;
  gstin: string;
  state: string;
  stateCode: string;
  phone: string;
  email: string;
  website: string;
  bank: { accountName: string; bankName: string; branch: string; accountNumber: string; ifsc: string; upiId?: string };
  terms: readonly string[];
};

/** A quotation whole, as its PDF, its page and its mail show it. */
export type QuotationDocument = QuotationContent & {
  /** QT/2026-27/0001 (-R1…); undefined for a draft, whose number is given when it is sent. */
  number: string | undefined;
  /** The day it is dated (YYYY-MM-DD, India). */
  date: string;
  /** The inquiry it answers. */
  reference: string;
  company: QuotationCompany;
  totals: QuotationTotals;
};

/** What every quotation's document says around its prices, whichever its shape: the PDF's frame and terms read only this. */
export type DocumentFrame = Pick<
  QuotationDocument,
  | "number"
  | "date"
  | "reference"
  | "company"
  | "buyer"
  | "validUntil"
  | "leadTime"
  | "paymentTerms"
  | "deliveryTerms"
  | "notes"
>;

/** The company as a quotation made now states it, from the details and settings handed in. */
export function companyNow({ company, billing }: QuotationSettings): QuotationCompany {
  return {
    legalName: company.legalName,
    address: formatCompanyAddress(company),
    gstin: billing.gstin,
    state: gstStates[billing.stateCode],
    stateCode: billing.stateCode,
    phone: company.phone.display,
    email: company.email,
    website: company.origin.replace(/^https?:\/\//, ""),
    bank: { ...billing.bank, ...(billing.upiId && { upiId: billing.upiId }) },
    terms: billing.terms,
  };
}

/** The totals of what staff wrote, by the rules in gst.ts, with the rates allowed (the settings', or those it was sent with). */
export function totalsOf(content: QuotationContent, allowedRates: readonly number[]): QuotationTotals {
  return computeQuotation({
    lines: content.lines.map((line) => ({
      quantityMilli: line.quantityMilli,
      unitPricePaise: line.unitPricePaise,
      gstRate: line.gstRate,
    })),
    ...(content.discount ? { discount: content.discount } : {}),
    packingPaise: content.packingPaise,
    freightPaise: content.freightPaise,
    supply: content.placeOfSupply.supply,
    allowedRates,
  });
}

/** The GST rates a quotation's lines charge. */
export function ratesIn(content: QuotationContent): number[] {
  return [...new Set(content.lines.map((line) => line.gstRate))];
}

/** A row of the totals above the grand total; "taxable" marks the taxable value, which the PDF sets apart. */
export type TotalRow = { label: string; paise: number; taxable?: true };

/** The totals' rows in order, worded alike on the PDF and the pages. */
export function totalRows({ totals, discount, placeOfSupply }: QuotationDocument): TotalRow[] {
  const rows: TotalRow[] = [{ label: "Goods total", paise: totals.goods }];
  if (totals.discount > 0) {
    const label = discount && "percent" in discount ? `Discount (${discount.percent} %)` : "Discount";
    rows.push({ label, paise: -totals.discount });
  }
  rows.push({ label: "Packing", paise: totals.packing }, { label: "Freight", paise: totals.freight });
  rows.push({ label: "Taxable value", paise: totals.taxable, taxable: true });
  for (const rate of totals.byRate) {
    const on = `on ${formatRupees(rate.taxable)}`;
    if (placeOfSupply.supply === "intra-state") {
      rows.push(
        { label: `CGST ${rate.rate / 2} % ${on}`, paise: rate.cgst },
        { label: `${localTaxName(placeOfSupply.stateCode)} ${rate.rate / 2} % ${on}`, paise: rate.sgst },
      );
    } else {
      rows.push({ label: `IGST ${rate.rate} % ${on}`, paise: rate.igst });
    }
  }
  // Shown at ₹0.00 too, as on the bills buyers know: nothing is added unseen.
  rows.push({ label: "Round off", paise: totals.roundOff });
  return rows;
}
