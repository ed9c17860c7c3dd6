import { asOneLine, plainMessage } from "../forms/plain-text.ts";
import {
  asciiAddress,
  escapeHtml,
  inHeader,
  type MailContent,
  type MailSettings,
  messageId,
  type OutgoingMail,
  page,
} from "../mail/messages.server.ts";
import type { QuotationMailKind } from "../mail/outbox.server.ts";
import { formatRupees } from "./money.ts";
import { formatDay } from "./numbering.ts";
import { type AnyDocument, isOptionsDocument, optionName } from "./options-document.ts";
import { renderQuotationPdf } from "./quotation-pdf.server.ts";
import type { Quotations } from "./quotations.server.ts";

/** The buyer's page of a quotation: the only public address that names one. */
export const quotationPagePath = (token: string) => `/quotation/${token}`;

/**
 * A value of the buyer's as one line of a mail: whatever was stored (older
 * answers were not checked), no line break or control can start a line of
 * its own, and no direction mark can make the line read otherwise.
 */
export const inLine = (text: string) => inHeader(asOneLine(text)).trim();

/** The buyer's message in a mail's text, each of its lines quoted, so none can pass for a line of the mail. */
const quoted = (message: string) =>
  plainMessage(message)
    .split("\n")
    .map((line) => `> ${inHeader(line)}`);

/** A value of the buyer's in a mail's HTML: escaped, and set apart from the text around it (its own direction). */
export const isolated = (text: string) => `<bdi>${escapeHtml(inLine(text))}</bdi>`;

/** The price a mail states: the total, or each option's when the buyer chooses between several. */
function offered(doc: AnyDocument): string {
  if (!isOptionsDocument(doc)) return `${formatRupees(doc.totals.total)} in all`;
  if (doc.options.length === 1) return `${formatRupees(doc.results[0]?.totals.total ?? 0)} in all`;
  const each = doc.options.map(
    (_, index) => `${optionName(doc, index)}, ${formatRupees(doc.results[index]?.totals.total ?? 0)}`,
  );
  return `${doc.options.length} options to choose from (${each.join("; ")})`;
}

/** What was accepted, for the company: the total, and which option when there were several. */
function acceptedWords(doc: AnyDocument): string {
  if (!isOptionsDocument(doc)) return `(${formatRupees(doc.totals.total)})`;
  const index = doc.acceptedOption ?? 0;
  const total = formatRupees(doc.results[index]?.totals.total ?? 0);
  return doc.options.length === 1 ? `(${total})` : `(${optionName(doc, index)}, ${total})`;
}

/** What the buyer said, for the company's mails. */
export type BuyerAnswer = { name?: string; purchaseOrder?: string; message?: string };

/**
 * A quotation's mails: to the buyer, the quotation with its PDF and the link
 * to accept it; to the company, the buyer's acceptance or request for changes.
 * The buyer's own words go to the company only, never to anyone else.
 */
