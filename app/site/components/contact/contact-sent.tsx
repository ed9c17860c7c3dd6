import type { SiteWords } from "../../content/words.ts";

type ContactSentProps = {
  /** Null when there is no reference to show. */
  reference: string | null;
  /** Whether an acknowledgement e-mail goes out at all (it does not while e-mail is off). */
  confirmationByEmail: boolean;
  /** The form's own words, in the page's language. */
  words: SentWords;
  /** The form's page, where another message starts. */
  page: string;
};

export type SentWords = SiteWords["contactPage"]["sent"];

/** The thank-you state of a form page: the reference, and what happens next. */
export function ContactSent({ reference, confirmationByEmail, words: text, page }: ContactSentProps) {
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
        <a href={page} className="button button--ghost">
          {text.another}
        </a>
      </p>
    </div>
  );
}
