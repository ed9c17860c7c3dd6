// A small layout engine for A4 documents: text in several fonts and scripts,
// wrapped and set down the page by a cursor, new pages when the room runs out.
import {
  beginText,
  endMarkedContent,
  endText,
  PageSizes,
  type PDFDocument,
  type PDFFont,
  PDFHexString,
  type PDFName,
  PDFOperator,
  PDFOperatorNames,
  type PDFPage,
  type RGB,
  rgb,
  setFillingColor,
  setFontAndSize,
  setTextMatrix,
  showText,
} from "pdf-lib";
import { type Script, scriptRuns, wrapText } from "./pdf-text.ts";

const mm = (millimetres: number) => (millimetres * 72) / 25.4;

export const [pageWidth, pageHeight] = PageSizes.A4;
const margin = mm(16);
export const left = margin;
export const right = pageWidth - margin;
export const contentWidth = right - left;
/** Room kept at the foot of every page for its footer, which nothing else may enter. */
const footerHeight = 26;
export const bottom = margin + footerHeight;

export const ink = rgb(0.12, 0.15, 0.2);
export const muted = rgb(0.38, 0.42, 0.48);
export const navy = rgb(18 / 255, 53 / 255, 91 / 255);
export const accent = rgb(232 / 255, 119 / 255, 46 / 255);
export const hairline = rgb(0.84, 0.86, 0.9);
export const shade = rgb(0.955, 0.963, 0.975);
export const white = rgb(1, 1, 1);

export type Weight = "regular" | "bold";
export type Style = { size: number; weight?: Weight; color?: RGB };
export type Align = "left" | "right";

/** Line to line; generous, because Devanagari vowel signs reach above and below the Latin letters. */
export const leading = (size: number) => size * 1.42;
/** From the top of a line to its baseline. */
export const ascent = (size: number) => size * 1.02;

/** A font embedded in the PDF, with the characters it has glyphs for. */
export type Face = { font: PDFFont; characters: ReadonlySet<number> };
export type Faces = Record<Weight, Record<Script, Face> & { latinExtended: Face | undefined }>;
/** Drawn at the top of each continuation page, `height` points tall. */
export type RunningHead = { height: number; draw: (sheet: Sheet) => void };
/** Part of a line set in one face; `actualText` where the glyphs alone would not give the text back. */
type Piece = { face: Face; text: string; actualText: boolean };

export class Sheet {
  readonly pdf: PDFDocument;
  readonly faces: Faces;
  /** What heads every page after the first, and the room it takes. */
  readonly runningHead: RunningHead;
  readonly pages: PDFPage[] = [];
  page: PDFPage;
  /** The top of what is drawn next. */
  y: number;
  /** Drawn under the running head of each new page, for a table that goes on over pages. */
  carryOver: (() => void) | undefined;
  private readonly fontKeys = new Map<PDFPage, Map<PDFFont, PDFName>>();
  private readonly widths = new Map<PDFFont, Map<string, number>>();

  constructor(pdf: PDFDocument, faces: Faces, runningHead: RunningHead) {
    this.pdf = pdf;
    this.faces = faces;
    this.runningHead = runningHead;
    this.page = this.pdf.addPage(PageSizes.A4);
    this.pages.push(this.page);
    this.y = pageHeight - margin;
  }

  /**
   * `line` cut into pieces by face: Devanagari and the rupee sign in the
   * Devanagari face, the rest in Latin, falling back to Latin Extended for a
   * letter Latin lacks. A Devanagari run carries its text as ActualText
   * because the shaper moves a short i sign before its consonant, and text
   * taken from the glyphs alone would come out in that order; so does a piece
   * with a character no face has, which prints as a box but is still copied
   * and searched as typed.
   */
  pieces(line: string, weight: Weight): Piece[] {
    const faces = this.faces[weight];
    const pieces: Piece[] = [];
    for (const run of scriptRuns(line)) {
      if (run.script === "devanagari") {
        pieces.push({ face: faces.devanagari, text: run.text, actualText: true });
        continue;
      }
      for (const character of run.text) {
        const codePoint = character.codePointAt(0) ?? 0;
        const extended = faces.latinExtended;
        const face =
          !faces.latin.characters.has(codePoint) && extended?.characters.has(codePoint) ? extended : faces.latin;
        const missing = !face.characters.has(codePoint);
        const last = pieces.at(-1);
        if (last?.face === face) {
          last.text += character;
          last.actualText ||= missing;
        } else {
          pieces.push({ face, text: character, actualText: missing });
        }
      }
    }
    return pieces;
  }

