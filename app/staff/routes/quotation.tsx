import type { ReactNode } from "react";
import { data, redirect } from "react-router";
import { canSendAgain, describeDelivery, inIndia } from "../../server/inbox/report.server.ts";
import { isOptionsDocument, placeText } from "../../server/quotations/options-document.ts";
import { standingOf } from "../../server/quotations/quotation.ts";
import { quotationPagePath } from "../../server/quotations/quotation-mails.server.ts";
import { QuotationOptionsSummary } from "../../site/components/quotation/quotation-options-summary.tsx";
import { QuotationSummary } from "../../site/components/quotation/quotation-summary.tsx";
import { site } from "../../site/content/site.ts";
import { StaffPage } from "../components/staff-page.tsx";
import { quotationText } from "../content/quotations.ts";
import { staffRequestFor } from "../lib/inbox-request.server.ts";
import { staffPageMeta } from "../lib/page.ts";
import { draftRatesOffTable, readQuotationForm, validUntilFrom, valuesOf } from "../lib/quotation-form.server.ts";
import { quotationOfInquiry } from "../lib/quotation-request.server.ts";
import { readStaffForm } from "../lib/staff-requests.server.ts";
import { staffPaths } from "../paths.ts";
import type { Route } from "./+types/quotation";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { staff, services, inquiry } = await staffRequestFor(request, params.reference);
  const quotation = await quotationOfInquiry(services, inquiry.id, params.quotation);
  const now = Date.now();
  const done = new URL(request.url).searchParams.get("done");
  const link = await services.quotations.linkOf(quotation);
  const mail = await services.quotations.buyerMail(quotation.id);
  return {
    staff: { name: staff.name, email: staff.email },
    reference: inquiry.reference,
    id: quotation.id,
    state: quotation.state,
    standing: standingOf(quotation, now),
    document: services.quotations.documentOf(quotation, inquiry.reference, now),
    offTable: draftRatesOffTable(quotation, now, services.content.billing),
    done: done === "saved" || done === "sent" || done === "resent" ? quotationText.done[done] : undefined,
    sent: quotation.sentAt === undefined ? undefined : inIndia(quotation.sentAt),
    link: link ? `${site.origin}${quotationPagePath(link)}` : undefined,
    mail: mail && {
      words: describeDelivery(mail, false, now),
      canSendAgain: canSendAgain(mail),
    },
    accepted:
      quotation.state === "accepted" && quotation.answeredAt !== undefined
        ? { name: quotation.acceptedName ?? "", po: quotation.acceptedPo, at: inIndia(quotation.answeredAt) }
        : undefined,
    changes:
      quotation.changesMessage && quotation.answeredAt !== undefined
        ? { message: quotation.changesMessage, at: inIndia(quotation.answeredAt) }
        : undefined,
  };
}

