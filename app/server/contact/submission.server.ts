import type { Language } from "../content/languages.ts";
import { readFormBody } from "../forms/form-body.server.ts";
import type { ServiceContent } from "../service-content.ts";
import type { SiteSettings } from "../settings/site-settings.server.ts";
import type { ArtworkFile, ArtworkProblem } from "../uploads/artwork.server.ts";
import type { UploadServices } from "../uploads/uploads.server.ts";
import { catalogService, type ServiceCatalog } from "./catalog.ts";
import {
  type ContactInput,
  type ContactProblemWords,
  contactBodyLimitBytes,
  contactFieldNames,
  contactFormExtras,
  type InquiryFormProblemWords,
  validateContact,
} from "./contact-spec.ts";
import { issueFormToken, submissionKey, verifyFormToken } from "./form-token.server.ts";
import type { InquiryDetails, InquiryOrigin, InquiryStore } from "./inquiries.server.ts";
import { artworkFields, uploadIdsOf } from "./quote-spec.ts";
import { clientKey, type RateLimitDecision, type RateLimiter } from "./rate-limit.server.ts";

/** A form's fields as typed, by name, and each field's first problem. */
type FormValues = Record<string, string>;
type FormErrors = Record<string, string>;

/**
 * What differs between the site's inquiry forms (the contact form, the quote
 * request): their fields, their rules, their page. Everything else (the
 * token, fill time, honeypot, rate limit, storing before answering) is one
 * pipeline, submitInquiryForm.
 */
export type InquiryForm = {
  /** The form's own page: where it is sent from, never counted as where the visitor came from. */
  page: string;
  /**
   * The language of that page, which its words are in: the inquiry records it,
   * and the visitor's acknowledgement is written in it. The page's, never a field's.
   */
  language: Language;
  /** The pages of this site a visitor may open the form from (the site's page list). */
  sitePages: readonly string[];
  /** What the visitor reads when the form as a whole could not be taken, in the site's words. */
  problems: InquiryFormProblemWords;
  /** The visitor's fields; the post may carry these and the extras, nothing else. */
  fields: readonly string[];
  limitBytes: number;
  maxFields?: number;
  /** Whether the form carries received artwork files (artworkFields.ids), to be sent with the inquiry. */
  attachments?: boolean;
  validate(values: FormValues): { success: true; details: InquiryDetails } | { success: false; errors: FormErrors };
};

/** Where the form was opened from, as its hidden fields carry it: a service's slug, a page of this site. */
export type ContactFormOrigin = { service?: string; sourcePage?: string };

/** What a refused form is shown again with. */
export type ContactActionData = {
  values: FormValues;
  errors: FormErrors;
  formError?: string;
  /** The form's own token, handed back so that a corrected form keeps its start time. */
  token?: string;
  /** Where it was opened from, kept for the form shown again. */
  origin?: ContactFormOrigin;
  /** Artwork files received and kept for the form shown again: they need not be sent twice. */
  files?: ArtworkFile[];
};

/** What a form shown again keeps from the one sent: its token, its origin, its received files. */
type Kept = { token: string; origin?: ContactFormOrigin; files?: ArtworkFile[] };

export type ContactOutcome =
  | { kind: "sent"; location: string }
  | { kind: "refused"; status: number; data: ContactActionData; headers?: Record<string, string> };

const formExtras = [
  contactFormExtras.honeypot,
  contactFormExtras.token,
  contactFormExtras.service,
  contactFormExtras.sourcePage,
];

/** The contact form of the specification, as one of the site's inquiry forms, on its page and in the site's words. */
export function createContactForm(options: {
  page: string;
  language: Language;
  sitePages: readonly string[];
  problems: InquiryFormProblemWords;
  fieldProblems: ContactProblemWords;
}): InquiryForm {
  const { fieldProblems, ...form } = options;
  return {
    ...form,
    fields: contactFieldNames,
    limitBytes: contactBodyLimitBytes,
    validate(values) {
      const result = validateContact(values, fieldProblems);
      return result.success
        ? { success: true, details: inquiryDetails(result.output) }
        : { success: false, errors: result.errors as FormErrors };
    },
  };
}

