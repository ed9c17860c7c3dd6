import type { ServiceCatalog } from "../contact/catalog.ts";
import type { QuoteRowWords } from "../contact/quote-spec.ts";
import type { Language } from "../content/languages.ts";
import type { MailKind } from "../mail/mail-kinds.ts";

/**
 * The inbox's vocabulary: the statuses an inquiry moves through, why one went
 * to the spam tray, how it was first answered, and the limits staff work
 * within. The words staff read for each are the staff area's content, keyed by
 * these ids; the services that write them into the audit log or the store are
 * handed those words (ServiceContent), so they read the same everywhere.
 */

/** Where an inquiry stands with staff. Any order is allowed; spam is the tray a bot's form lands in. */
export const inquiryStatuses = ["new", "contacted", "quoted", "won", "lost", "spam"] as const;
export type InquiryStatus = (typeof inquiryStatuses)[number];

export function isInquiryStatus(value: unknown): value is InquiryStatus {
  return typeof value === "string" && (inquiryStatuses as readonly string[]).includes(value);
}

export type StatusWords = Readonly<Record<InquiryStatus, string>>;

/** Why the site put a form in the spam tray rather than in front of staff, as the inquiry keeps it. */
export type SpamReasonWords = {
  readonly honeypot: string;
  tooFast(seconds: number): string;
  readonly byStaff: string;
};

/** How an inquiry was first answered: recorded once, with the quotation or by hand. */
export type FirstReplyKind = "quotation" | "email" | "call" | "whatsapp";
export type FirstReplyWords = Readonly<Record<FirstReplyKind, string>>;

/** The inquiry's two mails by name, as staff see and resend them from its page. */
export type InquiryMailWords = Readonly<Record<MailKind, string>>;

/** What the inbox and quotations write into the audit log and the spam tray, in the staff area's words. */
export type InboxWords = {
  readonly statuses: StatusWords;
  readonly spamReasons: SpamReasonWords;
  readonly mails: InquiryMailWords;
  /** How an inquiry was first answered, as its history says it. */
  readonly replies: FirstReplyWords;
};

/** The staff area's words a listing or a CSV of inquiries is written in, and the catalog it names services from. */
export type ReportWords = Pick<InboxWords, "statuses" | "mails"> & {
  readonly firstReplies: FirstReplyWords;
  readonly services: ServiceCatalog;
  /** The words a quote request's particulars are shown under. */
  readonly quote: QuoteRowWords;
  /** The languages an inquiry may have been sent in, by name. */
  readonly languages: Readonly<Record<Language, string>>;
};

/** The longest internal note, in characters. */
export const NOTE_MAX_LENGTH = 2000;

/**
 * Spam is kept this long for staff to look through, then deleted by the daily
 * clean-up: a person caught by mistake can still be answered. The privacy notice promises it.
 */
export const SPAM_KEPT_DAYS = 30;
