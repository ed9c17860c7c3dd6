import { mailtoUrl, telUrl, whatsAppUrl } from "../../server/contact/indian-phone.ts";
import type { DeliveryStatus } from "../../server/contact/inquiries.server.ts";
import { quoteRows } from "../../server/contact/quote-form.server.ts";
import type { InboxRow } from "../../server/inbox/inbox.server.ts";
import { canSendAgain, describeDelivery, inIndia, serviceName } from "../../server/inbox/report.server.ts";
import { formatWait } from "../../server/inbox/wait.ts";
import type { MailKind } from "../../server/mail/mail-kinds.ts";
import { formatRupees } from "../../server/quotations/money.ts";
import { formatDay } from "../../server/quotations/numbering.ts";
import { optionName } from "../../server/quotations/options-document.ts";
import { type Quotation, standingOf } from "../../server/quotations/quotation.ts";
import { hasOptions } from "../../server/quotations/stored-content.ts";
import type { SiteServices } from "../../server/site-services.server.ts";
import { artworkKindLabels, formatBytes } from "../../server/uploads/artwork-kinds.ts";
import { serviceUrl } from "../../site/content/urls.ts";
import { inboxDone, isInboxDone, languageNames } from "../content/inbox.ts";
import { proformaText, quotationText, replyLabels } from "../content/quotations.ts";
import { staffPaths } from "../paths.ts";
import { attentionReply, fileCheckView } from "./artwork-checks.ts";
import { staffRequestFor } from "./inbox-request.server.ts";

/** One mail as staff read it: where it stands, in the words of every report, and whether it can be sent again. */
function describeMail(delivery: DeliveryStatus | undefined, spam: boolean, now: number) {
  const words = describeDelivery(delivery, spam, now);
  return {
    state: words.charAt(0).toUpperCase() + words.slice(1),
    attempts: delivery?.attempts ?? null,
    lastError: delivery?.lastError ?? null,
    sentAt: delivery?.sentAt ? inIndia(delivery.sentAt) : null,
    canSendAgain: canSendAgain(delivery),
    unconfirmed: delivery?.state === "unknown",
  };
}

function mailsOf(services: SiteServices, inquiry: InboxRow, now: number) {
  const spam = inquiry.status === "spam";
  const mailOf = (kind: MailKind) => inquiry.deliveries.find((delivery) => delivery.kind === kind);
  return [
    {
      kind: "company" as const,
      label: `To the company (${services.env.mailTo})`,
      ...describeMail(mailOf("company"), spam, now),
    },
    {
      kind: "acknowledgement" as const,
      label: "To the visitor",
      ...describeMail(mailOf("acknowledgement"), spam, now),
    },
  ];
}

/** The inquiry's artwork files, each with its print check where one has run. */
async function filesOf(services: SiteServices, inquiry: InboxRow) {
  const uploaded = (await services.uploads?.artwork.filesOf(inquiry.id)) ?? [];
  const checks = (await services.artworkChecks?.of(uploaded.map((file) => file.id))) ?? new Map();
  return uploaded.map((file) => ({
    name: file.name,
    kind: artworkKindLabels[file.kind],
    size: formatBytes(file.size),
    sha256: file.sha256,
    href: staffPaths.file(inquiry.reference, file.id),
    check: fileCheckView(inquiry.reference, file, checks.get(file.id)),
  }));
}

/** The option a buyer accepted, named, when the quotation offered several. */
function acceptedOptionName(quotation: Quotation): string | undefined {
  const { content, acceptedOption } = quotation;
  if (acceptedOption === undefined || !hasOptions(content) || content.options.length < 2) return undefined;
  return optionName(content, acceptedOption);
}

/** Where an accepted quotation's advance stands: asked for by its proforma, and received. */
async function advanceOf(services: SiteServices, quotation: Quotation): Promise<string | undefined> {
  const proforma = quotation.state === "accepted" ? await services.proformas.forQuotation(quotation.id) : undefined;
  if (!proforma) return undefined;
  const asked = proformaText.asked(
    formatRupees(proforma.advancePaise),
    proforma.advancePercent,
    formatRupees(proforma.totalPaise),
  );
  const { received } = proforma;
  return received
    ? `${proforma.number}. ${asked} ${proformaText.received(formatRupees(received.paise), formatDay(received.on))}.`
    : `${proforma.number}. ${asked}`;
}

