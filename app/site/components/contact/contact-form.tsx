import { type FormEvent, useState } from "react";
import {
  type ContactErrors,
  type ContactFieldName,
  contactFormExtras,
  validateContact,
  validateContactField,
} from "../../../server/contact/contact-spec.ts";
import {
  type ContactFormWords,
  contactFields,
  contactFormWords,
  contactProblemsIn,
} from "../../content/contact-form.ts";
import { paths } from "../../content/urls.ts";
import { BotTrap } from "./bot-trap.tsx";
import { FieldError } from "./field-error.tsx";
import { FormSummary } from "./form-summary.tsx";
import { useCheckedForm } from "./use-checked-form.ts";

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
  /** Given on a page in another language than English: its words, and the form's page in it. */
  words?: ContactFormWords;
  page?: string;
};

const fieldId = (name: string) => `contact-${name}`;
const errorId = (name: string) => `contact-${name}-error`;

/**
 * A real form posting to the contact action: it works before any script runs.
 * With scripts, it checks each field as the visitor leaves it and the whole
 * form before sending, by the same rules the server applies, and sends it once.
 */
export function ContactForm({
  subject,
  token,
  answer,
  origin,
  words = contactFormWords,
  page = paths.contact,
}: ContactFormProps) {
  const [formError, setFormError] = useState(answer?.formError);
  const problemWords = contactProblemsIn(words);
  const form = useCheckedForm({
    answered: answer?.errors,
    checkField: (name, value) => validateContactField(name as ContactFieldName, value, problemWords),
    checkAll(element) {
      const values = Object.fromEntries(
        contactFields.map(({ name }) => [
          name,
          (element.elements.namedItem(name) as HTMLInputElement | null)?.value ?? "",
        ]),
      );
      const result = validateContact(values, problemWords);
      return result.success ? {} : result.errors;
    },
  });
  const { sending, errors, summaryShown, enhanced, summary, onBlur, onInput } = form;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    setFormError(undefined);
    form.onSubmit(event);
  }

  const listed = contactFields.filter(({ name }) => errors[name]);
  const showSummary = summaryShown && (listed.length > 0 || formError !== undefined);

  return (
    <form
      method="post"
      // The fragment brings the visitor back to the form, not the top of the page, after a full reload.
      action={`${page}#send-message`}
      className="contact-form"
      noValidate
      onSubmit={onSubmit}
      data-enhanced={enhanced ? "" : undefined}
    >
      {showSummary && (
        <FormSummary
          idPrefix="contact"
          heading={words.summaryHeading}
          formError={formError}
          problems={listed.map(({ name }) => ({ fieldId: fieldId(name), text: errors[name] ?? "" }))}
          summaryRef={summary}
        />
      )}
      {contactFields.map((field) => {
        const error = errors[field.name];
        const common = {
          id: fieldId(field.name),
          name: field.name,
          placeholder: words.fields[field.name].placeholder,
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
            <label htmlFor={fieldId(field.name)}>{words.fields[field.name].label}</label>
            {error && <FieldError id={errorId(field.name)} prefix={words.error} message={error} />}
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
      <BotTrap id={fieldId(contactFormExtras.honeypot)} label={words.honeypotLabel} />
      <input type="hidden" name={contactFormExtras.token} value={token} />
      {origin?.service && <input type="hidden" name={contactFormExtras.service} value={origin.service} />}
      {origin?.sourcePage && <input type="hidden" name={contactFormExtras.sourcePage} value={origin.sourcePage} />}
      <button type="submit" className="button button--primary" disabled={sending}>
        {sending ? words.sending : words.submit}
      </button>
    </form>
  );
}
