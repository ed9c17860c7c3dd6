import { data, redirect } from "react-router";
import { mailtoUrl, telUrl, whatsAppUrl } from "../../server/contact/indian-phone.ts";
import type { DeliveryStatus } from "../../server/contact/inquiries.server.ts";
import { quoteRows } from "../../server/contact/quote-form.server.ts";
import { canSendAgain, describeDelivery, inIndia, serviceName } from "../../server/inbox/report.server.ts";
import { isInquiryStatus, NOTE_MAX_LENGTH } from "../../server/inbox/statuses.ts";
import { formatWait } from "../../server/inbox/wait.ts";
import type { MailKind } from "../../server/mail/mail-kinds.ts";
import { formatRupees } from "../../server/quotations/money.ts";
import { standingOf } from "../../server/quotations/quotations.server.ts";
import type { SiteServices } from "../../server/site-services.server.ts";
import { artworkKindLabels, formatBytes } from "../../server/uploads/artwork-kinds.ts";
import { serviceUrl } from "../../site/content/urls.ts";
import { FileCheck, FileThumbnail } from "../components/artwork-check.tsx";
import { StaffBar } from "../components/staff-bar.tsx";
import { StatusBadge } from "../components/status-badge.tsx";
import { StatusOptions } from "../components/status-options.tsx";
import { type InboxDone, inboxDone, inboxText, isInboxDone } from "../content/inbox.ts";
import { quotationText, replyLabels } from "../content/quotations.ts";
import { attentionReply, fileCheckView } from "../lib/artwork-checks.ts";
import { staffRequestFor } from "../lib/inbox-request.server.ts";
import { staffPageMeta } from "../lib/page.ts";
import { readStaffForm } from "../lib/staff-requests.server.ts";
import { staffPaths } from "../paths.ts";
import type { Route } from "./+types/inquiry";

type MailView = {
  state: string;
  attempts: number | null;
  lastError: string | null;
  sentAt: string | null;
  canSendAgain: boolean;
  unconfirmed: boolean;
};

