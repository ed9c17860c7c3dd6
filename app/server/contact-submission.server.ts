import {
  type ContactFieldName,
  contactFields,
  contactFormExtras,
  contactFormProblems,
} from "../content/contact-form.ts";
import { type ContactErrors, contactBodyLimitBytes, validateContact } from "../lib/contact-schema.ts";
import { paths } from "../lib/urls.ts";
import type { ContactServices } from "./delivery.server.ts";
import { readFormBody } from "./form-body.server.ts";
import { issueFormToken, submissionKey, verifyFormToken } from "./form-token.server.ts";
import { clientKey } from "./rate-limit.server.ts";

export type ContactValues = Partial<Record<ContactFieldName, string>>;

/** What a refused form is shown again with. */
export type ContactActionData = {
  values: ContactValues;
  errors: ContactErrors;
  formError?: string;
  /** The form's own token, handed back so that a corrected form keeps its start time. */
  token?: string;
};

export type ContactOutcome =
  | { kind: "sent"; location: string }
  | { kind: "refused"; status: number; data: ContactActionData; headers?: Record<string, string> };

const visitorFields = contactFields.map((field) => field.name);
const acceptedFields: ReadonlySet<string> = new Set([
  ...visitorFields,
  contactFormExtras.honeypot,
  contactFormExtras.token,
]);

/** The thank-you state; without a reference for a submission that was quietly dropped. */
export function thankYouUrl(reference?: string): string {
  return `${paths.contact}?sent=${reference ? encodeURIComponent(reference) : ""}`;
}

type Log = Pick<Console, "info" | "error">;

/**
 * The contact form's server side, in the order that matters: read the form
 * strictly, validate, let bots believe they succeeded, store (the inquiry is
 * safe from here on), and only then answer. Mail goes later, from the outbox.
 */
export async function submitContactForm(
  request: Request,
  clientAddress: string,
  services: ContactServices,
  log: Log = console,
): Promise<ContactOutcome> {
  if (request.method !== "POST") return refused(405, {}, { formError: contactFormProblems.notAForm });

  const body = await readFormBody(request, { limitBytes: contactBodyLimitBytes, fields: acceptedFields });
  const values: ContactValues = {};
  for (const name of visitorFields) {
    const value = body.fields[name];
    if (value !== undefined) values[name] = value;
  }
  const tokenText = body.fields[contactFormExtras.token];
  const { secret, minFillMs, maxAgeMs } = services.env.form;
  const token = tokenText === undefined ? undefined : verifyFormToken(tokenText, secret, { maxAgeMs });
  // A form shown again keeps its own token while it is good, and gets a fresh one otherwise.
  const keep = { token: token && tokenText ? tokenText : issueFormToken(secret) };
  if (body.problem) return refused(body.problem.status, values, { formError: body.problem.message, ...keep });

  // Our own form always carries both; without them it is not our form, or not all of it.
  const honeypot = body.fields[contactFormExtras.honeypot];
  if (honeypot === undefined || tokenText === undefined) {
    return refused(400, values, { formError: contactFormProblems.reload });
  }

  // Mistakes come first: a person who presses Enter too soon must see what is missing,
  // not be taken for a bot. A bot's invalid form is refused all the same.
  const result = validateContact(values);
  if (!result.success) return refused(400, values, { errors: result.errors, ...keep });

  if (honeypot !== "") {
    log.info("Contact form: the hidden field was filled in, so a bot sent it; dropped.");
    return { kind: "sent", location: thankYouUrl() };
  }

  if (!token) {
    // Expired, forged, or signed before a restart with another secret: not a way
    // around the fill-time and duplicate checks. A person sees the form again with
    // everything they typed and presses Send once more; a bot spends its allowance.
    const decision = services.limiter.take(clientKey(clientAddress));
    if (!decision.allowed) return tooMany(values, decision.retryAfterMs, keep);
    log.info("Contact form: the form's token had expired or could not be verified (a possible bot); shown again.");
    // Backdated by the fill time: the visitor already filled the form in once.
    const fresh = issueFormToken(secret, Date.now() - minFillMs);
    return refused(400, values, { formError: contactFormProblems.expired, token: fresh });
  }

  const elapsed = Date.now() - token.issuedAt;
  if (elapsed < minFillMs) {
    log.info(
      `Contact form: sent ${(elapsed / 1000).toFixed(1)} s after the form was opened, so a bot sent it; dropped.`,
    );
    return { kind: "sent", location: thankYouUrl() };
  }

  const key = submissionKey(token.nonce, result.output);
  const earlier = await services.store.referenceForSubmission(key);
  if (earlier) return { kind: "sent", location: thankYouUrl(earlier) };

  const decision = services.limiter.take(clientKey(clientAddress));
  if (!decision.allowed) return tooMany(values, decision.retryAfterMs, keep);

  let reference: string;
  try {
    reference = (await services.store.save(result.output, { submissionKey: key })).reference;
  } catch (error) {
    log.error(`An inquiry could not be stored: ${(error as Error).message}`);
    return refused(503, values, { formError: contactFormProblems.unavailable, ...keep }, { "Retry-After": "60" });
  }
  services.notifyOutbox();
  return { kind: "sent", location: thankYouUrl(reference) };
}

function tooMany(values: ContactValues, retryAfterMs: number, keep: { token: string }): ContactOutcome {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return refused(
    429,
    values,
    { formError: contactFormProblems.tooMany(minutes), ...keep },
    { "Retry-After": String(Math.ceil(retryAfterMs / 1000)) },
  );
}

function refused(
  status: number,
  values: ContactValues,
  details: { errors?: ContactErrors; formError?: string; token?: string },
  headers?: Record<string, string>,
): ContactOutcome {
  const data: ContactActionData = { values, errors: details.errors ?? {} };
  if (details.formError) data.formError = details.formError;
  if (details.token) data.token = details.token;
  return headers ? { kind: "refused", status, data, headers } : { kind: "refused", status, data };
}