async function quotationsOf(services: SiteServices, inquiry: InboxRow, now: number) {
  const quotations = await services.quotations.forInquiry(inquiry.id);
  return Promise.all(
    quotations.map(async (quotation) => ({
      id: quotation.id,
      href: staffPaths.quotation(inquiry.reference, quotation.id),
      number: quotation.number ?? quotationText.draft,
      standing: quotationText.standing[standingOf(quotation, now)],
      // Once accepted, what is won: the option the buyer chose, with the one-time charges.
      total: formatRupees(quotation.wonTotal ?? quotation.total),
      option: acceptedOptionName(quotation),
      advance: await advanceOf(services, quotation),
    })),
  );
}

/** When the inquiry was first answered and how, or how long it has waited. */
async function firstReplyOf(services: SiteServices, inquiryId: number, receivedAt: string) {
  const reply = await services.quotations.firstReply(inquiryId);
  const received = Date.parse(receivedAt);
  if (!reply) return { answered: false as const, text: quotationText.waiting(formatWait(Date.now() - received)) };
  return {
    answered: true as const,
    text: quotationText.answered(replyLabels[reply.kind], inIndia(reply.at), formatWait(reply.at - received)),
  };
}

async function notesOf(services: SiteServices, inquiryId: number) {
  return (await services.inbox.notes(inquiryId)).map((note) => ({
    id: note.id,
    at: inIndia(note.at),
    author: note.authorName,
    authorEmail: note.authorEmail,
    body: note.body,
  }));
}

async function historyOf(services: SiteServices, inquiryId: number) {
  return (await services.audit.forInquiry(inquiryId)).map((entry) => ({
    id: entry.id,
    at: inIndia(entry.at),
    actor: entry.actor,
    action: entry.action,
    detail: entry.detail,
  }));
}

function detailsOf(services: SiteServices, inquiry: InboxRow) {
  return {
    reference: inquiry.reference,
    received: inIndia(inquiry.receivedAt),
    receivedAt: inquiry.receivedAt,
    name: inquiry.name,
    email: inquiry.email,
    phone: inquiry.phone,
    subject: inquiry.subject,
    message: inquiry.message,
    status: inquiry.status,
    spamReason: inquiry.spamReason,
    service: inquiry.service
      ? { name: serviceName(inquiry.service, services.content.services), url: serviceUrl(inquiry.service) }
      : null,
    sourcePage: inquiry.sourcePage,
    language: languageNames[inquiry.language],
    quote: inquiry.quote ? quoteRows(inquiry.quote, services.content.quoteForm.words) : null,
  };
}

/** Everything the inquiry's page shows; the reads that do not depend on each other go at once. */
export async function inquiryPage(request: Request, reference: string | undefined) {
  const { staff, services, inquiry } = await staffRequestFor(request, reference);
  const done = new URL(request.url).searchParams.get("done");
  const now = Date.now();
  const [files, quotations, firstReply, notes, history] = await Promise.all([
    filesOf(services, inquiry),
    quotationsOf(services, inquiry, now),
    firstReplyOf(services, inquiry.id, inquiry.receivedAt),
    notesOf(services, inquiry.id),
    historyOf(services, inquiry.id),
  ]);
  return {
    staff: { name: staff.name, email: staff.email },
    done: isInboxDone(done) ? inboxDone[done] : undefined,
    inquiry: detailsOf(services, inquiry),
    files,
    quotations,
    firstReply,
    replies: {
      email: mailtoUrl(inquiry.email, `Re: ${inquiry.subject} [${inquiry.reference}]`),
      attention: attentionReply(inquiry, files) ?? null,
      call: telUrl(inquiry.phone) ?? null,
      whatsApp: whatsAppUrl(inquiry.phone) ?? null,
    },
    mails: mailsOf(services, inquiry, now),
    notes,
    history,
  };
}
