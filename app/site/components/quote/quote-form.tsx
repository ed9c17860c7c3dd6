import { contactFormExtras, contactFormText } from "../../content/contact-form.ts";
import { quoteSpecs, quoteFormText as text } from "../../content/quote-form.ts";
import type { Service } from "../../content/services.ts";
import { paths } from "../../content/urls.ts";
import {
  orderFields,
  personFields,
  type QuoteErrors,
  type QuoteField,
  type QuoteValues,
  specificationFields,
  todayInIndia,
} from "../../lib/quote-schema.ts";
import { BotTrap } from "../contact/bot-trap.tsx";

type QuoteFormProps = {
  service: Service;
  token: string;
  values?: QuoteValues | undefined;
  errors?: QuoteErrors | undefined;
  formError?: string | undefined;
  sourcePage?: string | undefined;
};

const fieldId = (name: string) => `quote-${name}`;
const errorId = (name: string) => `quote-${name}-error`;
const hintId = (name: string) => `quote-${name}-hint`;

/**
 * The quote request for one product, as one page of fieldsets: a plain form
 * that needs no script. A refused form comes back with everything typed and a
 * message beside each field, listed at the top as well.
 */
export function QuoteForm({ service, token, values = {}, errors = {}, formError, sourcePage }: QuoteFormProps) {
  const groups = [
    { id: "spec", legend: text.specHeading(service.title), fields: specificationFields(quoteSpecs[service.slug]) },
    { id: "order", legend: text.orderHeading, fields: orderFields },
    { id: "person", legend: text.contactHeading, fields: personFields },
  ];
  const listed = groups.flatMap((group) => group.fields).filter((field) => errors[field.name]);
  return (
    <form method="post" action={`${paths.quote}?service=${service.slug}#quote-form`} className="quote-form" noValidate>
      {(listed.length > 0 || formError) && (
        <div className="form-summary" role="alert" aria-labelledby="quote-summary-title">
          <h3 id="quote-summary-title" className="form-summary__title">
            {contactFormText.summaryHeading}
          </h3>
          {formError && <p className="form-summary__text">{formError}</p>}
          {listed.length > 0 && (
            <ul className="form-summary__list">
              {listed.map((field) => (
                <li key={field.name}>
                  <a href={`#${fieldId(field.name)}`}>
                    {field.label}: {errors[field.name]}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {groups.map((group) => (
        <fieldset key={group.id} className="quote-form__group">
          <legend>{group.legend}</legend>
          {group.fields.map((field) => (
            <QuoteInput key={field.name} field={field} value={values[field.name] ?? ""} error={errors[field.name]} />
          ))}
        </fieldset>
      ))}
      <BotTrap id={fieldId(contactFormExtras.honeypot)} />
      <input type="hidden" name={contactFormExtras.token} value={token} />
      <input type="hidden" name={contactFormExtras.service} value={service.slug} />
      {sourcePage && <input type="hidden" name={contactFormExtras.sourcePage} value={sourcePage} />}
      <button type="submit" className="button button--primary">
        {text.submit}
      </button>
    </form>
  );
}

/** One question: its label, hint and message, and the control its kind needs. */
function QuoteInput({ field, value, error }: { field: QuoteField; value: string; error: string | undefined }) {
  const id = fieldId(field.name);
  const describedBy = [field.hint ? hintId(field.name) : "", error ? errorId(field.name) : ""]
    .filter(Boolean)
    .join(" ");
  const common = {
    id,
    name: field.name,
    required: field.required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
  };
  const notes = (
    <>
      {field.hint && (
        <p id={hintId(field.name)} className="field__hint">
          {field.hint}
        </p>
      )}
      {error && (
        <p id={errorId(field.name)} className="field__error">
          <span className="visually-hidden">Error: </span>
          {error}
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
          <option value="">Choose…</option>
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
