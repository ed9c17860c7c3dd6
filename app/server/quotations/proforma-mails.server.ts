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
import { formatRupees } from "./money.ts";
import { type ProformaDocument, proformaDocumentOf } from "./proforma.ts";
import { NOT_A_TAX_INVOICE, proformaFileName, proformaName, renderProformaPdf } from "./proforma-pdf.server.ts";
import type { Proformas } from "./proformas.server.ts";
import { inLine, isolated, quotationPagePath } from "./quotation-mails.server.ts";
import type { Quotations } from "./quotations.server.ts";

/** The bank's details as a mail lists them, the UPI ID where the company gave one. */
function bankLines(bank: ProformaDocument["proforma"]["company"]["bank"]): string[] {
  return [
    `Account name: ${bank.accountName}`,
    `Bank: ${bank.bankName}, ${bank.branch}`,
    `Account number: ${bank.accountNumber}`,
    `IFSC: ${bank.ifsc}`,
    ...(bank.upiId ? [`UPI ID: ${bank.upiId}`] : []),
  ];
}

/** The proforma to the buyer: the advance, where to pay it, its PDF, and the page with its UPI code. */
export function proformaMail(
  doc: ProformaDocument,
  settings: MailSettings,
  { company }: MailContent,
  extra: { link?: string; pdf?: Uint8Array },
): OutgoingMail {
  const { proforma, quotation } = doc;
  const link = `${company.origin}${quotationPagePath(extra.link ?? "")}`;
  const advance = `${formatRupees(proforma.advancePaise)} (${proforma.advancePercent} % of ${formatRupees(proforma.totalPaise)})`;
  const intro = `Thank you for accepting our quotation ${quotation.number}. Our proforma invoice ${proforma.number} for the advance of ${advance} is attached as a PDF.`;
  const reference = `Please give "${proforma.number}" as the payment's reference.`;
  const bank = bankLines(proforma.company.bank);
  const lines = [
    `Dear ${inLine(quotation.buyer.name)},`,
    "",
    intro,
    "",
    "Bank details for payment:",
    ...bank,
    "",
    reference,
    `To pay by UPI, scan the code on the PDF or open: ${link}`,
    "",
    NOT_A_TAX_INVOICE,
    "",
    `Questions? Reply to this e-mail or call ${company.phone.display}.`,
    "",
    company.legalName,
    "",
  ];
  return {
    from: settings.mailFrom,
    to: asciiAddress(quotation.buyer.email),
    replyTo: settings.mailTo,
    subject: inHeader(`${proformaName(doc)} for the advance on quotation ${quotation.number} [${quotation.reference}]`),
    text: lines.join("\n"),
    html: page(
      proformaName(doc),
      `<p>Dear ${isolated(quotation.buyer.name)},</p>
<p>${escapeHtml(intro)}</p>
<p><strong>Bank details for payment</strong><br>${bank.map(escapeHtml).join("<br>")}</p>
<p>${escapeHtml(reference)}</p>
<p><a href="${escapeHtml(link)}">Pay by UPI, or see the quotation and the proforma</a></p>
<p>${escapeHtml(NOT_A_TAX_INVOICE)}</p>
<p>Questions? Reply to this e-mail or call ${escapeHtml(company.phone.display)}.</p>
<p>${escapeHtml(company.legalName)}</p>`,
    ),
    messageId: messageId(`${proforma.number.toLowerCase().replaceAll("/", "-")}.proforma`, settings),
    headers: {
      "X-Inquiry-Reference": quotation.reference,
      "X-Quotation-Number": quotation.number,
      "X-Proforma-Number": proforma.number,
    },
    attachments: extra.pdf
      ? [{ filename: proformaFileName(doc), content: extra.pdf, contentType: "application/pdf" }]
      : [],
  };
}

/** The proforma of a quotation as its pages, PDF and mail show it; undefined while none is issued. */
export async function proformaDocumentFor(
  quotationId: number,
  deps: { quotations: Quotations; proformas: Proformas },
): Promise<ProformaDocument | undefined> {
  const [quotation, proforma] = await Promise.all([
    deps.quotations.get(quotationId),
    deps.proformas.forQuotation(quotationId),
  ]);
  const reference = quotation && (await deps.quotations.referenceOf(quotation.inquiryId));
  if (!proforma || !quotation?.number || quotation.sentAt === undefined || !reference) return undefined;
  const doc = { ...deps.quotations.documentOf(quotation, reference, quotation.sentAt), number: quotation.number };
  return proformaDocumentOf(proforma, doc, quotation.acceptedPo);
}

/** The queued proforma mail, made again at every attempt from what was stored: the same PDF and link each time. */
export async function queuedProformaMail(
  quotationId: number,
  deps: { quotations: Quotations; proformas: Proformas; settings: MailSettings; content: MailContent },
): Promise<OutgoingMail> {
  const doc = await proformaDocumentFor(quotationId, deps);
  const quotation = await deps.quotations.get(quotationId);
  if (!doc || !quotation) throw new Error(`The proforma of quotation ${quotationId} is missing`);
  const [pdf, link] = await Promise.all([renderProformaPdf(doc), deps.quotations.linkOf(quotation)]);
  return proformaMail(doc, deps.settings, deps.content, { pdf, ...(link ? { link } : {}) });
}
