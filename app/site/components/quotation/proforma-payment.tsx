import { quotationPageText } from "../../content/quotation-page.ts";

const text = quotationPageText.proforma;

/** The proforma as the buyer's page shows it: every amount and day already in words, the UPI code as an SVG path. */
export type ProformaPaymentProps = {
  number: string;
  issuedOn: string;
  advance: string;
  percent: number;
  total: string;
  pdf: string;
  bank: { accountName: string; bankName: string; branch: string; accountNumber: string; ifsc: string; upiId?: string };
  upi: { link: string; path: string; size: number } | undefined;
  received: { amount: string; on: string } | undefined;
};

/**
 * The advance to pay, where to pay it, and its UPI code: drawn as one SVG
 * path in the page, with no script and no image to fetch, and a link for a
 * buyer reading on the phone that would scan it.
 */
export function ProformaPayment(props: ProformaPaymentProps) {
  const { number, issuedOn, advance, percent, total, pdf, bank, upi, received } = props;
  const rows: [string, string][] = [
    [text.rows.accountName, bank.accountName],
    [text.rows.bank, `${bank.bankName}, ${bank.branch}`],
    [text.rows.accountNumber, bank.accountNumber],
    [text.rows.ifsc, bank.ifsc],
  ];
  return (
    <section className="quotation-page__form proforma" aria-labelledby="proforma-heading">
      <h2 id="proforma-heading">{text.heading}</h2>
      {received && (
        <p className="quotation-page__state" role="status">
          {text.received(received.amount, received.on)}
        </p>
      )}
      <p>{text.intro(number, issuedOn)}</p>
      <p className="proforma__amount">
        {text.advance(percent, total)}: <strong>{advance}</strong>
      </p>
      <p>
        <a className="button button--ghost" href={pdf} download>
          {text.download}
        </a>
      </p>
      <h3>{text.bank}</h3>
      <dl className="proforma__bank">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p>{text.reference(number)}</p>
      {upi && (
        <>
          <h3>{text.upi}</h3>
          <p>{text.upiHint}</p>
          <svg
            className="proforma__code"
            role="img"
            aria-label={text.upiLabel(advance)}
            viewBox={`-4 -4 ${upi.size + 8} ${upi.size + 8}`}
            shapeRendering="crispEdges"
          >
            <rect x="-4" y="-4" width={upi.size + 8} height={upi.size + 8} fill="#fff" />
            <path d={upi.path} fill="#000" />
          </svg>
          <p>
            {text.rows.upiId}: {bank.upiId} · <a href={upi.link}>{text.upiOpen}</a>
          </p>
        </>
      )}
      <p className="field__hint">{text.notTaxInvoice}</p>
    </section>
  );
}
