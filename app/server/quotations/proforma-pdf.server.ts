// The proforma invoice for the advance: the quotation's letterhead and
// parties, the accepted option (or the whole of a quotation of one set of
// lines) with its tax, then the advance beside the bank to pay it into, and
// a UPI code that fills in the amount and the proforma's number.
import { rgb } from "pdf-lib";
import { totalRows } from "./document.ts";
import { formatRupees } from "./money.ts";
import { formatDay } from "./numbering.ts";
import { isOptionsDocument } from "./options-document.ts";
import { ascent, contentWidth, leading, left, muted, type Sheet, type Style } from "./pdf-sheet.server.ts";
import type { ProformaDocument } from "./proforma.ts";
import { QR_QUIET_ZONE, qrCodeOf } from "./qr-code.ts";
import { openPdf } from "./quotation-pdf.server.ts";
import { drawLines, drawQuotationTerms, drawTotalsBeside } from "./quotation-pdf-body.server.ts";
import { finishPages } from "./quotation-pdf-frame.server.ts";
import { caption, captionHeight, drawLetterhead, drawParties } from "./quotation-pdf-head.server.ts";
import { drawOneTimeCharges, drawOption, drawOptionParties } from "./quotation-pdf-options.server.ts";

/** "Proforma invoice PI/2026-27/0001": its title, file and running head. */
export const proformaName = (doc: ProformaDocument) => `Proforma invoice ${doc.proforma.number}`;

/** The name its PDF is saved under: its number, which has slashes no file name may. */
export const proformaFileName = (doc: ProformaDocument) => `${doc.proforma.number.replaceAll("/", "-")}.pdf`;

/** The statement that tells a proforma from a tax invoice, on its PDF, its page and its mail alike. */
export const NOT_A_TAX_INVOICE =
  "This proforma invoice asks for the advance on the order; it is not a tax invoice. The tax invoice is issued with the goods.";

const body: Style = { size: 9 };
const black = rgb(0, 0, 0);

/** The UPI code at a size phones read from a printed page (at least 1 mm a module), with its quiet zone left blank. */
function drawUpiCode(sheet: Sheet, link: string, doc: ProformaDocument): void {
  const code = qrCodeOf(link);
  const side = 100;
  const module = side / code.size;
  const quiet = QR_QUIET_ZONE * module;
  const lines = [
    `Scan with any UPI app to pay ${formatRupees(doc.proforma.advancePaise)}`,
    `to ${doc.proforma.company.bank.upiId ?? ""}, with the note "Advance ${doc.proforma.number}".`,
  ];
  sheet.ensure(captionHeight + side + 2 * quiet);
  caption(sheet, "Pay the advance by UPI", left);
  const top = sheet.y - quiet;
  const x = left + quiet;
  for (const [column, row, length] of code.runs) {
    sheet.page.drawRectangle({
      x: x + column * module,
      y: top - (row + 1) * module,
      width: length * module,
      height: module,
      color: black,
      borderWidth: 0,
    });
  }
  const textLeft = x + side + quiet + 8;
  sheet.y = top;
  for (const line of lines) {
    sheet.text(line, textLeft, sheet.y - ascent(body.size), body);
    sheet.y -= leading(body.size);
  }
  sheet.y = top - side - quiet - 10;
}

/** The proforma as an A4 PDF; like a quotation's, it reads nothing but `doc`, so the same proforma gives the same bytes. */
export async function renderProformaPdf(doc: ProformaDocument): Promise<Uint8Array> {
  const { proforma, quotation } = doc;
  const name = proformaName(doc);
  const { pdf, sheet, logo } = await openPdf(
    quotation,
    {
      title: name,
      subject: `Advance on quotation ${quotation.number} for inquiry ${quotation.reference}`,
      keywords: ["proforma invoice", proforma.number, quotation.number, quotation.reference],
      date: proforma.issuedOn,
    },
    name,
  );
  drawLetterhead(sheet, quotation, logo, {
    title: "Proforma invoice",
    rows: [
      ["No.", proforma.number],
      ["Date", formatDay(proforma.issuedOn)],
      ["Quotation", quotation.number],
      ["Inquiry", quotation.reference],
      ...(doc.purchaseOrder ? [["Your order", doc.purchaseOrder] satisfies [string, string]] : []),
    ],
  });
  if (isOptionsDocument(quotation)) {
    drawOptionParties(sheet, quotation, "Buyer");
    drawOption(sheet, quotation, doc.option);
    drawOneTimeCharges(sheet, quotation, "One-time charges, included in the total above");
  } else {
    drawParties(sheet, quotation, "Buyer");
    drawLines(sheet, quotation);
    drawTotalsBeside(sheet, quotation, { rows: totalRows(quotation), total: quotation.totals.total, bank: false });
  }
  drawTotalsBeside(sheet, quotation, {
    rows: [{ label: "Order total, GST included", paise: proforma.totalPaise }],
    total: proforma.advancePaise,
    bank: true,
    totalLabel: `Advance (${proforma.advancePercent} %) payable now`,
  });
  if (doc.upiLink) drawUpiCode(sheet, doc.upiLink, doc);
  sheet.ensure(leading(body.size) * 2);
  sheet.paragraph(sheet.wrap(NOT_A_TAX_INVOICE, contentWidth, { ...body, color: muted }), left, {
    ...body,
    color: muted,
  });
  sheet.y -= 10;
  drawQuotationTerms(sheet, quotation);
  finishPages(sheet, { ...quotation, date: proforma.issuedOn }, name);
  return pdf.save();
}
