import { catalogService, type ServiceCatalog } from "../contact/catalog.ts";
import type { DeliveryStatus, InquiryListing, StoredInquiry } from "../contact/inquiries.server.ts";
import { quoteRows } from "../contact/quote-form.server.ts";
import type { MailKind, MailState } from "../mail/mail-kinds.ts";
import { formatRupees } from "../quotations/money.ts";
import type { ReplyFacts, ReplyTime } from "./inbox.server.ts";
import type { ReportWords, StatusWords } from "./statuses.ts";
import { formatWait } from "./wait.ts";

const indiaClock = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Asia/Kolkata",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** 2026-11-22 10:42, India time: sorts as text and reads at a glance. */
export function formatIndiaTime(value: string | number): string {
  const parts = Object.fromEntries(indiaClock.formatToParts(new Date(value)).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** A moment as the staff pages show it: India time, marked so. */
export const inIndia = (value: string | number) => `${formatIndiaTime(value)} IST`;

/** A mail that failed, or was never confirmed, may be sent again. */
export const canSendAgain = (delivery: DeliveryStatus | undefined) =>
  delivery?.state === "failed" || delivery?.state === "unknown";

const attempts = (count: number) => `${count} ${count === 1 ? "attempt" : "attempts"}`;

/**
 * Where one mail stands, in words for staff, the same in the inbox, the
 * command line and the CSV; now decides whether an attempt is still under way.
 * A spam inquiry's mails are owed to no one until staff say it is not spam.
 */
export function describeDelivery(
  delivery: DeliveryStatus | undefined,
  spam: boolean,
  now: number = Date.now(),
): string {
  if (!delivery) return spam ? "not sent: in the spam tray" : "not queued";
  if (delivery.state === "sent") return `sent ${delivery.sentAt ? formatIndiaTime(delivery.sentAt) : ""}`.trim();
  if (delivery.state === "unknown") {
    const since = delivery.unconfirmedAt ? ` ${formatIndiaTime(delivery.unconfirmedAt)}` : "";
    const why = delivery.lastError ? ` (${delivery.lastError})` : "";
    return `NOT CONFIRMED${since}: the mail server did not confirm it${why}; it may have arrived`;
  }
  const reason = delivery.lastError ?? "no reason recorded";
  if (delivery.state === "failed") return `FAILED after ${attempts(delivery.attempts)}: ${reason}`;
  if (delivery.leaseUntil !== null && delivery.leaseUntil > now) return `sending now (attempt ${delivery.attempts})`;
  if (delivery.attempts === 0) return "waiting to be sent";
  const nextTry = formatIndiaTime(Math.max(delivery.nextAttemptAt, delivery.leaseUntil ?? 0));
  // A lease that ran out with nothing recorded: the sender stopped mid-attempt.
  if (delivery.lastError === null) return `waiting, attempt ${delivery.attempts} did not finish; next try ${nextTry}`;
  return `waiting, ${attempts(delivery.attempts)} failed (${reason}); next try ${nextTry}`;
}

/** What to do about a mail that may have arrived, where staff read it from the command line. */
function unconfirmedAdvice(reference: string): string {
  return (
    `. Check (the inbox, or the mail server's log), then either send it again: npm run inquiries -- --resend-unknown ${reference}, ` +
    `or record that it arrived: npm run inquiries -- --mark-sent ${reference}`
  );
}

function deliveryOf(inquiry: InquiryListing, kind: MailKind) {
  return inquiry.deliveries.find((delivery) => delivery.kind === kind);
}

/** Where one of an inquiry's mails stands, with what to do when it may have arrived. */
function describeMail(inquiry: InquiryListing, kind: MailKind, now: number): string {
  const delivery = deliveryOf(inquiry, kind);
  const words = describeDelivery(delivery, inquiry.status === "spam", now);
  return delivery?.state === "unknown" ? words + unconfirmedAdvice(inquiry.reference) : words;
}

/** "Spam (the hidden field … was filled in)", or the status's name. */
export function describeStatus(inquiry: Pick<StoredInquiry, "status" | "spamReason">, statuses: StatusWords): string {
  const label = statuses[inquiry.status];
  return inquiry.status === "spam" && inquiry.spamReason ? `${label} (${inquiry.spamReason})` : label;
}

/** The service the form was opened from, by its name ("Cake Box"), or "". */
export function serviceName(slug: string | null, catalog: ServiceCatalog): string {
  if (!slug) return "";
  return catalogService(catalog, slug)?.title ?? slug;
}

// Control characters could move the cursor or recolour the terminal, and
// direction overrides could reorder what staff read; both are shown, not obeyed.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const UNSAFE_FOR_TERMINAL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function terminalSafe(value: string): string {
  return value.replace(UNSAFE_FOR_TERMINAL, (char) => `\\u{${char.codePointAt(0)?.toString(16)}}`);
}

/** The listing for the terminal, newest first. */
export function formatListing(inquiries: InquiryListing[], words: ReportWords, now: number = Date.now()): string {
  if (inquiries.length === 0) return "No inquiries yet.\n";
  const count = (state: MailState) =>
    inquiries.flatMap((inquiry) => inquiry.deliveries).filter((d) => d.state === state).length;
  const unconfirmed = count("unknown");
  const spam = inquiries.filter((inquiry) => inquiry.status === "spam").length;
  const lines = [
    `${inquiries.length} ${inquiries.length === 1 ? "inquiry" : "inquiries"}` +
      `${spam > 0 ? ` (${spam} in the spam tray, without mail)` : ""}; ` +
      `mails waiting: ${count("pending")}, failed: ${count("failed")}` +
      `${unconfirmed > 0 ? `, NOT CONFIRMED (may have arrived; check them): ${unconfirmed}` : ""}.`,
    "",
  ];
  for (const inquiry of inquiries) {
    const safe = (value: string) => terminalSafe(value);
    const preview = inquiry.message.replace(/\s+/g, " ");
    lines.push(
      `${inquiry.reference}  ${formatIndiaTime(inquiry.receivedAt)}  ${safe(inquiry.name)} <${safe(inquiry.email)}>  ${safe(inquiry.phone)}`,
      `  Status: ${describeStatus(inquiry, words.statuses)}`,
      `  Subject: ${safe(inquiry.subject)}`,
      `  Message: ${safe(preview.length > 100 ? `${preview.slice(0, 99)}…` : preview)}`,
      ...(inquiry.service ? [`  Service: ${safe(serviceName(inquiry.service, words.services))}`] : []),
      ...(inquiry.sourcePage ? [`  Came from: ${safe(inquiry.sourcePage)}`] : []),
      ...(["company", "acknowledgement"] as const).map(
        (kind) => `  ${words.mails[kind]}: ${safe(describeMail(inquiry, kind, now))}`,
      ),
      "",
    );
  }
  return `${lines.join("\n")}`;
}

/**
 * One CSV cell. A spreadsheet runs a cell that starts with = + - @ (or a tab or
 * carriage return that hides one) as a formula, so such a cell gets a leading
 * apostrophe and stays text.
 */
export function csvCell(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${text.replaceAll('"', '""')}"`;
}

const csvColumns = (words: ReportWords) => [
  "Reference",
  "Received (India time)",
  "Status",
  "Name",
  "E-mail",
  "Phone",
  "Subject",
  "Message",
  "Quote request",
  "Service",
  "Came from",
  "Language",
  words.mails.company,
  words.mails.acknowledgement,
  "First reply",
  "First reply by",
  "Minutes to first reply",
  "Quotations sent",
  "Latest quotation",
  "Latest quotation total",
  "Accepted",
  "Accepted option",
  "Proforma",
  "Advance asked",
  "Advance received",
  "Advance received on",
  "Advance reference",
];

const MINUTE = 60_000;

/** A plain number, as a spreadsheet sums it: no rupee sign, no grouping commas. */
const plainRupees = (paise: number) => formatRupees(paise, { symbol: false }).replaceAll(",", "");

/** CSV for a spreadsheet: UTF-8 with a byte-order mark (so Excel reads Hindi and emoji right), CRLF rows. */
export function formatCsv(
  inquiries: (InquiryListing & ReplyFacts)[],
  words: ReportWords,
  now: number = Date.now(),
): string {
  const rows = inquiries.map(({ firstReply, quotations, ...inquiry }) => [
    inquiry.reference,
    formatIndiaTime(inquiry.receivedAt),
    describeStatus(inquiry, words.statuses),
    inquiry.name,
    inquiry.email,
    inquiry.phone,
    inquiry.subject,
    inquiry.message,
    inquiry.quote
      ? quoteRows(inquiry.quote, words.quote)
          .map(([label, value]) => `${label}: ${value}`)
          .join("\n")
      : "",
    serviceName(inquiry.service, words.services),
    inquiry.sourcePage ?? "",
    words.languages[inquiry.language],
    describeMail(inquiry, "company", now),
    describeMail(inquiry, "acknowledgement", now),
    firstReply ? formatIndiaTime(firstReply.at) : "",
    firstReply ? words.firstReplies[firstReply.by] : "",
    firstReply ? String(Math.max(0, Math.floor((firstReply.at - Date.parse(inquiry.receivedAt)) / MINUTE))) : "",
    String(quotations.sent),
    quotations.latest?.number ?? "",
    quotations.latest ? plainRupees(quotations.latest.total) : "",
    quotations.accepted ? "yes" : "no",
    quotations.acceptedOption ?? "",
    quotations.advance?.proforma ?? "",
    quotations.advance ? plainRupees(quotations.advance.askedPaise) : "",
    quotations.advance?.receivedPaise === undefined ? "" : plainRupees(quotations.advance.receivedPaise),
    quotations.advance?.receivedOn ?? "",
    quotations.advance?.reference ?? "",
  ]);
  return `\uFEFF${[csvColumns(words), ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

/**
 * A line on the notices staff get about their own accounts, when any is not
 * sent: they name no inquiry, so the listing above does not show them.
 */
export function describeStaffNotices(counts: { pending: number; failed: number; unknown: number }): string {
  const { pending, failed, unknown } = counts;
  if (pending + failed + unknown === 0) return "";
  return `Notices to staff about their accounts not sent: waiting ${pending}, failed ${failed}, not confirmed ${unknown}.${failed > 0 ? " --retry-failed sends the failed ones again." : ""}\n`;
}

/** One month of first replies, by the month (India time) the inquiries arrived. */
export type ReplyMonth = {
  /** YYYY-MM. */
  month: string;
  inquiries: number;
  answered: number;
  /** The median time from arrival to first reply of those answered; undefined when none was. */
  medianMs: number | undefined;
  /** The share of all the month's inquiries answered within an hour, from 0 to 1. */
  withinHour: number;
  /** Inquiries won by a quotation accepted, and what they came to, GST included. */
  won: number;
  wonPaise: number;
  /** The advances asked for on those, and received so far. */
  advanceAskedPaise: number;
  advanceReceivedPaise: number;
};

const HOUR = 60 * MINUTE;

/** The middle value, or the mean of the two middle ones; undefined for none. */
export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? 0) + upper) / 2;
}

/**
 * How fast inquiries were first answered, a month at a time, oldest month
 * first. A reply at exactly an hour counts as within it; an inquiry not yet
 * answered counts against the share, whatever its age.
 */
export function replyMonths(inquiries: readonly ReplyTime[]): ReplyMonth[] {
  type Month = { inquiries: number; waits: number[]; won: number; wonPaise: number; asked: number; received: number };
  const byMonth = new Map<string, Month>();
  for (const inquiry of inquiries) {
    const month = formatIndiaTime(inquiry.receivedAt).slice(0, 7);
    const entry = byMonth.get(month) ?? { inquiries: 0, waits: [], won: 0, wonPaise: 0, asked: 0, received: 0 };
    entry.inquiries += 1;
    if (inquiry.firstReplyAt !== undefined) entry.waits.push(inquiry.firstReplyAt - Date.parse(inquiry.receivedAt));
    if (inquiry.wonPaise !== undefined) {
      entry.won += 1;
      entry.wonPaise += inquiry.wonPaise;
    }
    entry.asked += inquiry.advanceAskedPaise ?? 0;
    entry.received += inquiry.advanceReceivedPaise ?? 0;
    byMonth.set(month, entry);
  }
  return [...byMonth]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([month, entry]) => ({
      month,
      inquiries: entry.inquiries,
      answered: entry.waits.length,
      medianMs: median(entry.waits),
      withinHour: entry.waits.filter((wait) => wait <= HOUR).length / entry.inquiries,
      won: entry.won,
      wonPaise: entry.wonPaise,
      advanceAskedPaise: entry.asked,
      advanceReceivedPaise: entry.received,
    }));
}

/** The reply times for the terminal, a line a month. */
export function formatReplyReport(months: readonly ReplyMonth[]): string {
  if (months.length === 0) return "No inquiries yet.\n";
  const heading = [
    "Month",
    "Inquiries",
    "Answered",
    "Median to first reply",
    "Answered within an hour",
    "Won",
    "Won value",
    "Advance asked",
    "Advance received",
  ];
  const rows = months.map((month) => [
    month.month,
    String(month.inquiries),
    String(month.answered),
    month.medianMs === undefined ? "none answered" : formatWait(month.medianMs),
    `${Math.round(month.withinHour * 100)}%`,
    String(month.won),
    formatRupees(month.wonPaise),
    formatRupees(month.advanceAskedPaise),
    formatRupees(month.advanceReceivedPaise),
  ]);
  const widths = heading.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  // Counts are right-aligned so their digits line up; words are left-aligned.
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column !== 0 && column !== 3 ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join("  ")
      .trimEnd();
  return `${[
    "First replies and sales, by the month (India time) the inquiries arrived; spam left out. Values include GST.",
    "",
    line(heading),
    ...rows.map(line),
  ].join("\n")}\n`;
}
