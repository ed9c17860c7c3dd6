import { todayInIndia } from "../india-day.ts";
import type { QuotationSettings } from "./billing.ts";
import {
  companyNow,
  type QuotationCompany,
  type QuotationContent,
  type QuotationDocument,
  ratesIn,
  totalsOf,
} from "./document.ts";
import { hasOptions, type StoredContent } from "./stored-content.ts";

// What a quotation is, and how it stands for staff and for the buyer's link.

export type QuotationState = "draft" | "sent" | "accepted" | "changes" | "superseded";

/** How a quotation stands as staff and the buyer read it: its state, with "opened" and "expired" told apart. */
export type QuotationStanding = QuotationState | "opened" | "expired";

export type Quotation = {
  id: number;
  inquiryId: number;
  number: string | undefined;
  revision: number;
  state: QuotationState;
  content: StoredContent;
  company: QuotationCompany | undefined;
  issuedOn: string | undefined;
  validUntil: string;
  total: number;
  tax: number;
  replacesId: number | undefined;
  createdAt: number;
  sentAt: number | undefined;
  openedAt: number | undefined;
  answeredAt: number | undefined;
  acceptedName: string | undefined;
  acceptedPo: string | undefined;
  changesMessage: string | undefined;
  /** The option the buyer accepted, counted from 0 (0 for a quotation of one). */
  acceptedOption: number | undefined;
  /** The accepted option's total and tax, with the one-time charges: what the inquiry counts as won. */
  wonTotal: number | undefined;
  wonTax: number | undefined;
};

/** The day in India, as YYYY-MM-DD: a quotation is valid through its last day there. */
export const indiaDay = (at: number) => todayInIndia(new Date(at));

/**
 * How long an accepted quotation stays readable at the buyer's link, counted
 * from the day it was accepted: it is the buyer's record of the order, so it
 * outlives its validity (which only bounded the offer), but not for ever.
 */
export const ACCEPTED_QUOTATION_KEPT_DAYS = 365;

const DAY_MS = 86_400_000;

/**
 * Whether the buyer's link still opens the quotation: never a draft; an
 * accepted one through the last kept day; any other (sent, changes asked,
 * replaced) through its last valid day, like the offer it was.
 */
export function readableByBuyer(quotation: Quotation, now: number): boolean {
  if (quotation.state === "draft") return false;
  const today = indiaDay(now);
  if (quotation.state === "accepted") {
    const acceptedAt = quotation.answeredAt ?? quotation.sentAt ?? 0;
    return indiaDay(acceptedAt + ACCEPTED_QUOTATION_KEPT_DAYS * DAY_MS) >= today;
  }
  return quotation.validUntil >= today;
}

export function standingOf(quotation: Quotation, now: number): QuotationStanding {
  const open = quotation.state === "sent" || quotation.state === "changes";
  if (open && quotation.validUntil < indiaDay(now)) return "expired";
  if (quotation.state === "sent" && quotation.openedAt !== undefined) return "opened";
  return quotation.state;
}

/** A quotation of the first shape: one set of lines, priced in paise per piece, shown and printed as it always was. */
export type SingleQuotation = Quotation & { content: QuotationContent };

export const isSingle = (quotation: Quotation): quotation is SingleQuotation => !hasOptions(quotation.content);

/**
 * The whole quotation as its PDF and pages show it; a draft with today's date,
 * the company's details and the rates allowed now (the settings handed in).
 */
export function documentOf(
  quotation: SingleQuotation,
  reference: string,
  now: number,
  settings: QuotationSettings,
): QuotationDocument {
  return {
    ...quotation.content,
    number: quotation.number,
    date: quotation.issuedOn ?? indiaDay(now),
    reference,
    company: quotation.company ?? companyNow(settings),
    // Once sent, at the rates it was sent with, even one the settings have since withdrawn.
    totals: totalsOf(
      quotation.content,
      quotation.state === "draft" ? settings.billing.gstRates : ratesIn(quotation.content),
    ),
  };
}
