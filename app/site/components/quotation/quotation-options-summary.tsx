import type { ReactNode } from "react";
import { amountInWords, formatQuantity, formatRupees, formatUnitPrice } from "../../../server/quotations/money.ts";
import { formatDay } from "../../../server/quotations/numbering.ts";
import {
  addressText,
  type OptionsDocument,
  optionHeadings,
  optionName,
  optionTotalRows,
  placeText,
  taxWords,
  treatmentLines,
} from "../../../server/quotations/options-document.ts";
import { QuotationFacts } from "./quotation-summary.tsx";

const per = (count: number) => (count === 1 ? "" : ` per ${count.toLocaleString("en-IN")}`);

const discountText = (discount: { percent: number } | { paise: number } | undefined) =>
  !discount ? "" : "percent" in discount ? `${discount.percent} %` : formatRupees(discount.paise);

/**
 * A quotation of options as a page shows it, for staff and for the buyer
 * alike: who it is for and where it goes, each option's total side by side,
 * then each option's lines and taxes, the one-time charges listed once, and
 * the terms. The PDF says the same.
 */
export function QuotationOptionsSummary({ document }: { document: OptionsDocument }) {
  const { results } = document;
  const delivery = document.deliveryAddress;
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
        {addressText(document.billingAddress) && (
          <>
            <dt>Billing address</dt>
            <dd dir="auto">{addressText(document.billingAddress)}</dd>
          </>
        )}
        <dt>Delivery address</dt>
        <dd dir="auto">{delivery ? addressText(delivery) : "The billing address"}</dd>
        <dt>Place of supply</dt>
        <dd>
          {placeText(document.place)}: {taxWords(document)}
        </dd>
        <dt>GST treatment</dt>
        <dd>{treatmentLines(document).join(". ")}</dd>
      </dl>

      {document.options.length > 1 && (
        <ScrollRegion label="The options side by side">
          <table className="quotation-summary__compare">
            <caption>The options side by side</caption>
            <thead>
              <tr>
                <th scope="col">Option</th>
                <th scope="col">Taxable value</th>
                <th scope="col">GST</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {document.options.map((_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: options are in a fixed order and are not moved.
                <tr key={index}>
                  <th scope="row" dir="auto">
                    {optionName(document, index)}
                    {document.acceptedOption === index ? " (accepted)" : ""}
                  </th>
                  <td>{formatRupees(results[index]?.totals.taxable ?? 0)}</td>
                  <td>{formatRupees(results[index]?.totals.tax ?? 0)}</td>
                  <td>{formatRupees(results[index]?.totals.total ?? 0)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}

      {document.options.map((option, index) => {
        const totals = results[index]?.totals;
        const headings = optionHeadings(document, index);
        const name = headings.heading;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: options are in a fixed order and are not moved.
          <section key={index} className="quotation-summary__option" aria-label={name}>
            <h2 dir="auto">{name}</h2>
            <ScrollRegion label={`Lines of ${name}`}>
              <table className="quotation-summary__lines">
                <caption className="visually-hidden">Lines of {name}</caption>
                <thead>
                  <tr>
                    <th scope="col">Description</th>
                    <th scope="col">HSN</th>
                    <th scope="col">Quantity</th>
                    <th scope="col">Rate</th>
                    <th scope="col">Discount</th>
                    <th scope="col">GST</th>
                    <th scope="col">Amount</th>
                  </tr>
                </thead>
                <tbody>
                  {option.lines.map((line, at) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: lines are in a fixed order and are not moved.
                    <tr key={at}>
                      <td dir="auto">{line.description}</td>
                      <td>{line.hsn}</td>
                      <td>
                        {formatQuantity(line.quantityMilli)} {line.unit}
                      </td>
                      <td>
                        {formatUnitPrice(line.unitPrice.tenThousandths)}
                        {per(line.unitPrice.per)}
                      </td>
                      <td>{discountText(line.discount)}</td>
                      <td>{line.gstRate} %</td>
                      <td>{formatRupees(totals?.lines[at]?.amount ?? 0)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
            <table className="quotation-summary__totals">
              <caption className="visually-hidden">Totals and taxes of {name}</caption>
              <tbody>
                {optionTotalRows(document, index).map((row) => (
                  <tr key={row.label}>
                    <th scope="row">{row.label}</th>
                    <td>{formatRupees(row.paise)}</td>
                  </tr>
                ))}
                <tr className="quotation-summary__total">
                  <th scope="row">{headings.total}</th>
                  <td>{formatRupees(totals?.total ?? 0)}</td>
                </tr>
              </tbody>
            </table>
            <p className="quotation-summary__words">{amountInWords(totals?.total ?? 0)}</p>
          </section>
        );
      })}

      {document.oneTimeCharges.length > 0 && (
        <ScrollRegion label="One-time charges">
          <table className="quotation-summary__lines">
            <caption>One-time charges, added once to whichever option is ordered</caption>
            <thead>
              <tr>
                <th scope="col">Description</th>
                <th scope="col">HSN/SAC</th>
                <th scope="col">GST</th>
                <th scope="col">Amount</th>
              </tr>
            </thead>
            <tbody>
              {document.oneTimeCharges.map((charge, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: charges are in a fixed order and are not moved.
                <tr key={index}>
                  <td dir="auto">{charge.description}</td>
                  <td>{charge.hsn}</td>
                  <td>{charge.gstRate} %</td>
                  <td>{formatRupees(charge.amountPaise)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}

      <QuotationFacts document={document} />
    </div>
  );
}

/**
 * A wide table's box, which scrolls on its own on a phone: a region that
 * keyboard users can reach and scroll, named for what it holds.
 */
function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box needs focus for the keyboard to scroll it.
    <section className="quotation-summary__scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
