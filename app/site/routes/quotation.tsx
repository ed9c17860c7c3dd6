import { data, isRouteErrorResponse, redirect } from "react-router";
import { clientAddressContext } from "../../request-context.server.ts";
import { readFormBody } from "../../server/forms/form-body.server.ts";
import { buyerLinkHeaders } from "../../server/quotations/buyer-link.server.ts";
import { formatRupees } from "../../server/quotations/money.ts";
import { formatDay } from "../../server/quotations/numbering.ts";
import { isOptionsDocument, optionName } from "../../server/quotations/options-document.ts";
import { proformaDocumentFor } from "../../server/quotations/proforma-mails.server.ts";
import { indiaDay, type Quotation } from "../../server/quotations/quotation.ts";
import { optionCount } from "../../server/quotations/stored-content.ts";
import { siteServices } from "../../server/site-services.server.ts";
import { sessionIdFrom } from "../../server/staff/cookie.server.ts";
import { ProformaPayment } from "../components/quotation/proforma-payment.tsx";
import { QuotationOptionsSummary } from "../components/quotation/quotation-options-summary.tsx";
import pageCss from "../components/quotation/quotation-page.css?inline";
import summaryCss from "../components/quotation/quotation-summary.css?inline";
import { QuotationSummary } from "../components/quotation/quotation-summary.tsx";
import { PageBanner } from "../components/sections/page-banner.tsx";
import { ErrorPanel } from "../components/status/error-panel.tsx";
import { NotFoundPanel } from "../components/status/not-found-panel.tsx";
import { pageText } from "../content/pages.ts";
import { quotationPageText as text } from "../content/quotation-page.ts";
import { companyIn, useCompany } from "../lib/company.tsx";
import { buildMeta } from "../lib/meta.ts";
import { proformaPaymentOf } from "../lib/proforma-payment.server.ts";
import { type AnswerErrors, answerLimits, readBuyerAnswer } from "../lib/quotation-answer.ts";
import type { Route } from "./+types/quotation";

/**
 * The quotation a buyer's link names: nothing else. A token that names none,
 * a draft, and a quotation its buyer may no longer read all answer 404, the
 * same page whatever was changed in the address.
 */
async function quotationOf(token: string): Promise<{ quotation: Quotation; reference: string }> {
  const found = await siteServices().quotations.forBuyer(token, Date.now());
  if (!found) throw data(null, { status: 404 });
  return found;
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const { quotation, reference } = await quotationOf(params.token);
  if (!(await openedByStaff(request))) await siteServices().quotations.markOpened(quotation.id, Date.now());
  const done = new URL(request.url).searchParams.get("done");
  const proforma = quotation.state === "accepted" ? await proformaDocumentFor(quotation.id, siteServices()) : undefined;
  return {
    token: params.token,
    proforma: proforma && proformaPaymentOf(proforma, `/quotation/${params.token}/proforma`),
    document: siteServices().quotations.documentOf(quotation, reference, Date.now()),
    state: quotation.state,
    acceptedBy: quotation.acceptedName,
    answeredOn: quotation.answeredAt === undefined ? undefined : formatDay(indiaDay(quotation.answeredAt)),
    done: done === "accepted" || done === "changes" ? text.done[done] : undefined,
  };
}

/** Staff checking the link they shared is not the buyer opening it. */
async function openedByStaff(request: Request): Promise<boolean> {
  const id = sessionIdFrom(request);
  return id !== undefined && (await siteServices().staff.sessions.find(id)) !== undefined;
}

type Answer = { errors: AnswerErrors & { form?: string }; values: Record<string, string> };

export async function action({ params, request, context }: Route.ActionArgs) {
  const { quotation } = await quotationOf(params.token);
  const body = await readFormBody(request, {
    limitBytes: 16 * 1024,
    fields: new Set(["intent", "option", "name", "purchase_order", "agree", "message"]),
  });
  if (body.problem) throw data(null, { status: 400 });
  const values = body.fields;
  const read = readBuyerAnswer(values, optionCount(quotation.content));
  if (!read) throw data(null, { status: 400 });
  if ("errors" in read) return data<Answer>({ errors: read.errors, values }, { status: 400 });
  const { answer } = read;
  const quotations = siteServices().quotations;
  const now = Date.now();
  const taken =
    answer.intent === "accept"
      ? await quotations.accept(
          quotation.id,
          {
            name: answer.name,
            purchaseOrder: answer.purchaseOrder,
            from: context.get(clientAddressContext),
            option: answer.option,
          },
          now,
        )
      : await quotations.askChanges(quotation.id, answer.message, now);
  if (!taken) return data<Answer>({ errors: { form: text.errors.closed }, values }, { status: 409 });
  return redirect(`/quotation/${params.token}?done=${answer.intent === "accept" ? "accepted" : "changes"}`, 303);
}

/**
 * Private to whoever holds the link (buyerLinkHeaders), the 404 of a link that
 * names nothing included: this route has its own error boundary so that its
 * headers are the 404's too.
 */
export const headers: Route.HeadersFunction = () => buyerLinkHeaders;

export const meta: Route.MetaFunction = ({ loaderData, error, matches }) => [
  ...(error
    ? buildMeta(
        isRouteErrorResponse(error) && error.status === 404 ? pageText.notFound : pageText.error,
        companyIn(matches),
      )
    : buildMeta(
        { title: text.title(loaderData?.document.number ?? ""), description: text.description },
        companyIn(matches),
      )),
  { name: "robots", content: "noindex, nofollow" },
];

