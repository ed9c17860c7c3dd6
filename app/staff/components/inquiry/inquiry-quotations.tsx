import { quotationText } from "../../content/quotations.ts";
import { staffPaths } from "../../paths.ts";

type QuotationItem = {
  id: number;
  href: string;
  number: string;
  standing: string;
  total: string;
  /** The option the buyer accepted, when there were several. */
  option?: string | undefined;
  /** Its proforma and the advance asked for and received, once accepted. */
  advance?: string | undefined;
};

/** The inquiry's quotations, where each stands, and the way to write another. */
export function InquiryQuotations({
  reference,
  quotations,
}: {
  reference: string;
  quotations: readonly QuotationItem[];
}) {
  return (
    <section className="staff-panel" aria-labelledby="inquiry-quotations">
      <h2 id="inquiry-quotations">{quotationText.heading}</h2>
      {quotations.length === 0 ? (
        <p>{quotationText.none}</p>
      ) : (
        <ul className="inbox-quotations">
          {quotations.map((quotation) => (
            <li key={quotation.id}>
              <a href={quotation.href}>{quotation.number}</a>: {quotation.standing}
              {quotation.option ? (
                <>
                  {" "}
                  (<bdi>{quotation.option}</bdi>)
                </>
              ) : null}
              , {quotation.total}
              {quotation.advance && <p className="inbox-quotations__advance">{quotation.advance}</p>}
            </li>
          ))}
        </ul>
      )}
      <a className="staff-button" href={staffPaths.newQuotation(reference)}>
        {quotationText.create}
      </a>
    </section>
  );
}