/**
 * The origin a form's hidden fields claim, believed only where it is
 * possible: a service of the catalog, a page of this site. Anything else is
 * dropped, never refused: a visitor's inquiry matters more than where from.
 */
export function checkedOrigin(
  service: string | undefined,
  sourcePage: string | undefined,
  form: Pick<InquiryForm, "page" | "sitePages">,
  catalog: ServiceCatalog,
): InquiryOrigin {
  return {
    service: service && catalogService(catalog, service) ? service : null,
    sourcePage: sourcePage && isSitePage(sourcePage, form.page, form.sitePages) ? sourcePage : null,
  };
}

/** A page of this site that a visitor can come to the form from (the form's own page is not a source). */
function isSitePage(path: string, formPage: string, sitePages: readonly string[]): boolean {
  return path !== formPage && sitePages.includes(path);
}

/**
 * The page of this site the visitor opened the form from, as the browser's
 * Referer says (sent in full within the site: Referrer-Policy
 * strict-origin-when-cross-origin); undefined for another site or none.
 */
export function sourcePageOf(request: Request, sitePages: readonly string[]): string | undefined {
  const referer = request.headers.get("referer");
  if (!referer) return undefined;
  try {
    const from = new URL(referer);
    const to = new URL(request.url);
    if (from.host !== to.host) return undefined;
    return isSitePage(from.pathname, to.pathname, sitePages) ? from.pathname : undefined;
  } catch {
    return undefined;
  }
}

/** A form page's thank-you state; without a reference for a submission that was quietly dropped. */
export function thankYouUrl(page: string, reference?: string): string {
  return `${page}?sent=${reference ? encodeURIComponent(reference) : ""}`;
}

type Log = Pick<Console, "info" | "error">;

/** What taking a form needs of the server's services (site-services.server.ts holds them). */
export type SubmissionServices = {
  env: Pick<SiteSettings, "form">;
  /** The words a form in the spam tray is kept with, as staff read them, and the catalog a form may name. */
  content: { readonly inbox: Pick<ServiceContent["inbox"], "spamReasons">; readonly services: ServiceCatalog };
  limiter: RateLimiter;
  store: InquiryStore;
  uploads: UploadServices | undefined;
};

/**
 * The contact form's server side, in the order that matters: read the form
 * strictly, validate, store (the inquiry is safe from here on), and only then
 * answer. Mail goes later, from the outbox. A form that looks sent by a bot
 * (the hidden field filled in, or sent faster than a person types) is shown
 * success too, but stored in the spam tray without mail, for staff to look
 * through: a person caught by mistake is not lost.
 */