/** A link that names no quotation (or one no longer readable): the site's 404, in the frame, with this page's headers. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPanel />;
  return <ErrorPanel status={isRouteErrorResponse(error) ? error.status : 500} />;
}

export default function QuotationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { token, document, state, acceptedBy, answeredOn, done, proforma } = loaderData;
  const company = useCompany();
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? {};
  const open = state === "sent" || state === "changes";
  const number = document.number ?? "";
  const choices = isOptionsDocument(document) && document.options.length > 1 ? document : undefined;
  const accepted =
    choices && choices.acceptedOption !== undefined ? optionName(choices, choices.acceptedOption) : undefined;
  return (
    <>
      {/* This page's own styles, hoisted into the head: no other page carries them. */}
      <style href="quotation-page" precedence="default">
        {summaryCss + pageCss}
      </style>
      <PageBanner heading={text.title(number)} />
      <section className="section">
        <div className="container quotation-page">
          {done && (
            <p className="quotation-page__state" role="status">
              {done}
            </p>
          )}
          {errors.form && (
            <p className="quotation-page__state quotation-page__state--error" role="alert">
              {errors.form}
            </p>
          )}
          {state === "accepted" && (
            <p className="quotation-page__state">
              {text.acceptedBy} <bdi>{acceptedBy ?? ""}</bdi> {text.acceptedOn(answeredOn ?? "")}
            </p>
          )}
          {state === "accepted" && accepted && (
            <p className="quotation-page__state">
              {text.acceptedOption} <bdi>{accepted}</bdi>.
            </p>
          )}
          {proforma && <ProformaPayment {...proforma} />}
          {state === "superseded" && <p className="quotation-page__state">{text.superseded}</p>}
          {state === "changes" && <p className="quotation-page__state">{text.changesAsked(answeredOn ?? "")}</p>}
          {state === "sent" && (
            <p>
              {text.dear} <bdi>{document.buyer.name}</bdi>, {text.intro}
            </p>
          )}
          <p>
            <a className="button button--ghost" href={`/quotation/${token}/pdf`} download>
              {text.download}
            </a>
          </p>
          {isOptionsDocument(document) ? (
            <QuotationOptionsSummary document={document} />
          ) : (
            <QuotationSummary document={document} />
          )}

          {open && (
            <form method="post" className="quotation-page__form" noValidate>
              <h2>{text.accept.heading}</h2>
              <input type="hidden" name="intent" value="accept" />
              {choices && (
                <fieldset
                  className={`field${errors.option ? " field--invalid" : ""}`}
                  aria-describedby={errors.option ? "option-error" : undefined}
                >
                  <legend>{text.accept.option}</legend>
                  {errors.option && (
                    <p id="option-error" className="field__error">
                      {errors.option}
                    </p>
                  )}
                  {choices.options.map((_, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: options are in a fixed order and are not moved.
                    <div key={index} className="field--tick">
                      <input
                        type="radio"
                        id={`option-${index}`}
                        name="option"
                        value={String(index)}
                        defaultChecked={values.option === String(index)}
                        required
                      />
                      <label htmlFor={`option-${index}`}>
                        {optionName(choices, index)}: {formatRupees(choices.results[index]?.totals.total ?? 0)}
                      </label>
                    </div>
                  ))}
                </fieldset>
              )}
              <Field
                name="name"
                label={text.accept.name}
                error={errors.name}
                value={values.name ?? ""}
                autoComplete="name"
              />
              <Field
                name="purchase_order"
                label={text.accept.purchaseOrder}
                error={errors.purchase_order}
                value={values.purchase_order ?? ""}
                optional
              />
              <div className={`field field--tick${errors.agree ? " field--invalid" : ""}`}>
                {errors.agree && (
                  <p id="agree-error" className="field__error">
                    {errors.agree}
                  </p>
                )}
                <input
                  type="checkbox"
                  id="agree"
                  name="agree"
                  value="yes"
                  required
                  aria-invalid={errors.agree ? true : undefined}
                  aria-describedby={errors.agree ? "agree-error" : undefined}
                />
                <label htmlFor="agree">{text.accept.agree(company.legalName)}</label>
              </div>
              <button type="submit" className="button button--primary">
                {text.accept.submit}
              </button>
            </form>
          )}
          {state === "sent" && (
            <form method="post" className="quotation-page__form" noValidate>
              <h2>{text.changes.heading}</h2>
              <input type="hidden" name="intent" value="changes" />
              <div className={`field${errors.message ? " field--invalid" : ""}`}>
                <label htmlFor="message">{text.changes.message}</label>
                <p id="message-hint" className="field__hint">
                  {text.changes.hint}
                </p>
                {errors.message && (
                  <p id="message-error" className="field__error">
                    {errors.message}
                  </p>
                )}
                <textarea
                  id="message"
                  name="message"
                  rows={4}
                  maxLength={answerLimits.message}
                  required
                  defaultValue={values.message ?? ""}
                  aria-invalid={errors.message ? true : undefined}
                  aria-describedby={errors.message ? "message-hint message-error" : "message-hint"}
                />
              </div>
              <button type="submit" className="button button--ghost">
                {text.changes.submit}
              </button>
            </form>
          )}
        </div>
      </section>
    </>
  );
}

function Field(props: {
  name: string;
  label: string;
  value: string;
  error?: string | undefined;
  optional?: boolean;
  autoComplete?: string;
}) {
  const { name, label, value, error, optional, autoComplete } = props;
  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <label htmlFor={name}>{label}</label>
      {error && (
        <p id={`${name}-error`} className="field__error">
          {error}
        </p>
      )}
      <input
        type="text"
        id={name}
        name={name}
        defaultValue={value}
        maxLength={answerLimits.name}
        required={!optional}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
      />
    </div>
  );
}
