import type { QuotationCompany } from "./document.ts";
import { formatRupees, type Paise } from "./money.ts";
import { formatDay } from "./numbering.ts";
import { type AnyDocument, isOptionsDocument } from "./options-document.ts";

/**
 * A proforma invoice asks for the advance on an accepted quotation: the
 * accepted option (or the whole of a quotation of one set of lines) at the
 * rates it was accepted with, and the share of its total to pay now. It is not
 * a tax invoice: under notification 66/2017-Central Tax no GST is due on an
 * advance for goods, so the tax invoice follows with the goods, as today.
 */

/** What the settings say of proformas: the share proposed, and whether the site issues one when a buyer accepts. */
export type ProformaPolicy = { onAcceptance: boolean; advancePercent: number };

/** The share, in whole percent, that staff may ask for. */
export const ADVANCE_PERCENT_RANGE = { min: 1, max: 100 } as const;

/** Characters a payment reference (a UTR, a cheque number) may have: what banks print, nothing that could be markup. */
export const PAYMENT_REFERENCE_MAX = 40;
const PAYMENT_REFERENCE = /^[A-Za-z0-9][A-Za-z0-9 /.-]*$/;

export const isPaymentReference = (text: string) =>
  text.length <= PAYMENT_REFERENCE_MAX && PAYMENT_REFERENCE.test(text);

/**
 * The advance on a total: its share, rounded half up to the paisa, as the
 * other amounts of a quotation are; a whole percent of a whole rupee total is
 * at most half a paisa off, and the rule is written so the buyer's bank
 * transfer and the proforma agree.
 */
export function advanceOf(totalPaise: Paise, percent: number): Paise {
  if (!Number.isInteger(percent) || percent < ADVANCE_PERCENT_RANGE.min || percent > ADVANCE_PERCENT_RANGE.max) {
    throw new RangeError(`An advance is a whole percent from 1 to 100, not ${percent}`);
  }
  return Math.floor((totalPaise * percent + 50) / 100);
}

/** Rupees with two decimals and no grouping, as a UPI link's `am` wants them: 12345.50. */
export function upiAmount(paise: Paise): string {
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, "0")}`;
}

/**
 * The UPI deep link every Indian payment app reads (NPCI's `upi://pay`): the
 * payee's UPI ID and name, the amount in rupees, the currency, and a note
 * that names the proforma, so the payment arrives with its reference.
 */
export function upiPaymentLink(payment: { upiId: string; payee: string; amountPaise: Paise; note: string }): string {
  const parameters = new URLSearchParams({
    pa: payment.upiId,
    pn: payment.payee,
    am: upiAmount(payment.amountPaise),
    cu: "INR",
    tn: payment.note,
  });
  // URLSearchParams writes a space as "+", which some payment apps show as it is.
  return `upi://pay?${parameters.toString().replaceAll("+", "%20")}`;
}

/** A proforma invoice as stored: fixed when it is issued, like a sent quotation. */
export type Proforma = {
  id: number;
  quotationId: number;
  number: string;
  /** The day it is dated (YYYY-MM-DD, India). */
  issuedOn: string;
  issuedAt: number;
  issuedBy: string;
  advancePercent: number;
  /** The accepted total it is a share of. */
  totalPaise: Paise;
  advancePaise: Paise;
  /** The company's details and bank as they were when it was issued. */
  company: QuotationCompany;
  received?: AdvanceReceived;
};

/** The advance as staff recorded it on arrival. */
export type AdvanceReceived = {
  /** The day it reached the bank (YYYY-MM-DD). */
  on: string;
  paise: Paise;
  reference: string;
  by: string;
  at: number;
};

/** A proforma's figures as every page shows them: its number, its day and its amounts written out. */
export function proformaFigures(proforma: Proforma) {
  const { received } = proforma;
  return {
    number: proforma.number,
    issuedOn: formatDay(proforma.issuedOn),
    advance: formatRupees(proforma.advancePaise),
    percent: proforma.advancePercent,
    total: formatRupees(proforma.totalPaise),
    received: received && {
      amount: formatRupees(received.paise),
      on: formatDay(received.on),
      reference: received.reference,
      by: received.by,
    },
  };
}

/** A proforma whole, as its PDF, the buyer's page and its mail show it: the accepted quotation, and the advance asked for. */
export type ProformaDocument = {
  proforma: Proforma;
  quotation: AnyDocument & { number: string };
  /** The option accepted, counted from 0 (0 for a quotation of one set of lines). */
  option: number;
  purchaseOrder?: string;
  /** The UPI link for the advance; none when the company gave no UPI ID. */
  upiLink?: string;
};

/** The proforma's document, from the quotation accepted and the proforma as stored. */
export function proformaDocumentOf(
  proforma: Proforma,
  quotation: AnyDocument & { number: string },
  purchaseOrder: string | undefined,
): ProformaDocument {
  const option = isOptionsDocument(quotation) ? (quotation.acceptedOption ?? 0) : 0;
  const { upiId, accountName } = proforma.company.bank;
  return {
    proforma,
    quotation: { ...quotation, company: proforma.company },
    option,
    ...(purchaseOrder ? { purchaseOrder } : {}),
    ...(upiId
      ? {
          upiLink: upiPaymentLink({
            upiId,
            payee: accountName,
            amountPaise: proforma.advancePaise,
            note: `Advance ${proforma.number}`,
          }),
        }
      : {}),
  };
}
