import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { contactFormText } from "../../content/contact-form.ts";
import { paths } from "../../lib/urls.ts";

type ContactSentProps = {
  /** Null when there is no reference to show. */
  reference: string | null;
  /** Whether an acknowledgement e-mail goes out at all (it does not while e-mail is off). */
  confirmationByEmail: boolean;
};

/** The thank-you state of the contact page: the reference, and what happens next. */
export function ContactSent({ reference, confirmationByEmail }: ContactSentProps) {
  const text = contactFormText.sent;
  const heading = useRef<HTMLHeadingElement>(null);

  // The form the visitor was in has gone; the news that it arrived is where focus belongs.
  useEffect(() => heading.current?.focus(), []);

  return (
    <div className="contact-sent">
      <h2 id="send-message" className="section-title" tabIndex={-1} ref={heading}>
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
        <Link to={paths.contact} className="button button--ghost">
          {text.another}
        </Link>
      </p>
    </div>
  );
}
