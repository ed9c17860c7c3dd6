type Details = {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  service: { name: string; url: string } | null;
  sourcePage: string | null;
  /** The language of the page it was sent from, which the visitor's acknowledgement is in. */
  language: string;
};

/** What the person wrote, and where they came from. */
export function InquiryDetails({ inquiry }: { inquiry: Details }) {
  return (
    <section className="staff-panel" aria-labelledby="inquiry-details">
      <h2 id="inquiry-details">The inquiry</h2>
      <dl className="inbox-fields">
        <dt>Name</dt>
        <dd dir="auto">{inquiry.name}</dd>
        <dt>E-mail</dt>
        <dd dir="auto">{inquiry.email}</dd>
        <dt>Phone</dt>
        <dd>{inquiry.phone}</dd>
        <dt>Subject</dt>
        <dd dir="auto">{inquiry.subject}</dd>
        <dt>Message</dt>
        <dd className="inbox-message" dir="auto">
          {inquiry.message}
        </dd>
        <dt>Service</dt>
        <dd>{inquiry.service ? <a href={inquiry.service.url}>{inquiry.service.name}</a> : "None"}</dd>
        <dt>Came from</dt>
        <dd>{inquiry.sourcePage ? <a href={inquiry.sourcePage}>{inquiry.sourcePage}</a> : "Not known"}</dd>
        <dt>Language</dt>
        <dd>{inquiry.language}</dd>
      </dl>
    </section>
  );
}

/** The quote form's particulars, label beside value. */
export function QuoteRequest({ rows }: { rows: readonly (readonly [string, string])[] }) {
  return (
    <section className="staff-panel" aria-labelledby="inquiry-quote">
      <h2 id="inquiry-quote">Quote request</h2>
      <table className="inbox-quote">
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td dir="auto">{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
