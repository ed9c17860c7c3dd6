// The top of a quotation's first page: the letterhead with the logo, the
// quotation's number and dates, then the buyer and the place of supply.
import type { DocumentFrame, QuotationDocument } from "./document.ts";
import { localTaxName } from "./gstin.ts";
import { formatDay } from "./numbering.ts";
import type { Logo } from "./pdf-assets.server.ts";
import { accent, ascent, leading, left, muted, navy, right, type Sheet, type Style } from "./pdf-sheet.server.ts";

const draftLabel = "DRAFT — not sent";

function drawLogo(sheet: Sheet, logo: Logo, x: number, top: number, size: number): void {
  const scale = size / logo.size;
  for (const logoPath of logo.paths) {
    sheet.page.drawSvgPath(logoPath.d, {
      x: x - logo.minX * scale,
      y: top + logo.minY * scale,
      scale,
      color: logoPath.fill,
      borderWidth: 0,
    });
  }
}

/** What a document's letterhead calls it and the facts beside its title: a quotation's number, dates and inquiry by default. */
export type Heading = { title: string; rows: readonly [string, string][] };

function quotationHeading(doc: DocumentFrame): Heading {
  return {
    title: "Quotation",
    rows: [
      ["No.", doc.number ?? draftLabel],
      ["Date", formatDay(doc.date)],
      ["Valid until", formatDay(doc.validUntil)],
      ["Inquiry", doc.reference],
    ],
  };
}

export function drawLetterhead(sheet: Sheet, doc: DocumentFrame, logo: Logo, heading = quotationHeading(doc)): void {
  const { company } = doc;
  const top = sheet.y;
  const logoSize = 46;
  drawLogo(sheet, logo, left, top, logoSize);

  // The quotation's own details take the right; the company's the rest.
  const metaWidth = 170;
  const metaLeft = right - metaWidth;
  const companyLeft = left + logoSize + 12;
  const companyWidth = metaLeft - 16 - companyLeft;

  sheet.y = top;
  sheet.paragraph(sheet.wrap(company.legalName, companyWidth, { size: 13, weight: "bold" }), companyLeft, {
    size: 13,
    weight: "bold",
    color: navy,
  });
  sheet.y -= 1;
  const small: Style = { size: 8.5, color: muted };
  const companyLines = [
    company.address,
    `GSTIN ${company.gstin}  ·  State: ${company.state} (code ${company.stateCode})`,
    `Phone ${company.phone}  ·  ${company.email}  ·  ${company.website}`,
  ];
  for (const line of companyLines) sheet.paragraph(sheet.wrap(line, companyWidth, small), companyLeft, small);
  const companyBottom = Math.min(sheet.y, top - logoSize);

  sheet.y = top;
  const title: Style = { size: 20, weight: "bold", color: navy };
  sheet.text(heading.title, right, sheet.y - ascent(title.size) + 2, title, "right");
  sheet.y -= leading(title.size);
  const label: Style = { size: 8.5, color: muted };
  const value: Style = { size: 8.5, weight: "bold" };
  for (const [name, text] of heading.rows) {
    const style = text === draftLabel ? { ...value, color: accent } : value;
    const lines = sheet.wrap(text, metaWidth - 62, style);
    sheet.text(name, metaLeft, sheet.y - ascent(label.size), label);
    sheet.paragraph(lines, right, style, "right");
  }

  sheet.y = Math.min(sheet.y, companyBottom) - 10;
  sheet.rule(sheet.y, { thickness: 1.5, color: navy });
  sheet.y -= 14;
}

const captionStyle: Style = { size: 7.5, weight: "bold", color: muted };
export const captionHeight = leading(captionStyle.size) + 1;

/** A small heading in capitals over a block. */
export function caption(sheet: Sheet, text: string, x: number): void {
  sheet.text(text.toUpperCase(), x, sheet.y - ascent(captionStyle.size), captionStyle);
  sheet.y -= captionHeight;
}

/** A captioned block of lines in a column, from the sheet's current top; returns where it ends. */
export function drawBlock(
  sheet: Sheet,
  heading: string,
  x: number,
  width: number,
  lines: readonly [string, Style][],
): number {
  const top = sheet.y;
  const shown = lines.filter(([text]) => text.trim() !== "");
  if (shown.length > 0) caption(sheet, heading, x);
  for (const [text, style] of shown) sheet.paragraph(sheet.wrap(text, width, style), x, style);
  const end = sheet.y;
  sheet.y = top;
  return end;
}

/** The buyer, how to reach them, and the place of supply that decides the tax, side by side. */
export function drawParties(sheet: Sheet, doc: QuotationDocument, buyerLabel = "Quotation for"): void {
  const { buyer, placeOfSupply } = doc;
  const gap = 14;
  const widths = [170, 145];
  const body: Style = { size: 9 };
  const strong: Style = { size: 9, weight: "bold" };
  let x = left;
  const ends = [
    drawBlock(sheet, buyerLabel, x, widths[0] ?? 0, [
      [buyer.name, { size: 10.5, weight: "bold" }],
      [buyer.company, body],
      [buyer.gstin === "" ? "" : `GSTIN ${buyer.gstin}`, body],
    ]),
  ];
  x += (widths[0] ?? 0) + gap;
  ends.push(
    drawBlock(sheet, "Contact", x, widths[1] ?? 0, [
      [buyer.phone, body],
      [buyer.email, body],
      [buyer.pinCode === "" ? "" : `PIN code ${buyer.pinCode}`, body],
    ]),
  );
  x += (widths[1] ?? 0) + gap;
  ends.push(
    drawBlock(sheet, "Supply", x, right - x, [
      [`Place of supply: ${placeOfSupply.stateName} (${placeOfSupply.stateCode})`, strong],
      [
        placeOfSupply.supply === "intra-state"
          ? `Intra-state supply: CGST + ${localTaxName(placeOfSupply.stateCode)}`
          : "Inter-state supply: IGST",
        body,
      ],
    ]),
  );
  sheet.y = Math.min(...ends) - 14;
}
