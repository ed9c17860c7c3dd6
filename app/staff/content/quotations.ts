import type { FirstReplyWords } from "../../server/inbox/statuses.ts";
import type { GstRateEntry } from "../../server/quotations/gst-rates.ts";
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
  lineOffTable: (line: number, rate: number, entry: GstRateEntry) =>
    `Line ${line} is at ${rate} % GST. ${tableRate(entry)}`,
  fields: {
    buyer_name: "Name",
    buyer_company: "Company",
    buyer_gstin: "GSTIN",
    buyer_email: "E-mail",
    buyer_phone: "Phone",
    buyer_pin: "Delivery PIN code",
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
  },
} as const;
