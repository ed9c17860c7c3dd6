import { data, type HeadersFunction, type RouterContextProvider, redirect } from "react-router";
import { clientAddressContext, fileProblemsContext, requestLogContext } from "../../request-context.server.ts";
import { REFERENCE_PATTERN } from "../../server/contact/inquiries.server.ts";
import { type InquiryForm, submitInquiryForm } from "../../server/contact/submission.server.ts";
import { siteSettings } from "../../server/settings/site-settings.server.ts";
import { siteServices } from "../../server/site-services.server.ts";

/**
 * An inquiry form's action, the same for every form page: sent goes to the
 * thank-you state (303), refused shows the form again with its answer.
 */
export async function answerInquiryForm(
  form: InquiryForm,
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
) {
  const outcome = await submitInquiryForm(
    form,
    request,
    context.get(clientAddressContext),
    siteServices(),
    context.get(requestLogContext),
    { fileProblems: context.get(fileProblemsContext) },
  );
  if (outcome.kind === "sent") return redirect(outcome.location, 303);
  return data(outcome.data, { status: outcome.status, headers: outcome.headers });
}

/** A form page passes on only the action's Retry-After, when a refusal says when to try again. */
export const retryAfterHeaders: HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

/**
 * The thank-you state a sent form redirects to (?sent={reference}), or
 * undefined when the query asks for the form. A reference that is not one is
 * not shown back.
 */
export function sentState(query: URLSearchParams) {
  const sent = query.get("sent");
  if (sent === null) return undefined;
  return {
    state: "sent" as const,
    reference: REFERENCE_PATTERN.test(sent) ? sent : null,
    confirmationByEmail: siteSettings().smtp !== undefined,
  };
}
