import { inboxText } from "../../content/inbox.ts";
import { quotationText, replyLabels } from "../../content/quotations.ts";
import { StaffField } from "../staff-field.tsx";

type Replies = { email: string; attention: string | null; call: string | null; whatsApp: string | null };

/** The ways to answer the person, each one tap away. */
export function ReplyLinks({ replies }: { replies: Replies }) {
  return (
    <ul className="inbox-replies" aria-label="Reply">
      <li>
        <a className="staff-button" href={replies.email}>
          Reply by e-mail
        </a>
      </li>
      {replies.attention && (
        <li>
          <a className="staff-button" href={replies.attention}>
            {inboxText.files.attention.button}
          </a>
        </li>
      )}
      {replies.call && (
        <li>
          <a className="staff-button" href={replies.call}>
            Call
          </a>
        </li>
      )}
      {replies.whatsApp && (
        <li>
          <a className="staff-button" href={replies.whatsApp} rel="noreferrer">
            WhatsApp
          </a>
        </li>
      )}
    </ul>
  );
}

/** When the inquiry was first answered, or how long it has waited, and a way to say it was answered. */
export function FirstReply({ text }: { text: string }) {
  return (
    <section className="staff-panel" aria-labelledby="inquiry-first-reply">
      <h2 id="inquiry-first-reply">{quotationText.firstReplyHeading}</h2>
      <p>{text}</p>
      <form method="post" className="staff-form staff-form--inline">
        <input type="hidden" name="intent" value="replied" />
        <StaffField id="replied-by" label={quotationText.repliedLabel}>
          {() => (
            <select id="replied-by" name="by" defaultValue="call">
              <option value="call">{replyLabels.call}</option>
              <option value="whatsapp">{replyLabels.whatsapp}</option>
              <option value="email">{replyLabels.email}</option>
            </select>
          )}
        </StaffField>
        <button type="submit" className="staff-button staff-button--quiet">
          {quotationText.markReplied}
        </button>
      </form>
    </section>
  );
}
