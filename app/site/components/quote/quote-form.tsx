import { type FocusEvent, type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { contactFormExtras } from "../../../server/contact/contact-spec.ts";
import {
  artworkFields,
  orderFields,
  personFields,
  type QuoteErrors,
  type QuoteField,
  type QuoteSpec,
  type QuoteValues,
  quoteFieldProblem,
  specificationFields,
  validateQuote,
} from "../../../server/contact/quote-spec.ts";
import { todayInIndia } from "../../../server/india-day.ts";
import { isPinCode, stateForPinCode } from "../../../server/quotations/pin-code.ts";
import { type ArtworkWords, artworkTextIn, artworkWords } from "../../content/artwork.ts";
import { type ContactFormWords, contactFormWords } from "../../content/contact-form.ts";
import { message } from "../../content/message.ts";
import { type QuoteFormWords, quoteFormContentIn, quoteFormWords } from "../../content/quote-form.ts";
import { paths } from "../../content/urls.ts";
import { BotTrap } from "../contact/bot-trap.tsx";
import { FieldError } from "../contact/field-error.tsx";
import { FormSummary } from "../contact/form-summary.tsx";
import { useCheckedForm } from "../contact/use-checked-form.ts";
import { type ArtworkLimits, ArtworkPicker, type KeptFile } from "./artwork-picker.tsx";

/** The product a quote is asked for: its name and its questions, as the published catalog gives them. */
export type QuoteProduct = { slug: string; title: string; spec: QuoteSpec };

/** The words the quote form is written in: its own, the contact form's (the person's fields) and the artwork part's. */
export type QuoteFormIslandWords = { quoteForm: QuoteFormWords; contactForm: ContactFormWords; artwork: ArtworkWords };

const englishWords: QuoteFormIslandWords = {
  quoteForm: quoteFormWords,
  contactForm: contactFormWords,
  artwork: artworkWords,
};

type QuoteFormProps = {
  /** The product: its questions are checked by the same rules in the browser as on the server. */
  product: QuoteProduct;
  token: string;
  /** The server's answer to a form it refused: what was typed, and what to correct. */
  answer?:
    | { values: QuoteValues; errors: QuoteErrors; formError?: string | undefined; files?: KeptFile[] | undefined }
    | undefined;
  sourcePage?: string | undefined;
  /** The limits of artwork uploads; undefined when the site takes no files. */
  artwork?: ArtworkLimits | undefined;
  /** Given on a page in another language than English: its words, and the form's page in it. */
  words?: QuoteFormIslandWords;
  page?: string;
};

const fieldId = (name: string) => `quote-${name}`;
const errorId = (name: string) => `quote-${name}-error`;
const hintId = (name: string) => `quote-${name}-hint`;

/** What the form holds now, as it would be sent: a ticked box as "on". */
function formValues(form: HTMLFormElement, fields: readonly QuoteField[]): QuoteValues {
  const values: QuoteValues = {};
  for (const field of fields) {
    const control = form.elements.namedItem(field.name) as HTMLInputElement | null;
    values[field.name] = field.kind === "tick" ? (control?.checked ? "on" : "") : (control?.value ?? "");
  }
  return values;
}

/**
 * The quote request for one product, as one page of fieldsets: a plain form
 * that works before any script runs. A refused form comes back with
 * everything typed and a message beside each field, listed at the top as
 * well; with a script, each field is checked as the visitor leaves it and the
 * whole form before it is sent, by the rules the server applies.
 */
export function QuoteForm({
  product,
  token,
  answer,
  sourcePage,
  artwork,
  words = englishWords,
  page = paths.quote,
}: QuoteFormProps) {
  const serviceSlug = product.slug;
  const text = words.quoteForm;
  // The product's own questions, in the page's words and lists.
  const content = quoteFormContentIn(words, { services: [product], specs: { [product.slug]: product.spec } });
  const [formError, setFormError] = useState(answer?.formError);
  // Files still on their way, and whether the form waits for them to be sent.
  const [pending, setPending] = useState(0);
  const [waiting, setWaiting] = useState(false);
  const formElement = useRef<HTMLFormElement>(null);
  const onPendingChange = useCallback((count: number) => setPending(count), []);
  useEffect(() => {
    // Checked and ready before: it goes as it is, as soon as the last file is in.
    if (waiting && pending === 0) formElement.current?.submit();
  }, [waiting, pending]);
  const groups = [
    {
      id: "spec",
      legend: message(text.specHeading, { product: product.title }),
      fields: specificationFields(product.spec, content),
    },
    { id: "order", legend: text.orderHeading, fields: orderFields(content) },
    { id: "person", legend: text.contactHeading, fields: personFields(content) },
  ];
  const fields = groups.flatMap((group) => group.fields);
  const form = useCheckedForm({
    answered: answer?.errors,
    checkField: (name, value) => quoteFieldProblem(serviceSlug, name, value, content),
    checkAll(element) {
      const result = validateQuote(serviceSlug, formValues(element, fields), content);
      return result.success ? {} : result.errors;
    },
  });
  const { sending, errors, summaryShown, enhanced, summary, onBlur, onInput } = form;
  const values = answer?.values ?? {};
  const problems = fields
    .filter((field) => errors[field.name])
    .map((field) => ({ fieldId: fieldId(field.name), text: `${field.label}: ${errors[field.name] ?? ""}` }));
  const artworkProblem = errors[artworkFields.file];
  if (artworkProblem) problems.push({ fieldId: fieldId(artworkFields.file), text: artworkProblem });
  const showSummary = summaryShown && (problems.length > 0 || formError !== undefined);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    setFormError(undefined);
    const ready = form.onSubmit(event);
    if (ready && pending > 0) {
      event.preventDefault();
      setWaiting(true);
    }
  }

  return (
    <form
      ref={formElement}
      method="post"
      action={`${page}?service=${product.slug}#quote-form`}
      // Without a script the files travel with the form; with one they are uploaded as chosen.
      encType={artwork && !enhanced ? "multipart/form-data" : undefined}
      className="quote-form"
      noValidate
      onSubmit={onSubmit}
      data-enhanced={enhanced ? "" : undefined}
    >
      {/* First in the form's order: a post with files is read in order, and its files need the token. */}
      <input type="hidden" name={contactFormExtras.token} value={token} />
      <input type="hidden" name={contactFormExtras.service} value={product.slug} />
      {sourcePage && <input type="hidden" name={contactFormExtras.sourcePage} value={sourcePage} />}
      {showSummary && (
        <FormSummary
          idPrefix="quote"
          heading={words.contactForm.summaryHeading}
          formError={formError}
          problems={problems}
          summaryRef={summary}
        />
      )}
      {groups.map((group) => (
        <fieldset key={group.id} className="quote-form__group">
          <legend>{group.legend}</legend>
          {group.fields.map((field) => (
            <QuoteInput
              key={field.name}
              field={field}
              value={values[field.name] ?? ""}
              error={errors[field.name]}
              words={text}
              errorPrefix={words.contactForm.error}
              onBlur={onBlur}
              onInput={onInput}
            />
          ))}
        </fieldset>
      ))}
      {artwork && (
        <ArtworkPicker
          limits={artwork}
          token={token}
          kept={answer?.files ?? []}
          error={errors[artworkFields.file]}
          words={artworkTextIn(words.artwork)}
          errorPrefix={words.contactForm.error}
          enhanced={enhanced}
          onPendingChange={onPendingChange}
        />
      )}
      <BotTrap id={fieldId(contactFormExtras.honeypot)} label={words.contactForm.honeypotLabel} />
      {waiting && pending > 0 && (
        <p className="field__hint" role="status">
          {words.artwork.waitingToSend}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={sending}>
        {sending ? words.contactForm.sending : text.submit}
      </button>
    </form>
  );
}

type InputEvents = {
  onBlur: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  onInput: (event: FormEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
};

/** One question: its label, hint and message, and the control its kind needs. */
function QuoteInput({
  field,
  value,
  error,
  words,
  errorPrefix,
  onBlur,
  onInput,
}: {
  field: QuoteField;
  value: string;
  error: string | undefined;
  words: QuoteFormWords;
  errorPrefix: string;
} & InputEvents) {
  const id = fieldId(field.name);
  // The PIN code's state is said as it is typed (and after a refused form, without a script).
  const [pinState, setPinState] = useState(() => statePhrase(field, value, words));
  const describedBy = [field.hint ? hintId(field.name) : "", error ? errorId(field.name) : ""]
    .filter(Boolean)
    .join(" ");
  const common = {
    id,
    name: field.name,
    required: field.required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
    onBlur,
    onInput: (event: FormEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      onInput(event);
      if (field.name === "pin_code") setPinState(statePhrase(field, event.currentTarget.value, words));
    },
  };
  const notes = (
    <>
      {field.hint && (
        <p id={hintId(field.name)} className="field__hint">
          {field.hint}
        </p>
      )}
      {error && <FieldError id={errorId(field.name)} prefix={errorPrefix} message={error} />}
      {field.name === "pin_code" && (
        <p className="field__hint" role="status">
          {pinState}
        </p>
      )}
    </>
  );
  if (field.kind === "tick") {
    return (
      <div className={`field field--tick${error ? " field--invalid" : ""}`}>
        <input {...common} type="checkbox" defaultChecked={value === "on"} />
        <label htmlFor={id}>{field.label}</label>
        {notes}
      </div>
    );
  }
  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <label htmlFor={id}>{field.label}</label>
      {notes}
      {field.kind === "choice" ? (
        <select {...common} defaultValue={value}>
          <option value="">{words.choose}</option>
          {field.choices?.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      ) : field.kind === "textarea" ? (
        <textarea {...common} rows={4} defaultValue={value} />
      ) : (
        <input
          {...common}
          type={field.kind === "date" ? "date" : field.name === "email" ? "email" : "text"}
          inputMode={
            field.kind === "number" || field.name === "pin_code"
              ? "numeric"
              : field.name === "phone_number"
                ? "tel"
                : undefined
          }
          min={field.kind === "date" ? todayInIndia() : undefined}
          autoComplete={field.autoComplete ?? "off"}
          defaultValue={value}
        />
      )}
    </div>
  );
}

/** "Delivers to Maharashtra" for a PIN code whose state is known; empty otherwise. */
function statePhrase(field: QuoteField, value: string, words: QuoteFormWords): string {
  if (field.name !== "pin_code" || !isPinCode(value)) return "";
  const state = stateForPinCode(value);
  return state ? message(words.deliversTo, { state }) : "";
}
