import { contactFormText } from "../../content/contact-form.ts";
import { paths } from "../../content/urls.ts";

type ContactSentProps = {
  /** Null when there is no reference to show. */
  reference: string | null;
  /** Whether an acknowledgement e-mail goes out at all (it does not while e-mail is off). */
  confirmationByEmail: boolean;
  /** The form's own words and page, for a form other than the contact form. */
  form?: { words: SentWords; page: string };
};

export type SentWords = Record<keyof typeof contactFormText.sent, string>;

/** The thank-you state of a form page (the contact form's by default): the reference, and what happens next. */
export function ContactSent({ reference, confirmationByEmail, form }: ContactSentProps) {
  const text = form?.words ?? contactFormText.sent;
  return (
    <div className="contact-sent">
      {/* The form the visitor was in has gone; the news that it arrived is where focus belongs. */}
      {/* biome-ignore lint/a11y/noAutofocus: focus follows the visitor's own action of sending the form. */}
      <h2 id="send-message" className="section-title" tabIndex={-1} autoFocus>
        {text.heading}
      </h2>
      {reference && (
        <>
          <p className="contact-sent__reference">
            {text.referenceLabel}: <strong>{reference}</strong>
          </p>
          <p>{text.referenceHint}</p>
        </>
      )}
      <p>{text.next}</p>
      {reference && confirmationByEmail && <p>{text.confirmation}</p>}
      <p className="contact-sent__again">
        <a href={form?.page ?? paths.contact} className="button button--ghost">
          {text.another}
        </a>
      </p>
    </div>
  );
}