export async function submitInquiryForm(
  form: InquiryForm,
  request: Request,
  clientAddress: string,
  services: SubmissionServices,
  log: Log = console,
  posted: { fileProblems?: readonly ArtworkProblem[] } = {},
): Promise<ContactOutcome> {
  const { problems } = form;
  if (request.method !== "POST") return refused(405, {}, { formError: problems.notAForm });

  const body = await readFormBody(request, {
    limitBytes: form.limitBytes,
    fields: new Set([...form.fields, ...formExtras]),
    ...(form.maxFields ? { maxFields: form.maxFields } : {}),
  });
  const values: FormValues = {};
  for (const name of form.fields) {
    const value = body.fields[name];
    if (value !== undefined) values[name] = value;
  }
  const tokenText = body.fields[contactFormExtras.token];
  const { secret, minFillMs, maxAgeMs } = services.env.form;
  const token = tokenText === undefined ? undefined : verifyFormToken(tokenText, secret, { maxAgeMs });
  const origin = checkedOrigin(
    body.fields[contactFormExtras.service],
    body.fields[contactFormExtras.sourcePage],
    form,
    services.content.services,
  );
  // A form shown again keeps its own token while it is good, and gets a fresh one otherwise;
  // it carries on where it was opened from, as far as that is believed.
  const keep: Kept = { token: token && tokenText ? tokenText : issueFormToken(secret), ...originOf(origin) };
  if (body.problem) {
    return refused(body.problem.status, values, { formError: problems[body.problem.reason], ...keep });
  }

  // Our own form always carries both; without them it is not our form, or not all of it.
  const honeypot = body.fields[contactFormExtras.honeypot];
  if (honeypot === undefined || tokenText === undefined) {
    return refused(400, values, { formError: problems.reload });
  }

  // Mistakes come first: a person who presses Enter too soon must see what is missing,
  // not be taken for a bot. A bot's invalid form is refused all the same.
  const result = form.validate(values);
  // Only files uploaded with this very form go with it: an upload's id alone is no key.
  const attached = form.attachments
    ? await receivedFiles(values, token?.nonce ?? "", services, posted.fileProblems ?? [])
    : undefined;
  if (attached) {
    // What was received is kept, whatever else is refused.
    values[artworkFields.ids] = attached.files.map((file) => file.id).join(",");
    if (attached.files.length > 0) keep.files = attached.files;
  }
  if (!result.success || attached?.problem) {
    const errors = { ...(result.success ? {} : result.errors) };
    if (attached?.problem) errors[artworkFields.file] = attached.problem.message;
    return refused(result.success && attached?.problem ? attached.problem.status : 400, values, { errors, ...keep });
  }
  if (attached) result.details.files = attached.files.map((file) => file.id);

  const elapsed = token ? Date.now() - token.issuedAt : undefined;
  const { spamReasons } = services.content.inbox;
  const spamReason =
    honeypot !== ""
      ? spamReasons.honeypot
      : elapsed !== undefined && elapsed < minFillMs
        ? spamReasons.tooFast(Math.max(0, elapsed) / 1000)
        : undefined;

  if (!token && spamReason === undefined) {
    // Expired, forged, or signed before a restart with another secret: not a way
    // around the fill-time and duplicate checks. A person sees the form again with
    // everything they typed and presses Send once more; a bot spends its allowance.
    const decision = await services.limiter.take(clientKey(clientAddress)).catch(() => undefined);
    if (!decision) return unavailable(values, keep, problems);
    if (!decision.allowed) return tooMany(values, decision.retryAfterMs, keep, problems);
    log.info("Contact form: the form's token had expired or could not be verified (a possible bot); shown again.");
    // Backdated by the fill time: the visitor already filled the form in once.
    const fresh = issueFormToken(secret, Date.now() - minFillMs);
    return refused(400, values, { formError: problems.expired, token: fresh, ...originOf(origin) });
  }

  // A bot is shown the plain thank-you, never a reference.
  const sentLocation = (reference: string) => thankYouUrl(form.page, spamReason === undefined ? reference : undefined);
  const { quote, files, ...plain } = result.details;
  const key = token
    ? submissionKey(token.nonce, {
        ...plain,
        ...(quote ? { quote: JSON.stringify(quote) } : {}),
        ...(files?.length ? { files: files.join(",") } : {}),
      })
    : undefined;
  if (key) {
    const earlier = await services.store.referenceForSubmission(key);
    if (earlier) return { kind: "sent", location: sentLocation(earlier) };
  }

  // Spam counts against the limit too, so a bot cannot fill the tray without end.
  let decision: RateLimitDecision;
  try {
    decision = await services.limiter.take(clientKey(clientAddress));
  } catch (error) {
    log.error(`The contact form's rate limit could not be counted: ${(error as Error).message}`);
    return unavailable(values, keep, problems);
  }
  if (!decision.allowed) return tooMany(values, decision.retryAfterMs, keep, problems);

  let reference: string;
  try {
    const options = {
      origin,
      language: form.language,
      ...(key ? { submissionKey: key } : {}),
      ...(spamReason ? { spamReason } : {}),
    };
    reference = (await services.store.save(result.details, options)).reference;
  } catch (error) {
    log.error(`An inquiry could not be stored: ${(error as Error).message}`);
    return unavailable(values, keep, problems);
  }
  if (spamReason !== undefined) {
    log.info(`Contact form: ${reference} looks sent by a bot (${spamReason}); kept in the spam tray, no mail sent.`);
    return { kind: "sent", location: thankYouUrl(form.page) };
  }
  return { kind: "sent", location: thankYouUrl(form.page, reference) };
}

