import type { Language } from "../../server/content/languages.ts";
import {
  type FirstReplyWords,
  type InquiryMailWords,
  type ReportWords,
  SPAM_KEPT_DAYS,
  type SpamReasonWords,
  type StatusWords,
} from "../../server/inbox/statuses.ts";
import type { ServiceContent } from "../../server/service-content.ts";

/**
 * The staff inbox's words: the statuses' names (their ids are the domain's,
 * app/server/inbox/statuses.ts), and what staff read on each screen.
 */

export const statusLabels: StatusWords = {
  new: "New",
  contacted: "Contacted",
  quoted: "Quoted",
  won: "Won",
  lost: "Lost",
  spam: "Spam",
};

/** Why the site put a form in the spam tray rather than in front of staff. */
export const spamReasons: SpamReasonWords = {
  honeypot: "The hidden field a person never sees was filled in",
  tooFast: (seconds: number) => `Sent ${seconds.toFixed(1)} s after the form was opened, faster than a person types`,
  byStaff: "Marked as spam by staff",
};

/** How an inquiry was first answered, as the CSV names it. */
export const firstReplyWords: FirstReplyWords = {
  quotation: "quotation sent",
  email: "e-mail",
  call: "phone",
  whatsapp: "WhatsApp",
};

/** The inquiry's two mails by name, in the inquiry page, the report, the CSV and the audit log. */
export const mailKindLabels: InquiryMailWords = { company: "Company copy", acknowledgement: "Acknowledgement" };

/** The language of the page an inquiry was sent from, as staff read it. */
export const languageNames: Readonly<Record<Language, string>> = { en: "English", hi: "Hindi" };

/** The words a listing or CSV of inquiries is written in, with the catalog and the quote form's words handed in. */
export function reportWords({ services, quoteForm }: Pick<ServiceContent, "services" | "quoteForm">): ReportWords {
  return {
    statuses: statusLabels,
    mails: mailKindLabels,
    firstReplies: firstReplyWords,
    services,
    quote: quoteForm.words,
    languages: languageNames,
  };
}

export const inboxText = {
  /** Why a note was not added; what was written stays in the field. */
  noteRefused: {
    empty: "Write the note first.",
    tooLong: (max: number) => `A note can be at most ${max.toLocaleString("en-IN")} characters.`,
  },
  files: {
    heading: "Artwork files",
    name: "File",
    kind: "Kind (from its content)",
    size: "Size",
    download: "Download",
    preview: "Preview",
    firstPreview: "First page of its first artwork file",
    preparing: "Preparing preview… Reload the page in a moment.",
    noPreview: (reason: string) => `No preview: ${reason}.`,
    previewOf: (name: string) => `First page of ${name}`,
    entryPreviewOf: (entry: string, zip: string) => `First page of ${entry}, in ${zip}`,
    checkHeading: (name: string) => `Print check: ${name}`,
    zipEntries: "Files in the ZIP",
    marks: { fine: "Fine", check: "Check", problem: "Problem" },
    attention: {
      button: "Reply: your files need attention",
      subject: (reference: string) => `Your files need attention [${reference}]`,
      greeting: (name: string) => `Dear ${name},`,
      intro: "Thank you for your artwork. Before we can print, these points in your files need attention:",
      closing: "Please send corrected files by replying to this mail. We are glad to help if anything is unclear.",
    },
  },
  title: "Inbox",
  heading: "Inquiries",
  allLabel: "All but spam",
  /** The fold the search and filter fields sit in, closed on a phone until wanted, so the leads come first. */
  filtersSummary: "Search and filter",
  filtersInUse: (count: number) => `(${count} in use)`,
  searchLabel: "Search",
  searchHint: "Reference, name, e-mail, phone, subject or message",
  statusLabel: "Status",
  kindLabel: "Kind",
  kinds: { "": "Messages and quote requests", quote: "Quote requests", message: "Messages" },
  quoteMark: "Quote request",
  fromLabel: "Received from",
  toLabel: "Received to",
  sortLabel: "Order",
  sorts: { newest: "Newest first", waiting: "Longest waiting first" },
  waiting: "Waiting",
  apply: "Show",
  clear: "Clear",
  export: "Download these as CSV",
  nothing: "No inquiries match.",
  mailNotSent: "Mail not sent",
  previous: "Newer",
  next: "Older",
  /** The page links when the list is not newest first, where "Newer" and "Older" would not be true. */
  previousPage: "Previous page",
  nextPage: "Next page",
  signOut: "Sign out",
  spamKept: `Spam is deleted ${SPAM_KEPT_DAYS} days after it arrived.`,
  spamTray: (reason: string | null) =>
    `In the spam tray: ${reason ?? "no reason recorded"}. No mail has gone out for it, and it is deleted ${SPAM_KEPT_DAYS} days after it arrived.`,
} as const;

/** What an action reports after it redirects back (post-redirect-get), by the ?done= code it leaves. */
export const inboxDone = {
  status: "Status saved.",
  "not-spam": "Moved to New; its two mails are on their way.",
  note: "Note added.",
  resent: "The mail is back in the queue and goes out within half a minute.",
  erased: "The person's data is erased.",
  replied: "The reply is recorded.",
} as const;

export type InboxDone = keyof typeof inboxDone;

export function isInboxDone(value: unknown): value is InboxDone {
  return typeof value === "string" && Object.hasOwn(inboxDone, value);
}
