import { domainToASCII } from "node:url";
import { formatCompanyAddress } from "../company.ts";
import { catalogService, type ServiceCatalog } from "../contact/catalog.ts";
import { mailtoUrl } from "../contact/indian-phone.ts";
import type { StoredInquiry } from "../contact/inquiries.server.ts";
import { quoteRows } from "../contact/quote-form.server.ts";
import { HTML_LANG } from "../content/languages.ts";
import type { ServiceContent } from "../service-content.ts";
import type { MailAddress } from "../settings/settings.server.ts";
import type { StaffNoticeKind } from "../staff/notices.server.ts";
import { type ArtworkKind, artworkKindLabels, formatBytes } from "../uploads/artwork-kinds.ts";
import type { AcknowledgementWords } from "./acknowledgement-words.ts";
import type { MailKind } from "./mail-kinds.ts";
import type { StaffNoticeMail } from "./outbox.server.ts";

export type OutgoingMail = {
  from: MailAddress;
  to: MailAddress | string;
  replyTo: MailAddress | string;
  subject: string;
  text: string;
  html: string;
  /** The same for every attempt, so a mail that does go out twice can be recognised as one. */
  messageId: string;
  headers: Record<string, string>;
  attachments?: { filename: string; content: Buffer | Uint8Array; contentType: string }[];
};

export type MailSettings = { mailFrom: MailAddress; mailTo: string };

/** What mails say of the company and link to, handed to the services at start (ServiceContent). */
export type MailContent = Pick<
  ServiceContent,
  "company" | "staffLinks" | "accountButtons" | "quoteForm" | "services" | "acknowledgements"
>;

const receivedFormat = new Intl.DateTimeFormat("en-IN", {
  timeZone: "Asia/Kolkata",
  dateStyle: "medium",
  timeStyle: "short",
});

function receivedInIndia(inquiry: StoredInquiry): string {
  return `${receivedFormat.format(new Date(inquiry.receivedAt))} IST`;
}

/**
 * Visitor text as a header may hold it: without the characters that reorder
 * text (U+202A–U+202E, U+2066–U+2069 and the marks), which would make a
 * subject read differently from what it says in a mail program's list.
 */
export function inHeader(text: string): string {
  return text.replace(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, "");
}

/** Visitor text goes into HTML only through here. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** A Message-ID under the sender's domain, the same for every attempt at one mail. */
export function messageId(name: string, settings: MailSettings): string {
  return `<${name}@${settings.mailFrom.address.split("@")[1] ?? "localhost"}>`;
}

export function page(title: string, body: string, lang = "en"): string {
  return `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1b2733">
${body}
</body>
</html>
`;
}

