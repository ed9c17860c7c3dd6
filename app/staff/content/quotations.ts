import type { FirstReplyWords } from "../../server/inbox/statuses.ts";
import type { GstRateEntry } from "../../server/quotations/gst-rates.ts";
import { ADVANCE_PERCENT_RANGE, PAYMENT_REFERENCE_MAX } from "../../server/quotations/proforma.ts";
import { tableRate } from "./gst-rates.ts";
import { inboxDone } from "./inbox.ts";

/** How an inquiry was first answered, in the words of its page and history. */
export const replyLabels: FirstReplyWords = {
  quotation: "a quotation sent",
  email: "by e-mail",
  call: "by phone",
  whatsapp: "on WhatsApp",
};

/** The words of quotations in the staff area. */
export const quotationText = {
  heading: "Quotations",
  none: "No quotation yet.",
  create: "New quotation",
  newTitle: "New quotation",
  editTitle: "Edit draft quotation",
  draft: "Draft",
  standing: {
    draft: "Draft",
    sent: "Sent",
    opened: "Opened by the buyer",
    accepted: "Accepted",
    changes: "Changes asked",
    expired: "Expired",
    superseded: "Replaced by a newer quotation",
  },
  buyer: "Buyer",
  lines: "Lines",
  line: (number: number) => `Line ${number}`,
  charges: "Discount and charges",
  terms: "Validity and terms",
  addLine: "Add a line",
  addLineTo: (option: number) => `Add a line to option ${option}`,
  save: "Save draft",
  send: "Send to the buyer",
  revise: "Revise",
  edit: "Edit",
  preview: "Preview the PDF",
  sentNote: (when: string) => `Sent ${when}. The buyer's link, to share by WhatsApp if the mail does not arrive:`,
  // The buyer's name and purchase order follow these, each set apart on the page (their own writing direction).
  acceptedBy: "Accepted by",
  purchaseOrder: "Purchase order:",
  changesNote: (when: string) => `The buyer asked for changes, ${when}:`,
  errorSummary: "The quotation was not saved. Correct the fields marked below.",
  /** Over a form whose lines' rates are not all the rate table's: a warning, as a rate may rightly differ. */
  ratesOffTable:
    "A line's GST rate is not the one the rate table gives its HSN code today: check the rates marked below. The draft keeps the rates as chosen.",
  toDraft: "Preview or send the draft",
  /** On a draft's page, for each line whose rate is not the table's, in a list of this name. */
  ratesOffTableLabel: "Rates the rate table does not give",
  lineOffTable: (where: string, rate: number, entry: GstRateEntry) =>
    `${where} is at ${rate} % GST. ${tableRate(entry)}`,
  /** Where a line is: "Line 2" on a quotation of one option, "Option 2, line 1" on one of several. */
  lineName: (option: number, line: number, options: number) =>
    options > 1 ? `Option ${option}, line ${line}` : `Line ${line}`,
  chargeName: (number: number) => `One-time charge ${number}`,
  /** A new option's name, from the quantity the request asked for. */
  quantityLabel: (quantity: number) => `${quantity.toLocaleString("en-IN")} pieces`,
  options: "Options",
  optionsHint:
    "The buyer chooses one option (one per quantity asked for, or any you add). One-time charges are added to whichever is chosen.",
  option: (number: number) => `Option ${number}`,
  addOption: "Add an option",
  removeOption: (number: number) => `Remove option ${number}`,
  copyLines: (number: number) => `Copy the lines of option 1 into option ${number}`,
  optionNeedsLine: "An option needs at least one line.",
  oneTimeCharges: "One-time charges (die, plates, cylinders, design)",
  oneTimeChargesHint: "Charged once, whichever option the buyer chooses.",
  charge: (number: number) => `Charge ${number}`,
  addresses: "Addresses and place of supply",
  treatmentHeading: "GST treatment",
  treatments: {
    registered: "Registered buyer",
    unregistered: "Unregistered buyer",
    "sez-with-payment": "SEZ, with payment of IGST",
    "sez-without-payment": "SEZ, without payment (under LUT or bond)",
    "export-lut": "Export, under LUT",
  },
  pricePer: { 1: "per 1", 100: "per 100", 1000: "per 1,000" } as Readonly<Record<string, string>>,
  placeAsProposed: "As proposed",
  // Staff's reason follows, set apart on the page.
  placeChosen: (place: string, proposed: string) =>
    `The place of supply is ${place}, chosen by staff instead of ${proposed}. The reason given:`,
  noneProposed: "none proposed",
  noPlaceProposed:
    "No place of supply can be proposed yet: give a delivery PIN code or state (or tick the third-party delivery and give the buyer's GSTIN).",
  placeProposed: (place: string, basis: string) => `Proposed: ${place}, ${basis}.`,
  placeBasis: {
    "delivery-address": "where the goods are delivered (IGST Act s.10(1)(a))",
    "buyer-gstin": "the buyer's GSTIN state, as the goods go to a third party on its direction (s.10(1)(b))",
    "billing-address": "the billing address, as the goods go to a third party and the buyer has no GSTIN",
    "outside-india": "outside India, as the goods are exported",
    staff: "chosen by staff",
  },
  treatmentNeedsGstin: "This GST treatment needs the buyer's valid GSTIN.",
  lutNeeded: "A zero-rated supply needs its LUT (ARN) or bond reference: letters, digits, / and -.",
  placeReasonNeeded: (most: number) =>
    `Say why the place of supply is not the one proposed (at most ${most} characters); the reason is kept.`,
  exportPlace: "An export's place of supply is outside India; it cannot be a state.",
  placeNeeded: "Give a delivery PIN code or state, or the billing address's: the place of supply decides the taxes.",
  fields: {
    buyer_name: "Name",
    buyer_company: "Company",
    buyer_gstin: "GSTIN",
    buyer_email: "E-mail",
    buyer_phone: "Phone",
    billing_address: "Billing address",
    billing_pin: "Billing PIN code",
    billing_state: "Billing state (when not the PIN code's)",
    delivery_address: "Delivery address (empty: the billing address)",
    delivery_pin: "Delivery PIN code",
    delivery_state: "Delivery state (when not the PIN code's)",
    third_party: "Delivered to a third party on the buyer's direction",
    treatment: "GST treatment",
    lut_number: "LUT (ARN) or bond reference",
    place_state: "Place of supply",
    place_reason: "Reason for another place of supply",
    label: "Option name (such as 5,000 boxes)",
    per: "Price per",
    line_discount: "Line discount (₹, or %)",
    amount: "Amount (₹)",
    description: "Description",
    hsn: "HSN code",
    quantity: "Quantity",
    unit: "Unit",
    price: "Unit price (₹)",
    rate: "GST %",
    discount: "Discount before tax (₹, or % such as 5%)",
    packing: "Packing (₹)",
    freight: "Freight (₹)",
    valid_until: "Valid until",
    lead_time: "Lead time",
    payment_terms: "Payment terms",
    delivery_terms: "Delivery terms",
    notes: "Notes (printed on the quotation)",
  },
  firstReplyHeading: "First reply",
  waiting: (wait: string) => `Not answered yet: waiting ${wait}.`,
  answered: (how: string, when: string, after: string) => `Answered ${how}, ${when}: ${after} after it arrived.`,
  repliedLabel: "Answered outside the inbox",
  markReplied: "Mark as answered",
  mailState: "The mail to the buyer",
  sendAgain: "Send the mail again",
  refused: {
    numberAccepted:
      "Not sent: the buyer has accepted a quotation of this number, so it takes no revision. Make a new quotation instead if the order changes.",
  },
  done: {
    resent: inboxDone.resent,
    saved: "Draft saved.",
    sent: "Quotation sent: the mail with its PDF is on its way.",
    proforma: "Proforma invoice issued: the mail with its PDF is on its way to the buyer.",
    advance: "Advance recorded.",
  },
} as const;

