type Mail = {
  kind: "company" | "acknowledgement";
  label: string;
  state: string;
  attempts: number | null;
  lastError: string | null;
  sentAt: string | null;
  canSendAgain: boolean;
  unconfirmed: boolean;
};

/** The inquiry's two mails, where each stands, and a way to send one again that did not go. */
export function InquiryMails({ mails }: { mails: readonly Mail[] }) {
  return (
    <section className="staff-panel" aria-labelledby="inquiry-mails">
      <h2 id="inquiry-mails">Mails</h2>
      <div className="inbox-mails">
        {mails.map((mail) => (
          <div key={mail.kind} className="inbox-mail">
            <h3>{mail.label}</h3>
            <dl>
              <dt>State</dt>
              <dd>{mail.state}</dd>
              {mail.attempts !== null && (
                <>
                  <dt>Attempts</dt>
                  <dd>{mail.attempts}</dd>
                </>
              )}
              {mail.lastError && (
                <>
                  <dt>Last error</dt>
                  <dd>{mail.lastError}</dd>
                </>
              )}
              {mail.sentAt && (
                <>
                  <dt>Sent</dt>
                  <dd>{mail.sentAt}</dd>
                </>
              )}
            </dl>
            {mail.canSendAgain && (
              <form method="post">
                {mail.unconfirmed && (
                  <p>The mail server took it but never confirmed it: check it did not arrive before sending again.</p>
                )}
                <input type="hidden" name="intent" value="send-again" />
                <input type="hidden" name="kind" value={mail.kind} />
                <button type="submit" className="staff-button">
                  Send again
                  <span className="visually-hidden">: {mail.label}</span>
                </button>
              </form>
            )}
          </div>
        ))}
      </div>
    </section>
  );
}