export function quotationMail(
  kind: QuotationMailKind,
  doc: AnyDocument & { number: string },
  settings: MailSettings,
  { company, staffLinks }: MailContent,
  extra: { link?: string; pdf?: Uint8Array; answer?: BuyerAnswer },
): OutgoingMail {
  const id = (suffix: string) => messageId(`${doc.number.toLowerCase().replaceAll("/", "-")}.${suffix}`, settings);
  const inbox = staffLinks.inquiry(doc.reference);
  const headers = { "X-Inquiry-Reference": doc.reference, "X-Quotation-Number": doc.number };
  if (kind === "quotation") {
    const link = `${company.origin}${quotationPagePath(extra.link ?? "")}`;
    const lines = [
      `Dear ${inLine(doc.buyer.name)},`,
      "",
      `Thank you for your inquiry ${doc.reference}. Our quotation ${doc.number} is attached as a PDF: ${offered(doc)}, GST included, valid until ${formatDay(doc.validUntil)}.`,
      "",
      `To accept it, or to ask for changes, open: ${link}`,
      "",
      `Questions? Reply to this e-mail or call ${company.phone.display}.`,
      "",
      company.legalName,
      "",
    ];
    return {
      from: settings.mailFrom,
      to: asciiAddress(doc.buyer.email),
      replyTo: settings.mailTo,
      subject: inHeader(`Quotation ${doc.number} from ${company.name} [${doc.reference}]`),
      text: lines.join("\n"),
      html: page(
        `Quotation ${doc.number}`,
        `<p>Dear ${isolated(doc.buyer.name)},</p>
<p>Thank you for your inquiry ${escapeHtml(doc.reference)}. Our quotation <strong>${escapeHtml(doc.number)}</strong> is attached as a PDF: <strong>${escapeHtml(offered(doc))}</strong>, GST included, valid until ${escapeHtml(formatDay(doc.validUntil))}.</p>
<p><a href="${escapeHtml(link)}">View, accept or ask for changes</a></p>
<p>Questions? Reply to this e-mail or call ${escapeHtml(company.phone.display)}.</p>
<p>${escapeHtml(company.legalName)}</p>`,
      ),
      messageId: id("quotation"),
      headers,
      attachments: extra.pdf
        ? [
            {
              filename: `${doc.number.replaceAll("/", "-")}.pdf`,
              content: extra.pdf,
              contentType: "application/pdf",
            },
          ]
        : [],
    };
  }
  const answer = extra.answer ?? {};
  const accepted = kind === "quotation-accepted";
  // The buyer's words follow their labels, each on its own line: the mail's own words never share a line with them.
  const summary = accepted
    ? `Quotation ${doc.number} ${acceptedWords(doc)} was accepted. The inquiry is now Won.`
    : `Changes were asked to quotation ${doc.number}. Send a revision from the inquiry's page.`;
  const facts: [string, string][] = accepted
    ? [
        ["Accepted by", answer.name ?? doc.buyer.name],
        ...(answer.purchaseOrder ? [["Purchase order", answer.purchaseOrder] as [string, string]] : []),
      ]
    : [["Buyer", doc.buyer.name]];
  const text = [
    summary,
    "",
    ...facts.map(([label, value]) => `${label}: ${inLine(value)}`),
    "",
    ...(answer.message ? ["Their message:", ...quoted(answer.message), ""] : []),
    `In the inbox: ${inbox}`,
    "",
  ];
  return {
    from: settings.mailFrom,
    to: settings.mailTo,
    replyTo: asciiAddress(doc.buyer.email),
    subject: inHeader(`${accepted ? "Accepted" : "Changes asked"}: quotation ${doc.number} [${doc.reference}]`),
    text: text.join("\n"),
    html: page(
      `Quotation ${doc.number}`,
      `<p>${escapeHtml(summary)}</p>
${facts.map(([label, value]) => `<p>${escapeHtml(label)}: ${isolated(value)}</p>`).join("\n")}
${answer.message ? `<div dir="auto" style="white-space:pre-wrap;border-left:3px solid #d4dbe3;padding-left:12px"><bdi>${escapeHtml(plainMessage(answer.message))}</bdi></div>` : ""}
<p><a href="${escapeHtml(inbox)}">The inquiry in the inbox</a></p>`,
    ),
    messageId: id(accepted ? "accepted" : "changes"),
    headers,
  };
}

/**
 * A queued quotation mail, made when it is sent: the quotation as it was
 * sent, its PDF and its buyer's link made again (the same bytes and link at
 * every attempt), or the buyer's answer.
 */
export async function queuedQuotationMail(
  kind: QuotationMailKind,
  quotationId: number,
  deps: {
    quotations: Quotations;
    settings: MailSettings;
    content: MailContent;
  },
): Promise<OutgoingMail> {
  const quotation = await deps.quotations.get(quotationId);
  const reference = quotation && (await deps.quotations.referenceOf(quotation.inquiryId));
  if (!quotation?.number || quotation.sentAt === undefined || !reference) {
    throw new Error(`Quotation ${quotationId} is missing or was never sent`);
  }
  const doc = { ...deps.quotations.documentOf(quotation, reference, quotation.sentAt), number: quotation.number };
  if (kind === "quotation") {
    const [pdf, link] = await Promise.all([renderQuotationPdf(doc), deps.quotations.linkOf(quotation)]);
    return quotationMail(kind, doc, deps.settings, deps.content, { pdf, ...(link ? { link } : {}) });
  }
  const answer: BuyerAnswer = {
    ...(quotation.acceptedName ? { name: quotation.acceptedName } : {}),
    ...(quotation.acceptedPo ? { purchaseOrder: quotation.acceptedPo } : {}),
    ...(quotation.changesMessage ? { message: quotation.changesMessage } : {}),
  };
  return quotationMail(kind, doc, deps.settings, deps.content, { answer });
}
