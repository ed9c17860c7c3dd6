import type { ReactNode } from "react";
import { data, redirect } from "react-router";
import { canSendAgain, describeDelivery, inIndia } from "../../server/inbox/report.server.ts";
import {
  ADVANCE_FIELDS,
  PROFORMA_FIELDS,
  readAdvancePercent,
  readAdvanceReceived,
} from "../../server/quotations/advance-form.ts";
import { formatRupees } from "../../server/quotations/money.ts";
import { isOptionsDocument, placeText } from "../../server/quotations/options-document.ts";
import { indiaDay, standingOf } from "../../server/quotations/quotation.ts";
import { quotationPagePath } from "../../server/quotations/quotation-mails.server.ts";
import { QuotationOptionsSummary } from "../../site/components/quotation/quotation-options-summary.tsx";
import { QuotationSummary } from "../../site/components/quotation/quotation-summary.tsx";
import { site } from "../../site/content/site.ts";
import { ProformaPanel } from "../components/quotation/proforma-panel.tsx";
import { StaffPage } from "../components/staff-page.tsx";
import { proformaText, quotationText } from "../content/quotations.ts";
import { staffRequestFor } from "../lib/inbox-request.server.ts";
import { staffPageMeta } from "../lib/page.ts";
import { proformaSummary } from "../lib/proforma-summary.server.ts";
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
  const proforma = quotation.state === "accepted" ? await services.proformas.forQuotation(quotation.id) : undefined;
  return {
    staff: { name: staff.name, email: staff.email },
    proforma:
      proforma &&
      proformaSummary(proforma, {
        pdf: staffPaths.proformaPdf(inquiry.reference, quotation.id),
        mail: await services.quotations.buyerMail(quotation.id, "proforma"),
        now,
      }),
    wonTotal: formatRupees(quotation.wonTotal ?? quotation.total),
    defaultPercent: services.env.proforma.advancePercent,
    reference: inquiry.reference,
    id: quotation.id,
    state: quotation.state,
    standing: standingOf(quotation, now),
    document: services.quotations.documentOf(quotation, inquiry.reference, now),
    offTable: draftRatesOffTable(quotation, now, services.content.billing),
    done:
      done && Object.hasOwn(quotationText.done, done)
        ? quotationText.done[done as keyof typeof quotationText.done]
        : undefined,
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
  const form = await readStaffForm(request, [...new Set([...PROFORMA_FIELDS, ...ADVANCE_FIELDS])]);
  const now = Date.now();
  const actor = { email: staff.email };
  const back = (done: string) => redirect(`${staffPaths.quotation(inquiry.reference, quotation.id)}?done=${done}`, 303);
  if (form?.intent === "issue-proforma") {
    const percent = readAdvancePercent(form.advancePercent);
    if (percent === undefined) {
      const refused = { problems: { advancePercent: proformaText.percentError }, values: form };
      return data({ refused: undefined, advance: refused }, { status: 400 });
    }
    const outcome = await services.proformas.issue(quotation.id, percent, actor, now);
    if (!outcome.issued) return data({ refused: proformaText.notAccepted, advance: undefined }, { status: 409 });
    return back("proforma");
  }
  if (form?.intent === "send-proforma-again") {
    await services.quotations.sendAgain(quotation.id, inquiry.id, actor, now, "proforma");
    return back("resent");
  }
  if (form?.intent === "record-advance") {
    const proforma = await services.proformas.forQuotation(quotation.id);
    if (!proforma) throw data(null, { status: 409 });
    const earliest = indiaDay(quotation.answeredAt ?? proforma.issuedAt);
    const read = readAdvanceReceived(form, { today: indiaDay(now), earliest });
    if ("problems" in read) {
      const problems = Object.fromEntries(
        Object.entries(read.problems).map(([field, problem]) => [field, proformaText.problems[problem]]),
      );
      return data({ refused: undefined, advance: { problems, values: form } }, { status: 400 });
    }
    await services.proformas.recordAdvance(proforma, read.received, actor, now);
    return back("advance");
  }
  if (form?.intent === "send" && quotation.state === "draft") {
    // Checked again as it is sent: the rates allowed may have changed since the draft was saved.
    const read = readQuotationForm(valuesOf(quotation.content), { now, billing: services.content.billing });
    if ("errors" in read) throw redirect(staffPaths.editQuotation(inquiry.reference, quotation.id), 303);
    const outcome = await services.quotations.send(quotation.id, actor, now);
    if (!outcome.sent && outcome.why === "number accepted") {
      return data({ refused: quotationText.refused.numberAccepted, advance: undefined }, { status: 409 });
    }
    return back("sent");
  }
  if (form?.intent === "send-again") {
    await services.quotations.sendAgain(quotation.id, inquiry.id, actor, now);
    return back("resent");
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
  const { proforma, wonTotal, defaultPercent } = loaderData;
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
      {state === "accepted" && (
        <ProformaPanel
          proforma={proforma}
          total={wonTotal}
          defaultPercent={defaultPercent}
          refused={actionData?.advance}
        />
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
