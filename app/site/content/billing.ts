import type { BillingSettings } from "../../server/quotations/billing.ts";
import type { ServiceSlug } from "./services.ts";

/** What an entry of the rate table says when its rate is the site's usual one rather than a checked notification. */
const unconfirmed = "The rate this site has used so far. Confirm with your accountant.";
const rateRationalisation =
  "From Notification 9/2025-Central Tax (Rate), as we read it: cartons, boxes and cases of corrugated and non-corrugated paperboard at 5 %. Confirm with your accountant.";

/**
 * The company's tax, bank and quotation settings, beside site.ts (its name,
 * address and contacts): what every quotation carries. Kept apart from
 * site.ts so the public pages' scripts, which read that file, never carry these.
 *
 * PLACEHOLDER VALUES: the GSTIN, bank and terms below are neutral stand-ins,
 * to be replaced with the company's real details before quotations are sent.
 * The GST rates and HSN codes are the usual ones for this trade; the
 * company's accountant confirms them (each entry of the rate table says so).
 */
export const billing = {
  /** The company's GSTIN; its first two digits are its state's code. */
  gstin: "04AAACE1234A1ZO",
  /** Its state's GST code, as in app/server/quotations/gstin.ts (its test checks the two agree). */
  stateCode: "04",
  bank: {
    accountName: "Example Print & Pack Pvt. Ltd.",
    bankName: "Example Bank",
    branch: "Industrial Area, Chandigarh",
    accountNumber: "000000000000",
    ifsc: "EXMP0000001",
  },
  /** Where buyers pay by UPI; a proforma's payment code carries it. */
  upiId: "exampleprintpack@examplebank",
  /**
   * The GST rates a quotation line may carry, in percent: every rate of the
   * table below. Rates change by notification (from 22 September 2025: 0, 5,
   * 18 and 40 % for most goods); no rate is written anywhere else.
   */
  gstRates: [0, 5, 18, 40],
  /**
   * Each HSN's rate from the day it applies; the most specific HSN in force
   * on a quotation's date gives a new line its rate. The 18 % entries are the
   * rates this site has always started lines at, not a checked notification.
   */
  gstRateTable: [
    { hsn: "4819", rate: 18, effectiveFrom: "2017-07-01", note: unconfirmed },
    { hsn: "4820", rate: 18, effectiveFrom: "2017-07-01", note: unconfirmed },
    { hsn: "4910", rate: 18, effectiveFrom: "2017-07-01", note: unconfirmed },
    { hsn: "4911", rate: 18, effectiveFrom: "2017-07-01", note: unconfirmed },
    { hsn: "481910", rate: 5, effectiveFrom: "2025-09-22", note: rateRationalisation },
    { hsn: "481920", rate: 5, effectiveFrom: "2025-09-22", note: rateRationalisation },
  ],
  /** The rate a new line starts with when the table does not know its HSN. */
  defaultGstRate: 18,
  /** Each product's HSN code, as a new line starts with it: staff may change it. */
  hsnByService: {
    // Corrugated boxes (4819 10); cake boxes and cartons are folding cartons of non-corrugated board (4819 20).
    box: "481910",
    cake: "481920",
    carton: "481920",
    bags: "4819",
    poster: "4911",
    leaflet: "4911",
    catalog: "4911",
    pamphlet: "4911",
    folder: "4911",
    brochure: "4911",
    diary: "4820",
    calender: "4910",
    standee: "4911",
    sunboard: "4911",
    flex: "4911",
  } satisfies Record<ServiceSlug, string>,
  /** HSN for a contact inquiry's line, which names no product. */
  defaultHsn: "4911",
  units: ["pcs", "sheets", "sq ft", "sets", "kg"],
  /** Days a new quotation stays open to acceptance. */
  validityDays: 15,
  defaults: {
    leadTime: "12 working days from artwork approval",
    paymentTerms: "50 % advance with the order, the balance before dispatch",
    deliveryTerms: "Ex works Chandigarh; freight as quoted",
  },
  /** Printed under every quotation. */
  terms: [
    "Prices are for the quantities, sizes and materials stated; a change in any of them may change the price.",
    "Artwork is to be supplied print-ready; design work is quoted separately.",
    "Quantities may vary by up to 5 % in production, invoiced as delivered.",
    "Subject to Chandigarh jurisdiction.",
  ],
} as const satisfies BillingSettings;