  width(text: string, style: Style): number {
    let width = 0;
    for (const piece of this.pieces(text.normalize("NFC"), style.weight ?? "regular")) {
      width += this.pieceWidth(piece.face.font, piece.text, style.size);
    }
    return width;
  }

  /**
   * Shaping a run is the slowest step of a quotation, and the same words
   * (amounts' rupee signs, labels, words measured for wrapping and measured
   * again to be drawn) come back often, so widths at size 1 are remembered.
   */
  private pieceWidth(font: PDFFont, text: string, size: number): number {
    let widths = this.widths.get(font);
    if (!widths) {
      widths = new Map();
      this.widths.set(font, widths);
    }
    let width = widths.get(text);
    if (width === undefined) {
      width = font.widthOfTextAtSize(text, 1);
      widths.set(text, width);
    }
    return width * size;
  }

  wrap(text: string, width: number, style: Style, firstWidth = width): string[] {
    return wrapText(text.normalize("NFC"), width, (piece) => this.width(piece, style), firstWidth);
  }

  /**
   * One line from `x` (or ending at `x`, aligned right), each piece in its
   * face. Written as operators rather than with drawText, which would add the
   * font to the page's resources again for every call.
   */
  text(text: string, x: number, baseline: number, style: Style, align: Align = "left"): void {
    const line = text.normalize("NFC");
    if (line === "") return;
    let cursor = align === "right" ? x - this.width(line, style) : x;
    const operators: PDFOperator[] = [beginText(), setFillingColor(style.color ?? ink)];
    for (const { face, text: piece, actualText } of this.pieces(line, style.weight ?? "regular")) {
      const { font } = face;
      operators.push(setFontAndSize(this.fontKey(font), style.size), setTextMatrix(1, 0, 0, 1, cursor, baseline));
      if (actualText) {
        operators.push(
          PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [
            "/Span",
            `<</ActualText ${PDFHexString.fromText(piece).toString()}>>`,
          ]),
          showText(font.encodeText(piece)),
          endMarkedContent(),
        );
      } else {
        operators.push(showText(font.encodeText(piece)));
      }
      cursor += this.pieceWidth(font, piece, style.size);
    }
    operators.push(endText());
    this.page.pushOperators(...operators);
  }

  fontKey(font: PDFFont, page = this.page): PDFName {
    let keys = this.fontKeys.get(page);
    if (!keys) {
      keys = new Map();
      this.fontKeys.set(page, keys);
    }
    let key = keys.get(font);
    if (!key) {
      key = page.node.newFontDictionary(font.name, font.ref);
      keys.set(font, key);
    }
    return key;
  }

  /** Starts a new page when less than `height` is left above the footer. */
  ensure(height: number): void {
    if (this.y - height < bottom) this.newPage();
  }

  /** What is left above the footer on a page that has only its running head. */
  get fullPage(): number {
    return pageHeight - margin - this.runningHead.height - bottom;
  }

  newPage(): void {
    this.page = this.pdf.addPage(PageSizes.A4);
    this.pages.push(this.page);
    this.y = pageHeight - margin;
    this.runningHead.draw(this);
    this.carryOver?.();
  }

  /** Lines of wrapped text down the page, each moved to a new page when it does not fit. */
  paragraph(lines: readonly string[], x: number, style: Style, align: Align = "left"): void {
    for (const line of lines) {
      this.ensure(leading(style.size));
      this.text(line, x, this.y - ascent(style.size), style, align);
      this.y -= leading(style.size);
    }
  }

  /** The page's footer: a rule, and a line of text at each side, in the room kept for it. */
  footer(start: string, end: string, style: Style): void {
    this.rule(margin + footerHeight - 12);
    const baseline = margin + 4;
    this.text(start, left, baseline, style);
    this.text(end, right, baseline, style, "right");
  }

  rule(y: number, options: { from?: number; to?: number; thickness?: number; color?: RGB } = {}): void {
    this.page.drawLine({
      start: { x: options.from ?? left, y },
      end: { x: options.to ?? right, y },
      thickness: options.thickness ?? 0.5,
      color: options.color ?? hairline,
    });
  }

  box(x: number, top: number, width: number, height: number, color: RGB): void {
    this.page.drawRectangle({ x, y: top - height, width, height, color, borderWidth: 0 });
  }
}
