// The body of a quotation: its lines, the totals beside the bank to pay into,
// its own terms, the company's conditions and the two signatures.
import { type DocumentFrame, type QuotationDocument, type TotalRow, totalRows } from "./document.ts";
import { amountInWords, formatQuantity, formatRupees } from "./money.ts";
import {
  ascent,
  contentWidth,
  leading,
  left,
  muted,
  navy,
  right,
  type Sheet,
  type Style,
  shade,
} from "./pdf-sheet.server.ts";
import { type Column, cellPadding, drawTable } from "./pdf-table.server.ts";
import { caption, captionHeight } from "./quotation-pdf-head.server.ts";

/** 18 → "18 %", 9 → "9 %", 0.145 → "0.145 %": a half rate prints with the decimals it has, and no more. */
function percent(value: number): string {
  return `${value} %`;
}

function tableColumns(): Column[] {
  const fixed: Column[] = [
    { title: "#", width: 20, align: "right" },
    { title: "HSN", width: 38, align: "left" },
    { title: "Quantity", width: 68, align: "right" },
    { title: "Rate", width: 70, align: "right" },
    { title: "GST", width: 34, align: "right" },
    { title: "Amount", width: 84, align: "right" },
  ];
  const description = contentWidth - fixed.reduce((sum, column) => sum + column.width, 0);
  const [number, ...rest] = fixed;
  return [number as Column, { title: "Description", width: description, align: "left" }, ...rest];
}

export function drawLines(sheet: Sheet, doc: QuotationDocument): void {
  const rows = doc.lines.map((line, index) => [
    String(index + 1),
    line.description,
    line.hsn,
    `${formatQuantity(line.quantityMilli)} ${line.unit}`.trim(),
    formatRupees(line.unitPricePaise),
    percent(line.gstRate),
    formatRupees(doc.totals.lines[index]?.amount ?? 0),
  ]);
  drawTable(sheet, tableColumns(), rows);
  sheet.y -= 10;
}

type Fact = { name: string; lines: string[] };
type Facts = { heading: string; x: number; labelWidth: number; rows: Fact[] };

const factText: Style = { size: 9 };
const factLabel: Style = { size: 9, color: muted };
const factGap = 2;

/** Labelled rows, the label in a column of its own and the value wrapped beside it; empty values left out. */
function factsOf(
  sheet: Sheet,
  heading: string,
  facts: readonly [string, string][],
  place: { x: number; width: number; labelWidth: number },
): Facts {
  const rows = facts
    .filter(([, value]) => value.trim() !== "")
    .map(([name, value]) => ({ name, lines: sheet.wrap(value, place.width - place.labelWidth, factText) }));
  return { heading, x: place.x, labelWidth: place.labelWidth, rows };
}

function factsHeight(facts: Facts): number {
  if (facts.rows.length === 0) return 0;
  const lines = facts.rows.reduce((sum, row) => sum + row.lines.length, 0);
  return captionHeight + lines * leading(factText.size) + facts.rows.length * factGap;
}

function drawFacts(sheet: Sheet, facts: Facts): void {
  const [first] = facts.rows;
  if (!first) return;
  // The heading keeps its first row with it.
  sheet.ensure(captionHeight + leading(factText.size) * Math.min(3, first.lines.length));
  caption(sheet, facts.heading, facts.x);
  for (const row of facts.rows) {
    sheet.ensure(leading(factText.size));
    sheet.text(row.name, facts.x, sheet.y - ascent(factText.size), factLabel);
    sheet.paragraph(row.lines, facts.x + facts.labelWidth, factText);
    sheet.y -= factGap;
  }
}

/**
 * The charges, the GST by rate and the total on the right; the bank to pay
 * into on the left, beside them, where a buyer about to pay looks.
 */
export function drawTotals(sheet: Sheet, doc: QuotationDocument): void {
  drawTotalsBeside(sheet, doc, { rows: totalRows(doc), total: doc.totals.total, bank: true });
}

/**
 * Rows of charges and taxes and their total on the right; on the left, the
 * bank to pay into and the total in words, or, without the bank, the words
 * under the total, so that they read on as one line.
 */
