import { type FocusEvent, type FormEvent, type MouseEvent, useEffect, useRef, useState } from "react";
import {
  type ContactFieldName,
  contactFields,
  contactFormExtras,
  contactFormText,
} from "../../content/contact-form.ts";
import { paths } from "../../content/urls.ts";
import { type ContactErrors, validateContact, validateContactField } from "../../lib/contact-schema.ts";
import { BotTrap } from "./bot-trap.tsx";

/** The server's answer to a form it refused. */
export type ContactFormAnswer = {
  values: Partial<Record<ContactFieldName, string>>;
  errors: ContactErrors;
  formError?: string;
};

type ContactFormProps = {
  /** The subject to start with, such as a quote for the service the visitor came from. */
  subject: string;
  token: string;
  answer?: ContactFormAnswer;
  /** Where the form was opened from, sent along for staff: a service's slug, a page of the site. */
  origin?: { service?: string; sourcePage?: string };
};

const fieldId = (name: string) => `contact-${name}`;
const errorId = (name: string) => `contact-${name}-error`;

/**
 * A real form posting to the contact action: it works before any script runs.
 * With scripts, it checks each field as the visitor leaves it and the whole
 * form before sending, by the same rules the server applies, and sends it once.
 */
export function ContactForm({ subject, token, answer, origin }: ContactFormProps) {
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<ContactErrors>(answer?.errors ?? {});
  const [formError, setFormError] = useState(answer?.formError);
  const [summaryShown, setSummaryShown] = useState(Boolean(answer));
  // A form the server sent back takes the visitor to its errors as soon as it wakes,
  // which it does at once (app/islands/registry.ts).
  const [summaryFocus, setSummaryFocus] = useState(answer ? 1 : 0);
  const [enhanced, setEnhanced] = useState(false);
  const edited = useRef(new Set<string>());
  const submitted = useRef(false);
  const summary = useRef<HTMLDivElement>(null);

  useEffect(() => setEnhanced(true), []);

  useEffect(() => {
    if (summaryFocus > 0) summary.current?.focus();
  }, [summaryFocus]);

  // A page the browser keeps for its back button comes back as it was left, mid-send;
  // the visitor who returns to it must be able to send again.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      submitted.current = false;
      setSending(false);
    };
    window.addEventListener("pageshow", reset);
    return () => window.removeEventListener("pageshow", reset);
  }, []);

  function setFieldError(name: ContactFieldName, message: string | undefined) {
    setErrors((current) => (current[name] === message ? current : { ...current, [name]: message }));
  }

  function onBlur(event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) {
    const name = event.currentTarget.name as ContactFieldName;
    // Passing through a field without typing is not a mistake yet. What was typed before
    // the form woke shows as a value other than the one it came with.
    const typed = edited.current.has(name) || event.currentTarget.value !== event.currentTarget.defaultValue;
    if (!typed && !errors[name]) return;
    setFieldError(name, validateContactField(name, event.currentTarget.value));
  }

  function onInput(event: FormEvent<HTMLInputElement | HTMLTextAreaElement>) {
    const name = event.currentTarget.name as ContactFieldName;
    edited.current.add(name);
    // A message already shown goes away as soon as the field is right; no new ones while typing.
    if (errors[name]) setFieldError(name, validateContactField(name, event.currentTarget.value));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (submitted.current) {
      event.preventDefault();
      return;
    }
    const form = event.currentTarget;
    const values = Object.fromEntries(
      contactFields.map(({ name }) => [name, (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? ""]),
    );
    const result = validateContact(values);
    setFormError(undefined);
    if (!result.success) {
      event.preventDefault();
      setErrors(result.errors);
      setSummaryShown(true);
      setSummaryFocus((count) => count + 1);
      return;
    }
    submitted.current = true;
    setSending(true);
    setErrors({});
    setSummaryShown(false);
  }

  const listed = contactFields.filter(({ name }) => errors[name]);
  const showSummary = summaryShown && (listed.length > 0 || formError !== undefined);

  return (
    <form
      method="post"
      // The fragment brings the visitor back to the form, not the top of the page, after a full reload.
      action={`${paths.contact}#send-message`}
      className="contact-form"
      noValidate
      onSubmit={onSubmit}
      data-enhanced={enhanced ? "" : undefined}
    >
      {showSummary && (
        <div className="form-summary" role="alert" tabIndex={-1} ref={summary} aria-labelledby="contact-summary-title">
          <h3 id="contact-summary-title" className="form-summary__title">
            {contactFormText.summaryHeading}
          </h3>
          {formError && <p className="form-summary__text">{formError}</p>}
          {listed.length > 0 && (
            <ul className="form-summary__list">
              {listed.map(({ name }) => (
                <li key={name}>
                  <a href={`#${fieldId(name)}`} onClick={focusField}>
                    {errors[name]}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {contactFields.map((field) => {
        const error = errors[field.name];
        const common = {
          id: fieldId(field.name),
          name: field.name,
          placeholder: field.placeholder,
          autoComplete: field.autoComplete,
          required: true,
          defaultValue: answer?.values[field.name] ?? (field.name === "msg_subject" ? subject : ""),
          "aria-invalid": error ? true : undefined,
          "aria-describedby": error ? errorId(field.name) : undefined,
          onBlur,
          onInput,
        };
        return (
          <div key={field.name} className={`field field--${field.name}${error ? " field--invalid" : ""}`}>
            <label htmlFor={fieldId(field.name)}>{field.label}</label>
            {error && (
              <p id={errorId(field.name)} className="field__error">
                <span className="visually-hidden">Error: </span>
                {error}
              </p>
            )}
            {field.name === "message" ? (
              <textarea {...common} rows={6} />
            ) : (
              <input
                {...common}
                type={field.name === "email" ? "email" : "text"}
                inputMode={field.name === "phone_number" ? "tel" : undefined}
              />
            )}
          </div>
        );
      })}
      <BotTrap id={fieldId(contactFormExtras.honeypot)} />
      <input type="hidden" name={contactFormExtras.token} value={token} />
      {origin?.service && <input type="hidden" name={contactFormExtras.service} value={origin.service} />}
      {origin?.sourcePage && <input type="hidden" name={contactFormExtras.sourcePage} value={origin.sourcePage} />}
      <button type="submit" className="button button--primary" disabled={sending}>
        {sending ? contactFormText.sending : contactFormText.submit}
      </button>
    </form>
  );
}

/** Follows a summary link to its field and puts the cursor there, with the label in view. */
function focusField(event: MouseEvent<HTMLAnchorElement>) {
  const id = event.currentTarget.hash.slice(1);
  const field = document.getElementById(id);
  if (!field) return;
  event.preventDefault();
  field.closest(".field")?.scrollIntoView({ block: "start" });
  field.focus({ preventScroll: true });
}