/** One mail as staff read it: where it stands, in the words of every report, and whether it can be sent again. */
function describeMail(delivery: DeliveryStatus | undefined, spam: boolean, now: number): MailView {
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

export async function loader({ request, params }: Route.LoaderArgs) {
  const { staff, services, inquiry } = await staffRequestFor(request, params.reference);
  const done = new URL(request.url).searchParams.get("done");
  const uploaded = (await services.uploads?.artwork.filesOf(inquiry.id)) ?? [];
  const checks = (await services.artworkChecks?.of(uploaded.map((file) => file.id))) ?? new Map();
  const files = uploaded.map((file) => ({
    name: file.name,
    kind: artworkKindLabels[file.kind],
    size: formatBytes(file.size),
    sha256: file.sha256,
    href: staffPaths.file(inquiry.reference, file.id),
    check: fileCheckView(inquiry.reference, file, checks.get(file.id)),
  }));
  const now = Date.now();
  const spam = inquiry.status === "spam";
  const mailOf = (kind: MailKind) => inquiry.deliveries.find((delivery) => delivery.kind === kind);
  return {
    staff: { name: staff.name, email: staff.email },
    done: isInboxDone(done) ? inboxDone[done] : undefined,
    inquiry: {
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
      quote: inquiry.quote ? quoteRows(inquiry.quote) : null,
    },
    files,
    quotations: (await services.quotations.forInquiry(inquiry.id)).map((quotation) => ({
      id: quotation.id,
      href: staffPaths.quotation(inquiry.reference, quotation.id),
      number: quotation.number ?? quotationText.draft,
      standing: quotationText.standing[standingOf(quotation, now)],
      total: formatRupees(quotation.total),
    })),
    firstReply: await firstReplyView(services, inquiry.id, inquiry.receivedAt),
    replies: {
      email: mailtoUrl(inquiry.email, `Re: ${inquiry.subject} [${inquiry.reference}]`),
      attention: attentionReply(inquiry, files) ?? null,
      call: telUrl(inquiry.phone) ?? null,
      whatsApp: whatsAppUrl(inquiry.phone) ?? null,
    },
    mails: [
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
    ],
    notes: (await services.inbox.notes(inquiry.id)).map((note) => ({
      id: note.id,
      at: inIndia(note.at),
      author: note.authorName,
      authorEmail: note.authorEmail,
      body: note.body,
    })),
    history: (await services.audit.forInquiry(inquiry.id)).map((entry) => ({
      id: entry.id,
      at: inIndia(entry.at),
      actor: entry.actor,
      action: entry.action,
      detail: entry.detail,
    })),
  };
}

/** When the inquiry was first answered and how, or how long it has waited. */
async function firstReplyView(services: SiteServices, inquiryId: number, receivedAt: string) {
  const reply = await services.quotations.firstReply(inquiryId);
  const received = Date.parse(receivedAt);
  if (!reply) return { answered: false as const, text: quotationText.waiting(formatWait(Date.now() - received)) };
  return {
    answered: true as const,
    text: quotationText.answered(replyLabels[reply.kind], inIndia(reply.at), formatWait(reply.at - received)),
  };
}

const intents = ["status", "not-spam", "note", "send-again", "replied"] as const;

/** Every change to an inquiry, by its form's intent; each answers with a redirect back (post-redirect-get). */
export async function action({ request, params }: Route.ActionArgs) {
  const { staff, services, inquiry } = await staffRequestFor(request, params.reference);
  const form = await readStaffForm(request, ["intent", "status", "note", "kind", "by"]);
  if (!form) throw data(null, { status: 400 });
  const actor = { email: staff.email, name: staff.name };
  const back = (done: InboxDone) => redirect(`${staffPaths.inquiry(inquiry.reference)}?done=${done}`, 303);
  const intent = intents.find((name) => name === form.intent);

  if (intent === "status" && isInquiryStatus(form.status)) {
    await services.inbox.setStatus(inquiry.id, form.status, actor);
    return back("status");
  }
  if (intent === "not-spam" && inquiry.status === "spam") {
    await services.inbox.setStatus(inquiry.id, "new", actor);
    return back("not-spam");
  }
  if (intent === "note") {
    const note = form.note ?? "";
    if (await services.inbox.addNote(inquiry.id, note, actor)) return back("note");
    const noteError =
      note.trim() === ""
        ? "Write the note first."
        : `A note can be at most ${NOTE_MAX_LENGTH.toLocaleString("en-IN")} characters.`;
    return data({ noteError, note }, { status: 400 });
  }
  if (intent === "replied" && (form.by === "email" || form.by === "call" || form.by === "whatsapp")) {
    await services.quotations.markReplied(inquiry.id, form.by, actor, Date.now());
    return back("replied");
  }
  if (intent === "send-again" && (form.kind === "company" || form.kind === "acknowledgement")) {
    await services.inbox.sendAgain(inquiry.id, form.kind, actor);
    return back("resent");
  }
  throw data(null, { status: 400 });
}

export const meta: Route.MetaFunction = ({ loaderData }) => staffPageMeta(loaderData?.inquiry.reference ?? "Inquiry");

export default function Inquiry({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, done, inquiry, replies, mails, notes, history, files, quotations, firstReply } = loaderData;
  return (
    <>
      <StaffBar staff={staff} />
      <div className="container staff-page">
        <p>
          <a href={staffPaths.inbox}>All inquiries</a>
        </p>
        {done && (
          <p className="staff-notice" role="status">
            {done}
          </p>
        )}
        <h1>
          {inquiry.reference}: <bdi>{inquiry.name}</bdi>
        </h1>
        <p>
          <StatusBadge status={inquiry.status} /> Received <time dateTime={inquiry.receivedAt}>{inquiry.received}</time>
        </p>

        {inquiry.status === "spam" && (
          <div className="staff-notice staff-notice--warning">
            <p>{inboxText.spamTray(inquiry.spamReason)}</p>
            <form method="post">
              <input type="hidden" name="intent" value="not-spam" />
              <button type="submit" className="staff-button">
                Not spam
              </button>
            </form>
          </div>
        )}

        <ul className="inbox-replies" aria-label="Reply">
          <li>
            <a className="staff-button" href={replies.email}>
              Reply by e-mail
            </a>
          </li>
          {replies.attention && (
            <li>
              <a className="staff-button" href={replies.attention}>
                {inboxText.files.attention.button}
              </a>
            </li>
          )}
          {replies.call && (
            <li>
              <a className="staff-button" href={replies.call}>
                Call
              </a>
            </li>
          )}
          {replies.whatsApp && (
            <li>
              <a className="staff-button" href={replies.whatsApp} rel="noreferrer">
                WhatsApp
              </a>
            </li>
          )}
        </ul>

        <section className="staff-panel" aria-labelledby="inquiry-first-reply">
          <h2 id="inquiry-first-reply">{quotationText.firstReplyHeading}</h2>
          <p>{firstReply.text}</p>
          <form method="post" className="staff-form staff-form--inline">
            <input type="hidden" name="intent" value="replied" />
            <div className="staff-field">
              <label htmlFor="replied-by">{quotationText.repliedLabel}</label>
              <select id="replied-by" name="by" defaultValue="call">
                <option value="call">{replyLabels.call}</option>
                <option value="whatsapp">{replyLabels.whatsapp}</option>
                <option value="email">{replyLabels.email}</option>
              </select>
            </div>
            <button type="submit" className="staff-button staff-button--quiet">
              {quotationText.markReplied}
            </button>
          </form>
        </section>

        <section className="staff-panel" aria-labelledby="inquiry-quotations">
          <h2 id="inquiry-quotations">{quotationText.heading}</h2>
          {quotations.length === 0 ? (
            <p>{quotationText.none}</p>
          ) : (
            <ul className="inbox-quotations">
              {quotations.map((quotation) => (
                <li key={quotation.id}>
                  <a href={quotation.href}>{quotation.number}</a>: {quotation.standing}, {quotation.total}
                </li>
              ))}
            </ul>
          )}
          <a className="staff-button" href={staffPaths.newQuotation(inquiry.reference)}>
            {quotationText.create}
          </a>
        </section>

        <section className="staff-panel" aria-labelledby="inquiry-details">
          <h2 id="inquiry-details">The inquiry</h2>
          <dl className="inbox-fields">
            <dt>Name</dt>
            <dd dir="auto">{inquiry.name}</dd>
            <dt>E-mail</dt>
            <dd dir="auto">{inquiry.email}</dd>
            <dt>Phone</dt>
            <dd>{inquiry.phone}</dd>
            <dt>Subject</dt>
            <dd dir="auto">{inquiry.subject}</dd>
            <dt>Message</dt>
            <dd className="inbox-message" dir="auto">
              {inquiry.message}
            </dd>
            <dt>Service</dt>
            <dd>{inquiry.service ? <a href={inquiry.service.url}>{inquiry.service.name}</a> : "None"}</dd>
            <dt>Came from</dt>
            <dd>{inquiry.sourcePage ? <a href={inquiry.sourcePage}>{inquiry.sourcePage}</a> : "Not known"}</dd>
          </dl>
        </section>

        {inquiry.quote && (
          <section className="staff-panel" aria-labelledby="inquiry-quote">
            <h2 id="inquiry-quote">Quote request</h2>
            <table className="inbox-quote">
              <tbody>
                {inquiry.quote.map(([label, value]) => (
                  <tr key={label}>
                    <th scope="row">{label}</th>
                    <td dir="auto">{value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}

        {files.length > 0 && (
          <section className="staff-panel" aria-labelledby="inquiry-files">
            <h2 id="inquiry-files">{inboxText.files.heading}</h2>
            <table className="inbox-files">
              <thead>
                <tr>
                  <th scope="col">{inboxText.files.name}</th>
                  <th scope="col">{inboxText.files.kind}</th>
                  <th scope="col">{inboxText.files.size}</th>
                  <th scope="col" className="inbox-files__fingerprint">
                    SHA-256
                  </th>
                  <th scope="col">{inboxText.files.preview}</th>
                </tr>
              </thead>
              <tbody>
                {files.map((file) => (
                  <tr key={file.href}>
                    <th scope="row">
                      <a href={file.href} download>
                        <span className="visually-hidden">{inboxText.files.download} </span>
                        <bdi>{file.name}</bdi>
                      </a>
                    </th>
                    <td>{file.kind}</td>
                    <td>{file.size}</td>
                    <td className="inbox-files__fingerprint">
                      <code className="inbox-files__hash">{file.sha256}</code>
                    </td>
                    <td>
                      <FileThumbnail check={file.check} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {files.map(
              (file, index) =>
                file.check && (
                  <FileCheck key={file.href} name={file.name} check={file.check} headingId={`file-check-${index}`} />
                ),
            )}
          </section>
        )}

        <section className="staff-panel" aria-labelledby="inquiry-status">
          <h2 id="inquiry-status">Status</h2>
          <form method="post" className="staff-form staff-form--inline">
            <input type="hidden" name="intent" value="status" />
            <div className="staff-field">
              <label htmlFor="status">Set the status</label>
              <select id="status" name="status" defaultValue={inquiry.status}>
                <StatusOptions />
              </select>
            </div>
            <button type="submit" className="staff-button">
              Save status
            </button>
          </form>
        </section>

        <section className="staff-panel" aria-labelledby="inquiry-notes">
          <h2 id="inquiry-notes">Notes</h2>
          {notes.length === 0 ? (
            <p>No notes yet. Notes are for staff only; the visitor never sees them.</p>
          ) : (
            <ol className="inbox-history">
              {notes.map((note) => (
                <li key={note.id}>
                  <p className="inbox-history__meta">
                    <span title={note.authorEmail}>{note.author}</span>, {note.at}
                  </p>
                  <p className="inbox-note" dir="auto">
                    {note.body}
                  </p>
                </li>
              ))}
            </ol>
          )}
          <form method="post" className="staff-form">
            <input type="hidden" name="intent" value="note" />
            <div className="staff-field">
              <label htmlFor="note">Add a note</label>
              {actionData?.noteError && (
                <p id="note-error" className="staff-field__error">
                  {actionData.noteError}
                </p>
              )}
              <textarea
                id="note"
                name="note"
                rows={3}
                maxLength={NOTE_MAX_LENGTH}
                required
                defaultValue={actionData?.note ?? ""}
                aria-invalid={actionData?.noteError ? true : undefined}
                aria-describedby={actionData?.noteError ? "note-error" : undefined}
              />
            </div>
            <div>
              <button type="submit" className="staff-button">
                Add note
              </button>
            </div>
          </form>
        </section>

        <section className="staff-panel" aria-labelledby="inquiry-mails">
          <h2 id="inquiry-mails">Mails</h2>
          <div className="inbox-mails">
            {mails.map((mail) => (
              <div key={mail.kind} className="inbox-mail">
                <h3>{mail.label}</h3>
                <dl>
                  <dt>State</dt>
                  <dd>{mail.state}</dd>
                  {mail.attempts !== null && (
                    <>
                      <dt>Attempts</dt>
                      <dd>{mail.attempts}</dd>
                    </>
                  )}
                  {mail.lastError && (
                    <>
                      <dt>Last error</dt>
                      <dd>{mail.lastError}</dd>
                    </>
                  )}
                  {mail.sentAt && (
                    <>
                      <dt>Sent</dt>
                      <dd>{mail.sentAt}</dd>
                    </>
                  )}
                </dl>
                {mail.canSendAgain && (
                  <form method="post">
                    {mail.unconfirmed && (
                      <p>
                        The mail server took it but never confirmed it: check it did not arrive before sending again.
                      </p>
                    )}
                    <input type="hidden" name="intent" value="send-again" />
                    <input type="hidden" name="kind" value={mail.kind} />
                    <button type="submit" className="staff-button">
                      Send again
                      <span className="visually-hidden">: {mail.label}</span>
                    </button>
                  </form>
                )}
              </div>
            ))}
          </div>
        </section>

        <section className="staff-panel" aria-labelledby="inquiry-history">
          <h2 id="inquiry-history">History</h2>
          {history.length === 0 ? (
            <p>Nothing done with it yet.</p>
          ) : (
            <ol className="inbox-history">
              {history.map((entry) => (
                <li key={entry.id}>
                  <p className="inbox-history__meta">
                    {entry.at}, {entry.actor}
                  </p>
                  <p className="inbox-note">
                    {entry.action}
                    {entry.detail ? `: ${entry.detail}` : ""}
                  </p>
                </li>
              ))}
            </ol>
          )}
        </section>

        <section className="staff-panel" aria-labelledby="inquiry-erase">
          <h2 id="inquiry-erase">Personal data</h2>
          <p>
            When this person asks for their data to be deleted, erase it here: every inquiry of this e-mail address and
            phone number goes, with its mails and notes. You confirm on the next page.
          </p>
          <a className="staff-button staff-button--danger" href={staffPaths.erase(inquiry.reference)}>
            Erase this person's data
          </a>
        </section>
      </div>
    </>
  );
}