/**
 * The artwork files a form carries, as far as they were received: files a
 * multipart post could not store, and ids that name no received, unsent file
 * uploaded with this form, give the problem to show; the rest are kept.
 */
async function receivedFiles(
  values: FormValues,
  formNonce: string,
  services: SubmissionServices,
  postedProblems: readonly ArtworkProblem[],
): Promise<{ files: ArtworkFile[]; problem?: ArtworkProblem }> {
  const uploads = services.uploads;
  if (!uploads) return { files: [] };
  const ids = uploadIdsOf(values[artworkFields.ids], uploads.artwork.limits.maxFiles);
  if (ids === "too many") {
    return {
      files: [],
      problem: { status: 413, message: uploads.artwork.words.tooMany(uploads.artwork.limits.maxFiles) },
    };
  }
  const wanted = ids === "not ids" ? [] : ids;
  const files = await uploads.artwork.waiting(wanted, formNonce);
  const problems = [...postedProblems];
  if (ids === "not ids" || files.length < wanted.length)
    problems.push({ status: 400, message: uploads.artwork.words.gone });
  const [first] = problems;
  if (!first) return { files };
  return { files, problem: { status: first.status, message: problems.map((problem) => problem.message).join(" ") } };
}

/** The origin as the form's hidden fields carry it, or nothing when nothing of it is known. */
function originOf({ service, sourcePage }: InquiryOrigin): { origin?: ContactFormOrigin } {
  if (!service && !sourcePage) return {};
  return { origin: { ...(service ? { service } : {}), ...(sourcePage ? { sourcePage } : {}) } };
}

/** The store cannot take it now: everything typed comes back, with a word to try again in a minute. */
function unavailable(values: FormValues, keep: Kept, problems: InquiryFormProblemWords): ContactOutcome {
  return refused(503, values, { formError: problems.unavailable, ...keep }, { "Retry-After": "60" });
}

function tooMany(
  values: FormValues,
  retryAfterMs: number,
  keep: Kept,
  problems: InquiryFormProblemWords,
): ContactOutcome {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return refused(
    429,
    values,
    { formError: problems.tooMany(minutes), ...keep },
    { "Retry-After": String(Math.ceil(retryAfterMs / 1000)) },
  );
}

function refused(
  status: number,
  values: FormValues,
  details: {
    errors?: FormErrors;
    formError?: string;
    token?: string;
    origin?: ContactFormOrigin;
    files?: ArtworkFile[];
  },
  headers?: Record<string, string>,
): ContactOutcome {
  const data: ContactActionData = { values, errors: details.errors ?? {} };
  if (details.formError) data.formError = details.formError;
  if (details.token) data.token = details.token;
  if (details.origin) data.origin = details.origin;
  if (details.files) data.files = details.files;
  return headers ? { kind: "refused", status, data, headers } : { kind: "refused", status, data };
}

/** The form's fields under the names the store and the rest of the site use: the form's names stop here. */
export function inquiryDetails(input: Omit<ContactInput, "website">): InquiryDetails {
  return {
    name: input.name,
    email: input.email,
    phone: input.phone_number,
    subject: input.msg_subject,
    message: input.message,
  };
}
