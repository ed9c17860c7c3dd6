// What every page of a quotation carries: the running head of a continuation
// page, the footer with the page count, and DRAFT across a draft's pages.
import {
  beginText,
  endText,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  setFillingColor,
  setFontAndSize,
  setGraphicsState,
  setTextMatrix,
  showText,
} from "pdf-lib";
import type { DocumentFrame } from "./document.ts";
import { formatDay } from "./numbering.ts";
import {
  ascent,
  left,
  muted,
  navy,
  pageHeight,
  pageWidth,
  type RunningHead,
  right,
  type Sheet,
  type Style,
} from "./pdf-sheet.server.ts";

export function quotationName(doc: DocumentFrame): string {
  return doc.number === undefined ? "Draft quotation (not sent)" : `Quotation ${doc.number}`;
}

/** A continuation page says whose quotation it is, so a loose page can be put back. */
export function runningHeadOf(doc: DocumentFrame, name = quotationName(doc)): RunningHead {
  const height = 24;
  const style: Style = { size: 8, color: muted };
  const draw = (sheet: Sheet) => {
    const baseline = sheet.y - ascent(style.size);
    sheet.text(doc.company.legalName, left, baseline, { ...style, weight: "bold" });
    sheet.text(`${name}, continued`, right, baseline, style, "right");
    sheet.rule(sheet.y - height + 8);
    sheet.y -= height;
  };
  return { height, draw };
}

/** Footers need the page count, and the watermark goes over everything drawn. */
export function finishPages(sheet: Sheet, doc: DocumentFrame, name = quotationName(doc)): void {
  const { pages } = sheet;
  const style: Style = { size: 7.5, color: muted };
  const draft = doc.number === undefined;
  const watermark = draft ? watermarkOperators(sheet) : undefined;
  for (const [index, page] of pages.entries()) {
    sheet.page = page;
    sheet.footer(`${name}  ·  ${formatDay(doc.date)}`, `Page ${index + 1} of ${pages.length}`, style);
    watermark?.(page);
  }
}

/** A pale DRAFT across the page's diagonal, seen through so the words under it still read. */
function watermarkOperators(sheet: Sheet): (page: PDFPage) => void {
  const { font } = sheet.faces.bold.latin;
  const text = "DRAFT";
  const size = 120;
  const width = font.widthOfTextAtSize(text, size);
  const capHeight = size * 0.714;
  const angle = Math.atan2(pageHeight, pageWidth);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const x = pageWidth / 2 - (width / 2) * cos + (capHeight / 2) * sin;
  const y = pageHeight / 2 - (width / 2) * sin - (capHeight / 2) * cos;
  const encoded = font.encodeText(text);
  return (page) => {
    const state = page.node.newExtGState("GS", sheet.pdf.context.obj({ Type: "ExtGState", ca: 0.07 }));
    page.pushOperators(
      pushGraphicsState(),
      setGraphicsState(state),
      beginText(),
      setFillingColor(navy),
      setFontAndSize(sheet.fontKey(font, page), size),
      setTextMatrix(cos, sin, -sin, cos, x, y),
      showText(encoded),
      endText(),
      popGraphicsState(),
    );
  };
}