/** Send a draft, or begin a revision of a sent one; each answers with a redirect (post-redirect-get). */
export async function action({ request, params }: Route.ActionArgs) {
  const { staff, services, inquiry } = await staffRequestFor(request, params.reference);
  const quotation = await quotationOfInquiry(services, inquiry.id, params.quotation);
  const form = await readStaffForm(request, ["intent"]);
  const now = Date.now();
  const actor = { email: staff.email };
  if (form?.intent === "send" && quotation.state === "draft") {
    // Checked again as it is sent: the rates allowed may have changed since the draft was saved.
    const read = readQuotationForm(valuesOf(quotation.content), { now, billing: services.content.billing });
    if ("errors" in read) throw redirect(staffPaths.editQuotation(inquiry.reference, quotation.id), 303);
    const outcome = await services.quotations.send(quotation.id, actor, now);
    if (!outcome.sent && outcome.why === "number accepted") {
      return data({ refused: quotationText.refused.numberAccepted }, { status: 409 });
    }
    return redirect(`${staffPaths.quotation(inquiry.reference, quotation.id)}?done=sent`, 303);
  }
  if (form?.intent === "send-again") {
    await services.quotations.sendAgain(quotation.id, inquiry.id, actor, now);
    return redirect(`${staffPaths.quotation(inquiry.reference, quotation.id)}?done=resent`, 303);
  }
  if (form?.intent === "revise" && quotation.state !== "draft" && quotation.state !== "accepted") {
    // The revision starts from what was sent, valid again from today.
    const content = { ...quotation.content, validUntil: validUntilFrom(now, services.content.billing) };
    const id = await services.quotations.createDraft(inquiry.id, content, actor, now, quotation.id);
    return redirect(staffPaths.editQuotation(inquiry.reference, id), 303);
  }
  throw data(null, { status: 400 });
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  staffPageMeta(loaderData?.document.number ?? quotationText.draft);

export default function QuotationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, reference, id, state, standing, document, offTable, done, sent, link, mail, accepted, changes } =
    loaderData;
  const refused = actionData?.refused;
  return (
    <StaffPage staff={staff} back={{ href: staffPaths.inquiry(reference), label: reference }} done={done}>
      {refused && (
        <p className="staff-notice staff-notice--warning" role="alert">
          {refused}
        </p>
      )}
      <h1>
        {document.number ?? quotationText.draft}: {quotationText.standing[standing]}
      </h1>

      {offTable.length > 0 && (
        <ul className="staff-notice staff-notice--warning" aria-label={quotationText.ratesOffTableLabel}>
          {offTable.map((words) => (
            <li key={words}>{words}</li>
          ))}
        </ul>
      )}
      {isOptionsDocument(document) && document.placeReason !== undefined && (
        <p className="staff-notice">
          {quotationText.placeChosen(
            placeText(document.place),
            document.proposedPlace ? placeText(document.proposedPlace) : quotationText.noneProposed,
          )}{" "}
          <bdi>{document.placeReason}</bdi>
        </p>
      )}
      {accepted && (
        <p className="staff-notice">
          {quotationText.acceptedBy} <bdi>{accepted.name}</bdi>, {accepted.at}.
          {accepted.po ? (
            <>
              {" "}
              {quotationText.purchaseOrder} <bdi>{accepted.po}</bdi>.
            </>
          ) : null}
        </p>
      )}
      {changes && (
        <div className="staff-notice staff-notice--warning">
          <p>{quotationText.changesNote(changes.at)}</p>
          <p className="inbox-note" dir="auto">
            {changes.message}
          </p>
        </div>
      )}
      {sent && link && (
        <div className="staff-panel">
          <p>{quotationText.sentNote(sent)}</p>
          <p>
            <code className="quotation-link">{link}</code>
          </p>
          {mail && (
            <p>
              {quotationText.mailState}: {mail.words}
            </p>
          )}
          {mail?.canSendAgain && (
            <ActionButton intent="send-again" quiet>
              {quotationText.sendAgain}
            </ActionButton>
          )}
        </div>
      )}

      <ul className="inbox-replies" aria-label="Actions">
        <li>
          <a className="staff-button" href={staffPaths.quotationPdf(reference, id)}>
            {quotationText.preview}
          </a>
        </li>
        {state === "draft" && (
          <li>
            <a className="staff-button staff-button--quiet" href={staffPaths.editQuotation(reference, id)}>
              {quotationText.edit}
            </a>
          </li>
        )}
        {state === "draft" && (
          <li>
            <ActionButton intent="send">{quotationText.send}</ActionButton>
          </li>
        )}
        {(state === "sent" || state === "changes" || state === "superseded") && (
          <li>
            <ActionButton intent="revise" quiet>
              {quotationText.revise}
            </ActionButton>
          </li>
        )}
      </ul>

      {isOptionsDocument(document) ? (
        <QuotationOptionsSummary document={document} />
      ) : (
        <QuotationSummary document={document} />
      )}
    </StaffPage>
  );
}

/** One of the page's actions: a form of its own that posts its intent to the action above. */
function ActionButton({ intent, quiet, children }: { intent: string; quiet?: boolean; children: ReactNode }) {
  return (
    <form method="post">
      <button
        type="submit"
        name="intent"
        value={intent}
        className={quiet ? "staff-button staff-button--quiet" : "staff-button"}
      >
        {children}
      </button>
    </form>
  );
}
