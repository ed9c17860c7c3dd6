import { type QuotationDocument, totalRows } from "../../../server/quotations/document.ts";
import { localTaxName } from "../../../server/quotations/gstin.ts";
import { amountInWords, formatQuantity, formatRupees } from "../../../server/quotations/money.ts";
import { formatDay } from "../../../server/quotations/numbering.ts";

/**
 * A quotation as a page shows it, for staff and for the buyer alike: who it
 * is for, its lines, its taxes by rate, its total in figures and in words,
 * and its terms. The PDF says the same.
 */
export function QuotationSummary({ document }: { document: QuotationDocument }) {
  const { totals, placeOfSupply } = document;
  const intraState = placeOfSupply.supply === "intra-state";
  return (
    <div className="quotation-summary">
      <dl className="quotation-summary__facts">
        <dt>Quotation</dt>
        <dd>{document.number ?? "Draft"}</dd>
        <dt>Date</dt>
        <dd>{formatDay(document.date)}</dd>
        <dt>Valid until</dt>
        <dd>{formatDay(document.validUntil)}</dd>
        <dt>For</dt>
        <dd>
          <bdi>{document.buyer.name}</bdi>
          {document.buyer.company ? (
            <>
              , <bdi>{document.buyer.company}</bdi>
            </>
          ) : null}
          {document.buyer.gstin ? `, GSTIN ${document.buyer.gstin}` : ""}
        </dd>
        <dt>Place of supply</dt>
        <dd>
          {placeOfSupply.stateName} ({placeOfSupply.stateCode}):{" "}
          {intraState ? `CGST and ${localTaxName(placeOfSupply.stateCode)}` : "IGST"}
        </dd>
      </dl>

      <div className="quotation-summary__scroll">
        <table className="quotation-summary__lines">
          <caption className="visually-hidden">Lines of the quotation</caption>
          <thead>
            <tr>
              <th scope="col">Description</th>
              <th scope="col">HSN</th>
              <th scope="col">Quantity</th>
              <th scope="col">Rate</th>
              <th scope="col">GST</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody>
            {document.lines.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines are in a fixed order and are not moved.
              <tr key={index}>
                <td dir="auto">{line.description}</td>
                <td>{line.hsn}</td>
                <td>
                  {formatQuantity(line.quantityMilli)} {line.unit}
                </td>
                <td>{formatRupees(line.unitPricePaise)}</td>
                <td>{line.gstRate} %</td>
                <td>{formatRupees(totals.lines[index]?.amount ?? 0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <table className="quotation-summary__totals">
        <caption className="visually-hidden">Totals and taxes</caption>
        <tbody>
          {totalRows(document).map((row) => (
            <Row key={row.label} label={row.label} paise={row.paise} />
          ))}
          <tr className="quotation-summary__total">
            <th scope="row">Total</th>
            <td>{formatRupees(totals.total)}</td>
          </tr>
        </tbody>
      </table>
      <p className="quotation-summary__words">{amountInWords(totals.total)}</p>

      <QuotationFacts document={document} />
    </div>
  );
}

function Row({ label, paise }: { label: string; paise: number }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{formatRupees(paise)}</td>
    </tr>
  );
}

/** The terms a quotation states under its figures: lead time, payment, delivery and notes, each where given. */
export function QuotationFacts({
  document,
}: {
  document: { leadTime: string; paymentTerms: string; deliveryTerms: string; notes: string };
}) {
  return (
    <dl className="quotation-summary__facts">
      {document.leadTime && (
        <>
          <dt>Lead time</dt>
          <dd>{document.leadTime}</dd>
        </>
      )}
      {document.paymentTerms && (
        <>
          <dt>Payment</dt>
          <dd>{document.paymentTerms}</dd>
        </>
      )}
      {document.deliveryTerms && (
        <>
          <dt>Delivery</dt>
          <dd>{document.deliveryTerms}</dd>
        </>
      )}
      {document.notes && (
        <>
          <dt>Notes</dt>
          <dd dir="auto">{document.notes}</dd>
        </>
      )}
    </dl>
  );
}