/** The words of the proforma for the advance, on an accepted quotation's page. */
export const proformaText = {
  heading: "Advance and proforma invoice",
  none: "No proforma invoice yet. Issue one to ask the buyer for the advance: it is mailed with its PDF, bank details and a UPI payment code.",
  percent: "Advance, in percent of the accepted total",
  percentHint: (total: string) =>
    `Of ${total}, GST included. A whole number from ${ADVANCE_PERCENT_RANGE.min} to ${ADVANCE_PERCENT_RANGE.max}.`,
  percentError: `Give the advance as a whole number of percent, from ${ADVANCE_PERCENT_RANGE.min} to ${ADVANCE_PERCENT_RANGE.max}.`,
  issue: "Issue the proforma invoice",
  issued: (number: string, day: string) => `${number}, issued ${day}.`,
  asked: (advance: string, percent: number, total: string) =>
    `Advance asked for: ${advance} (${percent} % of ${total}).`,
  pdf: "Open the proforma PDF",
  mailState: "The mail to the buyer",
  sendAgain: "Send the proforma mail again",
  notAccepted: "The quotation is not accepted, or has a proforma invoice already.",
  received: (amount: string, day: string) => `Advance received: ${amount} on ${day}`,
  receivedReference: "Reference:",
  recordedBy: (who: string) => `Recorded by ${who}.`,
  record: "Record the advance received",
  recordHeading: "Advance received",
  receivedOn: "Day it reached the bank",
  amount: "Amount received, in rupees",
  reference: "Bank reference (UTR or cheque number)",
  referenceHint: "Leave empty for cash.",
  errorSummary: "The advance was not recorded. Correct the fields marked below.",
  problems: {
    day: "Give the day as a date.",
    future: "The day cannot be after today.",
    before: "The day cannot be before the quotation was accepted.",
    amount: "Give the amount in rupees, such as 25000 or 25,000.50.",
    reference: `Letters, digits, spaces, slashes, dots and dashes only, up to ${PAYMENT_REFERENCE_MAX}.`,
  },
} as const;