export function drawTotalsBeside(
  sheet: Sheet,
  doc: DocumentFrame,
  {
    rows,
    total: totalPaise,
    bank: withBank,
    totalLabel = "Total",
  }: {
    rows: readonly TotalRow[];
    total: number;
    bank: boolean;
    totalLabel?: string;
  },
): void {
  const body: Style = { size: 9 };
  const total: Style = { size: 11, weight: "bold", color: navy };
  const width = 250;
  const x = right - width;
  const rowHeight = leading(body.size) + 1;
  const totalHeight = leading(total.size) + 10;
  const { bank } = doc.company;
  const leftWidth = contentWidth - width - 24;
  const bankFacts = factsOf(sheet, "Bank details for payment", withBank ? bankRows(bank) : [], {
    x: left,
    width: leftWidth,
    labelWidth: 78,
  });
  // Under the bank, as on the bills buyers know: the amount in words beside the figures it guards.
  const words: Style = { size: 9 };
  const wordsLabel: Style = { size: 9, weight: "bold" };
  const label = "Amount in words: ";
  const labelWidth = sheet.width(label, wordsLabel);
  const wordsWidth = withBank ? leftWidth : contentWidth;
  const wordLines = sheet.wrap(amountInWords(totalPaise), wordsWidth, words, wordsWidth - labelWidth);
  const wordsHeight = wordLines.length * leading(words.size);
  const totalsHeight = rows.length * rowHeight + 3 + totalHeight;
  sheet.ensure(
    withBank ? Math.max(totalsHeight, factsHeight(bankFacts) + 10 + wordsHeight) : totalsHeight + 4 + wordsHeight,
  );
  const top = sheet.y;

  for (const { label: name, paise, taxable } of rows) {
    // The taxable value closes the charges and opens the tax: a rule and bold set it apart.
    const style: Style = taxable ? { ...body, weight: "bold" } : body;
    if (taxable) sheet.rule(sheet.y + 0.5, { from: x });
    const baseline = sheet.y - ascent(body.size);
    sheet.text(name, x + cellPadding, baseline, style);
    sheet.text(formatRupees(paise), right - cellPadding, baseline, style, "right");
    sheet.y -= rowHeight;
  }
  sheet.y -= 3;
  sheet.box(x, sheet.y, width, totalHeight - 2, shade);
  sheet.rule(sheet.y, { from: x, thickness: 1, color: navy });
  const baseline = sheet.y - 5 - ascent(total.size);
  sheet.text(totalLabel, x + cellPadding, baseline, total);
  sheet.text(formatRupees(totalPaise), right - cellPadding, baseline, total, "right");
  sheet.y -= totalHeight;
  sheet.rule(sheet.y + 2, { from: x, thickness: 1, color: navy });
  const totalsBottom = sheet.y;

  if (withBank) {
    sheet.y = top;
    drawFacts(sheet, bankFacts);
    sheet.y -= 10;
  } else {
    sheet.y -= 4;
  }
  sheet.text(label, left, sheet.y - ascent(words.size), wordsLabel);
  for (const [index, line] of wordLines.entries()) {
    sheet.text(line, index === 0 ? left + labelWidth : left, sheet.y - ascent(words.size), words);
    sheet.y -= leading(words.size);
  }
  sheet.y = Math.min(sheet.y, totalsBottom) - 16;
}

/** The bank's details as a quotation prints them, the UPI ID where the company gave one. */
function bankRows(bank: DocumentFrame["company"]["bank"]): [string, string][] {
  return [
    ["Account name", bank.accountName],
    ["Bank", bank.bankName],
    ["Branch", bank.branch],
    ["Account number", bank.accountNumber],
    ["IFSC", bank.ifsc],
    ...(bank.upiId ? [["UPI ID", bank.upiId] satisfies [string, string]] : []),
  ];
}

/** The bank to pay into, once, for a quotation whose options each have their own total. */
export function drawBankDetails(sheet: Sheet, doc: DocumentFrame): void {
  const { bank } = doc.company;
  drawFacts(
    sheet,
    factsOf(sheet, "Bank details for payment", bankRows(bank), { x: left, width: contentWidth, labelWidth: 100 }),
  );
  sheet.y -= 10;
}

export function drawConditions(sheet: Sheet, doc: DocumentFrame): void {
  const { terms } = doc.company;
  if (terms.length === 0) return;
  const body: Style = { size: 8.5 };
  const indent = 16;
  const items = terms.map((term) => sheet.wrap(term, contentWidth - indent, body));
  sheet.ensure(captionHeight + leading(body.size) * Math.min(2, items[0]?.length ?? 1));
  caption(sheet, "Terms and conditions", left);
  for (const [index, lines] of items.entries()) {
    sheet.ensure(leading(body.size) * Math.min(lines.length, 2));
    sheet.text(`${index + 1}.`, left + indent - 4, sheet.y - ascent(body.size), { ...body, color: muted }, "right");
    sheet.paragraph(lines, left + indent, body);
    sheet.y -= 1.5;
  }
  sheet.y -= 12;
}

export function drawAcceptance(sheet: Sheet, doc: DocumentFrame): void {
  const { legalName } = doc.company;
  const body: Style = { size: 9 };
  const bold: Style = { size: 9, weight: "bold" };
  const signingRoom = 28;
  const width = 220;
  const forLines = sheet.wrap(`For ${legalName}`, width, bold);
  sheet.ensure(leading(bold.size) * forLines.length + signingRoom + 3 + leading(body.size));
  const top = sheet.y;

  sheet.paragraph(sheet.wrap("Accepted on behalf of the buyer", width, bold), left, bold);
  sheet.y -= signingRoom;
  sheet.rule(sheet.y, { from: left, to: left + width, color: muted });
  sheet.y -= 3;
  sheet.paragraph(["Signature, name and date"], left, { ...body, color: muted });
  const buyerBottom = sheet.y;

  sheet.y = top;
  sheet.paragraph(forLines, right, bold, "right");
  sheet.y -= signingRoom;
  sheet.rule(sheet.y, { from: right - width, to: right, color: muted });
  sheet.y -= 3;
  sheet.paragraph(["Authorised signatory"], right, { ...body, color: muted }, "right");
  sheet.y = Math.min(sheet.y, buyerBottom);
}

/** What this quotation itself says of lead time, payment, delivery and anything else. */
export function drawQuotationTerms(sheet: Sheet, doc: DocumentFrame): void {
  drawFacts(
    sheet,
    factsOf(
      sheet,
      "Terms of this quotation",
      [
        ["Lead time", doc.leadTime],
        ["Payment terms", doc.paymentTerms],
        ["Delivery terms", doc.deliveryTerms],
        ["Notes", doc.notes],
      ],
      { x: left, width: contentWidth, labelWidth: 100 },
    ),
  );
  sheet.y -= 10;
}
