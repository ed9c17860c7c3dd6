// The parts of a quotation of options that a quotation of one set of lines
// has not: the addresses, the GST treatment and the place of supply; the
// options' totals side by side; each option's lines, totals and HSN-wise
// summary; and the one-time charges, listed once.
import { formatQuantity, formatRupees, formatUnitPrice } from "./money.ts";
import {
  addressText,
  type OptionsDocument,
  optionHeadings,
  optionName,
  optionTotalRows,
  placeText,
  taxWords,
  treatmentLines,
} from "./options-document.ts";
import { contentWidth, left, right, type Sheet, type Style } from "./pdf-sheet.server.ts";
import { type Column, drawTable } from "./pdf-table.server.ts";
import { drawTotalsBeside } from "./quotation-pdf-body.server.ts";
import { caption, captionHeight, drawBlock } from "./quotation-pdf-head.server.ts";

const body: Style = { size: 9 };
const strong: Style = { size: 9, weight: "bold" };

/** Columns of the given widths, the first named one taking what the others leave. */
function columns(flexible: string, fixed: readonly Column[], at = 1): Column[] {
  const width = contentWidth - fixed.reduce((sum, column) => sum + column.width, 0);
  return [...fixed.slice(0, at), { title: flexible, width, align: "left" }, ...fixed.slice(at)];
}

/** The buyer, the billing and delivery addresses, then the place of supply and the GST treatment. */
export function drawOptionParties(sheet: Sheet, doc: OptionsDocument, buyerLabel = "Quotation for"): void {
  const { buyer } = doc;
  const gap = 14;
  const widths = [170, 160];
  let x = left;
  const ends = [
    drawBlock(sheet, buyerLabel, x, widths[0] ?? 0, [
      [buyer.name, { size: 10.5, weight: "bold" }],
      [buyer.company, body],
      [buyer.gstin === "" ? "" : `GSTIN ${buyer.gstin}`, body],
      [buyer.phone, body],
      [buyer.email, body],
    ]),
  ];
  x += (widths[0] ?? 0) + gap;
  ends.push(drawBlock(sheet, "Billing address", x, widths[1] ?? 0, [[addressText(doc.billingAddress), body]]));
  x += (widths[1] ?? 0) + gap;
  const delivery = doc.deliveryAddress ? addressText(doc.deliveryAddress) : "As the billing address";
  const third = doc.thirdPartyDelivery ? "To a third party on the buyer's direction" : "";
  ends.push(
    drawBlock(sheet, "Delivery address", x, right - x, [
      [delivery, body],
      [third, body],
    ]),
  );
  sheet.y = Math.min(...ends) - 8;
  const supply = drawBlock(sheet, "Supply", left, contentWidth, [
    [`Place of supply: ${placeText(doc.place)}`, strong],
    [taxWords(doc), body],
    ...treatmentLines(doc).map((line, index): [string, Style] => [line, index === 0 ? body : strong]),
  ]);
  sheet.y = supply - 14;
}

/** Each option's taxable value, tax and total in one table, so the buyer compares them at a glance. */
export function drawOptionsCompare(sheet: Sheet, doc: OptionsDocument): void {
  sheet.ensure(captionHeight);
  caption(sheet, "The options side by side", left);
  drawTable(
    sheet,
    columns("Option", [
      { title: "#", width: 20, align: "right" },
      { title: "Taxable value", width: 100, align: "right" },
      { title: "GST", width: 90, align: "right" },
      { title: "Total", width: 100, align: "right" },
    ]),
    doc.options.map((_, index) => {
      const totals = doc.results[index]?.totals;
      return [
        String(index + 1),
        optionName(doc, index),
        formatRupees(totals?.taxable ?? 0),
        formatRupees(totals?.tax ?? 0),
        formatRupees(totals?.total ?? 0),
      ];
    }),
  );
  sheet.y -= 14;
}

const per = (count: number) => (count === 1 ? "" : ` /${count.toLocaleString("en-IN")}`);

const discountText = (discount: { percent: number } | { paise: number } | undefined) =>
  !discount ? "" : "percent" in discount ? `${discount.percent} %` : formatRupees(discount.paise);

/** One option: its name, its lines, its totals with the one-time charges, and its HSN-wise summary. */
export function drawOption(sheet: Sheet, doc: OptionsDocument, index: number): void {
  const option = doc.options[index];
  const result = doc.results[index];
  if (!option || !result) return;
  const headings = optionHeadings(doc, index);
  sheet.ensure(captionHeight + 60);
  caption(sheet, headings.heading, left);
  drawTable(
    sheet,
    columns("Description", [
      { title: "#", width: 20, align: "right" },
      { title: "HSN", width: 44, align: "left" },
      { title: "Quantity", width: 64, align: "right" },
      { title: "Rate", width: 74, align: "right" },
      { title: "Disc.", width: 44, align: "right" },
      { title: "GST", width: 32, align: "right" },
      { title: "Amount", width: 78, align: "right" },
    ]),
    option.lines.map((line, at) => [
      String(at + 1),
      line.description,
      line.hsn,
      `${formatQuantity(line.quantityMilli)} ${line.unit}`.trim(),
      `${formatUnitPrice(line.unitPrice.tenThousandths)}${per(line.unitPrice.per)}`,
      discountText(line.discount),
      `${line.gstRate} %`,
      formatRupees(result.totals.lines[at]?.amount ?? 0),
    ]),
  );
  sheet.y -= 10;
  drawTotalsBeside(sheet, doc, {
    rows: optionTotalRows(doc, index),
    total: result.totals.total,
    bank: false,
    totalLabel: headings.total,
  });
  const intra = result.hsnSummary.some((row) => row.cgst > 0 || row.sgst > 0);
  sheet.ensure(captionHeight);
  caption(sheet, headings.hsn, left);
  drawTable(
    sheet,
    columns(
      "HSN/SAC",
      [
        { title: "GST", width: 50, align: "right" },
        { title: "Taxable value", width: 110, align: "right" },
        ...(intra
          ? [
              { title: "CGST", width: 90, align: "right" } as const,
              { title: "SGST/UTGST", width: 90, align: "right" } as const,
            ]
          : [{ title: "IGST", width: 110, align: "right" } as const]),
      ],
      0,
    ),
    result.hsnSummary.map((row) => [
      row.hsn,
      `${row.rate} %`,
      formatRupees(row.taxable),
      ...(intra ? [formatRupees(row.cgst), formatRupees(row.sgst)] : [formatRupees(row.igst)]),
    ]),
  );
  sheet.y -= 16;
}

/** The one-time charges, once: each option's totals above include them. */
export function drawOneTimeCharges(
  sheet: Sheet,
  doc: OptionsDocument,
  heading = "One-time charges, added once to whichever option is ordered",
): void {
  if (doc.oneTimeCharges.length === 0) return;
  sheet.ensure(captionHeight);
  caption(sheet, heading, left);
  drawTable(
    sheet,
    columns("Description", [
      { title: "#", width: 20, align: "right" },
      { title: "HSN/SAC", width: 60, align: "left" },
      { title: "GST", width: 40, align: "right" },
      { title: "Amount", width: 90, align: "right" },
    ]),
    doc.oneTimeCharges.map((charge, index) => [
      String(index + 1),
      charge.description,
      charge.hsn,
      `${charge.gstRate} %`,
      formatRupees(charge.amountPaise),
    ]),
  );
  sheet.y -= 14;
}
