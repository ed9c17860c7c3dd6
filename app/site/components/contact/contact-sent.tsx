import { contactFormText } from "../../content/contact-form.ts";
import { paths } from "../../content/urls.ts";

type ContactSentProps = {
  /** Null when there is no reference to show. */
  reference: string | null;
  /** Whether an acknowledgement e-mail goes out at all (it does not while e-mail is off). */
  confirmationByEmail: boolean;
  /** Where to send another, and its words: the contact form unless said otherwise. */
  again?: { to: string; label: string };
};

/** The thank-you state of the contact page: the reference, and what happens next. */
export function ContactSent({ reference, confirmationByEmail, again }: ContactSentProps) {
  const text = contactFormText.sent;
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
        <a href={again?.to ?? paths.contact} className="button button--ghost">
          {again?.label ?? text.another}
        </a>
      </p>
    </div>
  );
}