/** The copy for the company's inbox: every field, and a reply goes straight to the visitor. */
export function companyMail(inquiry: StoredInquiry, settings: MailSettings, content: MailContent): OutgoingMail {
  const inInbox = content.staffLinks.inquiry(inquiry.reference);
  const rows: [string, string][] = [
    ["Reference", inquiry.reference],
    ["Received", receivedInIndia(inquiry)],
    ["Name", inquiry.name],
    ["E-mail", inquiry.email],
    ["Phone", inquiry.phone],
    ["Subject", inquiry.subject],
  ];
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  const quote = inquiry.quote ? quoteRows(inquiry.quote, content.quoteForm.words) : [];
  // Names and sizes only: the files stay in the inbox, behind sign-in, never in a mail.
  const files = (inquiry.files ?? []).map(
    (file) => `${file.name} (${kindLabel(file.kind)}, ${formatBytes(file.size)})`,
  );
  const text = [
    "A new inquiry has arrived through the contact form on the website.",
    "",
    ...rows.map(([label, value]) => `${`${label}:`.padEnd(width)}${value}`),
    "",
    ...(quote.length > 0 ? ["Quote request:", ...quote.map(([label, value]) => `  ${label}: ${value}`), ""] : []),
    ...(files.length > 0
      ? ["Artwork files (download them in the inbox):", ...files.map((file) => `  ${file}`), ""]
      : []),
    "Message:",
    inquiry.message,
    ...(inquiry.quote ? ["", `In the inbox: ${inInbox}`] : []),
    "",
    `Reply to this e-mail to answer ${inquiry.name} directly.`,
    "",
  ].join("\n");

  const tel = inquiry.phone.replace(/[^\d+]/g, "");
  const cell = (label: string, value: string) => {
    // Escaped for the URL as well as for HTML: "a?cc=b@evil.example" must stay one address, adding no one.
    if (label === "E-mail") return `<a href="${escapeHtml(mailtoUrl(value))}">${escapeHtml(value)}</a>`;
    if (label === "Phone") return `<a href="tel:${escapeHtml(tel)}">${escapeHtml(value)}</a>`;
    return escapeHtml(value);
  };
  const html = page(
    `Inquiry ${inquiry.reference}`,
    `<p>A new inquiry has arrived through the contact form on the website.</p>
<table cellpadding="6" cellspacing="0" style="border-collapse:collapse">
${rows
  .map(
    ([label, value]) =>
      `<tr><th align="left" valign="top" style="padding-right:16px">${label}</th><td dir="auto">${cell(label, value)}</td></tr>`,
  )
  .join("\n")}
</table>
${
  quote.length > 0
    ? `<h2 style="font-size:16px;margin:24px 0 8px">Quote request</h2>
<table cellpadding="6" cellspacing="0" style="border-collapse:collapse">
${quote.map(([label, value]) => `<tr><th align="left" valign="top" style="padding-right:16px">${escapeHtml(label)}</th><td dir="auto">${escapeHtml(value)}</td></tr>`).join("\n")}
</table>`
    : ""
}
${
  files.length > 0
    ? `<h2 style="font-size:16px;margin:24px 0 8px">Artwork files</h2>
<ul>${files.map((file) => `<li dir="auto">${escapeHtml(file)}</li>`).join("")}</ul>
<p>Download them from <a href="${escapeHtml(inInbox)}">the inquiry in the inbox</a>.</p>`
    : ""
}
<h2 style="font-size:16px;margin:24px 0 8px">Message</h2>
<div dir="auto" style="white-space:pre-wrap;border-left:3px solid #d4dbe3;padding-left:12px">${escapeHtml(inquiry.message)}</div>
<p style="margin-top:24px">Reply to this e-mail to answer ${escapeHtml(inquiry.name)} directly.</p>`,
  );

  return {
    from: settings.mailFrom,
    to: settings.mailTo,
    replyTo: { name: inHeader(inquiry.name), address: asciiAddress(inquiry.email) },
    subject: inHeader(`Inquiry ${inquiry.reference}: ${inquiry.subject}`),
    text,
    html,
    messageId: messageId(`${inquiry.reference.toLowerCase()}.company`, settings),
    headers: { "X-Inquiry-Reference": inquiry.reference },
  };
}

/**
 * The acknowledgement to the visitor, in the language of the page they wrote
 * from. It repeats none of the visitor's own text, so the form cannot be used
 * to send someone else a message of a stranger's choosing under the company's name.
 */
export function acknowledgementMail(
  inquiry: StoredInquiry,
  settings: MailSettings,
  { company, services, acknowledgements }: MailContent,
): OutgoingMail {
  const words = acknowledgements[inquiry.language];
  const { reference } = inquiry;
  const subject = inquiry.quote ? words.quoteSubject(reference) : words.subject(reference);
  const received = quoteReceived(inquiry, services, words);
  const signature = [company.name, formatCompanyAddress(company), company.phone.display, company.email, company.origin];
  const thanks = words.received(company.name, reference);
  const replyWithin = words.replyWithin(company.hours, company.phone.display);
  const notYou = words.notYou(company.origin, receivedInIndia(inquiry));
  const text = [
    words.greeting,
    "",
    thanks,
    "",
    ...(received ? [received, ""] : []),
    replyWithin,
    "",
    ...signature,
    "",
    "--",
    notYou,
    "",
  ].join("\n");
  const html = page(
    subject,
    `<p>${escapeHtml(words.greeting)}</p>
<p>${marked(thanks, reference, `<strong>${escapeHtml(reference)}</strong>`)}</p>
${received ? `<p>${escapeHtml(received)}</p>` : ""}
<p>${marked(replyWithin, company.phone.display, `<a href="tel:${escapeHtml(company.phone.e164)}">${escapeHtml(company.phone.display)}</a>`)}</p>
<p>${signature.map(escapeHtml).join("<br>")}</p>
<p style="margin-top:32px;font-size:13px;color:#5b6774">${escapeHtml(notYou)}</p>`,
    HTML_LANG[inquiry.language],
  );

  return {
    from: settings.mailFrom,
    to: asciiAddress(inquiry.email),
    replyTo: settings.mailTo,
    subject,
    text,
    html,
    messageId: messageId(`${reference.toLowerCase()}.acknowledgement`, settings),
    // An automatic reply: out-of-office robots must not answer it (RFC 3834).
    headers: {
      "Auto-Submitted": "auto-replied",
      "X-Auto-Response-Suppress": "All",
      "X-Inquiry-Reference": reference,
    },
  };
}

/** A sentence as HTML, with the first place it says `part` marked up as `markup`. */
function marked(sentence: string, part: string, markup: string): string {
  const at = sentence.indexOf(part);
  if (at === -1) return escapeHtml(sentence);
  return `${escapeHtml(sentence.slice(0, at))}${markup}${escapeHtml(sentence.slice(at + part.length))}`;
}

