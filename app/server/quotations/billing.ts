import type { CompanyDetails } from "../company.ts";
import type { GstRateTable } from "./gst-rates.ts";
import type { GstStateCode } from "./gstin.ts";

/**
 * The company's tax, bank and quotation settings, as every quotation carries
 * them. The values are content (the public site's billing.ts today, soon what
 * the owner edits), handed to the quotations by their callers.
 */
export type BillingSettings = {
  /** The company's GSTIN; its first two digits are its state's code. */
  readonly gstin: string;
  readonly stateCode: GstStateCode;
  readonly bank: {
    readonly accountName: string;
    readonly bankName: string;
    readonly branch: string;
    readonly accountNumber: string;
    readonly ifsc: string;
  };
  /** The company's UPI ID for payments, printed beside the bank's details; none when empty. */
  readonly upiId?: string;
  /** The GST rates a quotation line may carry, in percent: every rate of the table, and no rate written anywhere else. */
  readonly gstRates: readonly number[];
  /** Each HSN's rate and the day it applies from (gst-rates.ts): a new line starts at its HSN's rate on the quotation's date. */
  readonly gstRateTable: GstRateTable;
  /** The rate a new line starts with when the table does not know its HSN. */
  readonly defaultGstRate: number;
  /** Each product's HSN code, by the service's slug, as a new line starts with it. */
  readonly hsnByService: Readonly<Record<string, string>>;
  /** HSN for a contact inquiry's line, which names no product. */
  readonly defaultHsn: string;
  readonly units: readonly string[];
  /** Days a new quotation stays open to acceptance. */
  readonly validityDays: number;
  readonly defaults: { readonly leadTime: string; readonly paymentTerms: string; readonly deliveryTerms: string };
  /** Printed under every quotation. */
  readonly terms: readonly string[];
};

/** What a quotation states of the company: its details and its billing settings. */
export type QuotationSettings = { readonly company: CompanyDetails; readonly billing: BillingSettings };