/**
 * What a quote request asked for, in the acknowledgement: only the product and
 * the quantities, which the form's lists and number fields fix, never text the
 * visitor wrote.
 */
function quoteReceived(
  inquiry: StoredInquiry,
  catalog: ServiceCatalog,
  words: AcknowledgementWords,
): string | undefined {
  if (!inquiry.quote) return undefined;
  const files = inquiry.files ?? [];
  // Kinds and sizes, which the server decided, never the names the buyer's device gave.
  const artwork =
    files.length > 0
      ? ` ${words.filesReceived(files.length, files.map((file) => `${kindLabel(file.kind)} (${formatBytes(file.size)})`).join(", "))}`
      : "";
  const product = inquiry.service ? catalogService(catalog, inquiry.service)?.title : undefined;
  const { quantities } = inquiry.quote;
  const asked = words.quoteAsked(
    product,
    quantities.length,
    quantities.map((q) => quantityFormat.format(q)).join(", "),
  );
  return `${asked}${artwork} ${words.estimatorReplies}`;
}

const quantityFormat = new Intl.NumberFormat("en-IN");

export function composeMail(
  kind: MailKind,
  inquiry: StoredInquiry,
  settings: MailSettings,
  content: MailContent,
): OutgoingMail {
  return kind === "company" ? companyMail(inquiry, settings, content) : acknowledgementMail(inquiry, settings, content);
}

/** The account's owner, as the notice addresses them; read when the notice is sent. */
export type NoticeRecipient = { name: string; email: string };

const noticeWords = {
  "passkey-added": {
    subject: "A passkey was added to your staff account",
    what: (detail: string) => `A passkey named "${detail}" was added to your staff account`,
  },
  "password-changed": {
    subject: "The password of your staff account was changed",
    what: (detail: string) =>
      `The password of your staff account was ${detail === "reset link" ? "set through a reset link" : "changed on the account page"}`,
  },
} as const satisfies Record<StaffNoticeKind, { subject: string; what: (detail: string) => string }>;

/**
 * Tells a staff member of a change to their own account that could let
 * someone else in, and what to do if they did not make it. It names no
 * visitor and holds no secret: the mail may be read on any device.
 */
export function staffNoticeMail(
  notice: StaffNoticeMail & { id: number },
  recipient: NoticeRecipient,
  settings: MailSettings,
  content: MailContent,
): OutgoingMail {
  const words = noticeWords[notice.kind];
  const when = `${receivedFormat.format(new Date(notice.queuedAt))} IST`;
  const account = content.staffLinks.account;
  const buttons = content.accountButtons;
  const what = `${words.what(notice.detail)} on ${content.company.origin} on ${when}.`;
  const ifNot = `If it was not you, someone else can sign in as you. Sign in, open your account page (${account}), change your password, then choose "${buttons.signOutEverywhere}" with "${buttons.removePasskeysToo}". If you cannot sign in, ask whoever runs the website to reset your account.`;
  const footer = "Every change of this kind to a staff account is mailed to its owner.";
  const text = [
    `Hello ${recipient.name},`,
    "",
    what,
    "",
    "If that was you, there is nothing to do.",
    "",
    ifNot,
    "",
    "--",
    footer,
    "",
  ].join("\n");
  const html = page(
    words.subject,
    `<p>Hello <bdi>${escapeHtml(recipient.name)}</bdi>,</p>
<p dir="auto">${escapeHtml(what)}</p>
<p>If that was you, there is nothing to do.</p>
<p>${escapeHtml(ifNot)}</p>
<p style="margin-top:32px;font-size:13px;color:#5b6774">${escapeHtml(footer)}</p>`,
  );
  return {
    from: settings.mailFrom,
    to: { name: inHeader(recipient.name), address: asciiAddress(recipient.email) },
    replyTo: settings.mailTo,
    subject: words.subject,
    text,
    html,
    messageId: messageId(`notice-${notice.id}.${notice.kind}`, settings),
    headers: { "Auto-Submitted": "auto-generated", "X-Auto-Response-Suppress": "All" },
  };
}

/**
 * The address with its domain in punycode (ravi@उदाहरण.भारत becomes
 * ravi@xn--p1b6ci4b4b3a.xn--h2brj9c): every mail server understands that form,
 * while a Unicode domain needs one that speaks SMTPUTF8.
 */
export function asciiAddress(address: string): string {
  const at = address.lastIndexOf("@");
  return `${address.slice(0, at)}@${domainToASCII(address.slice(at + 1)) || address.slice(at + 1)}`;
}

function kindLabel(kind: string): string {
  return artworkKindLabels[kind as ArtworkKind] ?? kind;
}
