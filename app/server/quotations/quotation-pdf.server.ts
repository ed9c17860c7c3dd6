// fontkit's Indic shaper was compiled with generators that call a global
// regeneratorRuntime; without it the first Devanagari word throws. This sets it.
import "regenerator-runtime/runtime.js";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { inflateSync } from "node:zlib";
import fontkit from "@pdf-lib/fontkit";
import {
  beginText,
  endMarkedContent,
  endText,
  PageSizes,
  PDFDocument,
  type PDFFont,
  PDFHexString,
  type PDFName,
  PDFOperator,
  PDFOperatorNames,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  type RGB,
  rgb,
  setFillingColor,
  setFontAndSize,
  setGraphicsState,
  setTextMatrix,
  showText,
} from "pdf-lib";
import { localTaxName } from "./gstin.ts";
import { type QuotationDocument, totalRows } from "./document.ts";
import { amountInWords, formatQuantity, formatRupees } from "./money.ts";
import { formatDay } from "./numbering.ts";
import { type Script, scriptRuns, wrapText } from "./pdf-text.ts";

const mm = (millimetres: number) => (millimetres * 72) / 25.4;

const [pageWidth, pageHeight] = PageSizes.A4;
const margin = mm(16);
const left = margin;
const right = pageWidth - margin;
const contentWidth = right - left;
/** Room kept at the foot of every page for its footer, which nothing else may enter. */
const footerHeight = 26;
const bottom = margin + footerHeight;

const ink = rgb(0.12, 0.15, 0.2);
const muted = rgb(0.38, 0.42, 0.48);
const navy = rgb(18 / 255, 53 / 255, 91 / 255);
const accent = rgb(232 / 255, 119 / 255, 46 / 255);
const hairline = rgb(0.84, 0.86, 0.9);
const shade = rgb(0.955, 0.963, 0.975);
const white = rgb(1, 1, 1);

type Weight = "regular" | "bold";
type Style = { size: number; weight?: Weight; color?: RGB };
type Align = "left" | "right";

/** Line to line; generous, because Devanagari vowel signs reach above and below the Latin letters. */
const leading = (size: number) => size * 1.42;
/** From the top of a line to its baseline. */
const ascent = (size: number) => size * 1.02;

// ---------------------------------------------------------------------------
// Fonts and logo, read once per process

const require = createRequire(import.meta.url);

/**
 * Fontsource splits Noto Sans by Unicode range. Latin has Western European
 * letters and punctuation; Latin Extended the letters with macrons and dots
 * under them that Indian names take in transliteration (ā, ṣ, ṇ), used only by
 * quotations that have one; the Devanagari face has Hindi, Marathi and the
 * rupee sign. They are found through Node's resolution from this module, so
 * the same code finds them from the source and from the server build.
 */
const fontFiles = {
  latinRegular: () => require.resolve("@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff"),
  latinBold: () => require.resolve("@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff"),
  latinExtendedRegular: () => require.resolve("@fontsource/noto-sans/files/noto-sans-latin-ext-400-normal.woff"),
  latinExtendedBold: () => require.resolve("@fontsource/noto-sans/files/noto-sans-latin-ext-700-normal.woff"),
  devanagariRegular: () =>
    require.resolve("@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff"),
  devanagariBold: () =>
    require.resolve("@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff"),
};

type FontFile = keyof typeof fontFiles;

/** The PostScript names the subsets go by in the PDF. */
const fontNames: Record<FontFile, string> = {
  latinRegular: "NotoSans-Regular",
  latinBold: "NotoSans-Bold",
  latinExtendedRegular: "NotoSans-Regular",
  latinExtendedBold: "NotoSans-Bold",
  devanagariRegular: "NotoSansDevanagari-Regular",
  devanagariBold: "NotoSansDevanagari-Bold",
};

type FontData = { bytes: Uint8Array; characters: ReadonlySet<number> };
type LogoPath = { d: string; fill: RGB };
type Logo = { minX: number; minY: number; size: number; paths: LogoPath[] };
type Assets = { fonts: Record<FontFile, FontData>; logo: Logo };

/**
 * The site's favicon is the logo. It is looked for above this module, in
 * public/ from the source and in client/ beside the server bundle of a build,
 * which is where the build copies public/.
 */
function logoFile(): string {
  const tried: string[] = [];
  let folder = path.dirname(fileURLToPath(import.meta.url));
  for (let level = 0; level < 5; level += 1) {
    for (const candidate of [path.join(folder, "public", "favicon.svg"), path.join(folder, "client", "favicon.svg")]) {
      if (existsSync(candidate)) return candidate;
      tried.push(candidate);
    }
    folder = path.dirname(folder);
  }
  throw new Error(`The logo for quotations was not found: looked for ${tried.join(", ")}`);
}

function hexColour(hex: string | undefined): RGB {
  // SVG fills a path black when it names no colour.
  if (hex === undefined) return rgb(0, 0, 0);
  const digits = hex.length === 4 ? [...hex.slice(1)].map((digit) => digit + digit).join("") : hex.slice(1);
  const channel = (index: number) => Number.parseInt(digits.slice(index * 2, index * 2 + 2), 16) / 255;
  return rgb(channel(0), channel(1), channel(2));
}

/**
 * The paths and flat fills of the favicon, which is all it has: no groups,
 * transforms or gradients to follow. A logo with none of its paths readable is
 * refused, rather than printing quotations with a hole where it should be.
 */
export function parseLogo(svg: string): Logo {
  const viewBox = /\bviewBox="([^"]+)"/
    .exec(svg)?.[1]
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  const [minX = 0, minY = 0, width = Number.NaN, height = Number.NaN] = viewBox ?? [];
  const paths: LogoPath[] = [];
  for (const [, attributes = ""] of svg.matchAll(/<path\b([^>]*)>/g)) {
    const d = /\bd="([^"]+)"/.exec(attributes)?.[1];
    if (d === undefined) continue;
    const fill = /\bfill="(#[0-9a-fA-F]{6}|#[0-9a-fA-F]{3})"/.exec(attributes)?.[1];
    paths.push({ d, fill: hexColour(fill) });
  }
  if (!(width > 0 && height > 0) || paths.length === 0) {
    throw new Error("The logo for quotations has no viewBox or no path to draw");
  }
  return { minX, minY, size: Math.max(width, height), paths };
}

/**
 * A WOFF font as the plain TrueType font it wraps. fontkit can read WOFF
 * itself, but inflates its tables in JavaScript each time a document opens
 * the font, which took most of a quotation's time; Node's zlib does it once.
 */
export function woffToSfnt(woff: Uint8Array): Uint8Array {
  const source = Buffer.from(woff.buffer, woff.byteOffset, woff.byteLength);
  if (source.length < 44 || source.toString("latin1", 0, 4) !== "wOFF") throw new Error("Not a WOFF font");
  const flavor = source.readUInt32BE(4);
  const numTables = source.readUInt16BE(12);
  if (numTables === 0) throw new Error("The WOFF font has no tables");
  const tables = Array.from({ length: numTables }, (_, index) => {
    const entry = 44 + index * 20;
    const offset = source.readUInt32BE(entry + 4);
    const compLength = source.readUInt32BE(entry + 8);
    const origLength = source.readUInt32BE(entry + 12);
    const stored = source.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(stored) : stored;
    if (data.length !== origLength) throw new Error("A table of the WOFF font does not unpack to its stated length");
    return { tag: source.readUInt32BE(entry), checksum: source.readUInt32BE(entry + 16), data };
  });
  const power = 2 ** Math.floor(Math.log2(numTables));
  const headerLength = 12 + 16 * numTables;
  const padded = (length: number) => (length + 3) & ~3;
  const sfnt = Buffer.alloc(headerLength + tables.reduce((sum, table) => sum + padded(table.data.length), 0));
  sfnt.writeUInt32BE(flavor, 0);
  sfnt.writeUInt16BE(numTables, 4);
  sfnt.writeUInt16BE(power * 16, 6);
  sfnt.writeUInt16BE(Math.log2(power), 8);
  sfnt.writeUInt16BE(numTables * 16 - power * 16, 10);
  let offset = headerLength;
  for (const [index, table] of tables.entries()) {
    const record = 12 + index * 16;
    sfnt.writeUInt32BE(table.tag, record);
    sfnt.writeUInt32BE(table.checksum, record + 4);
    sfnt.writeUInt32BE(offset, record + 8);
    sfnt.writeUInt32BE(table.data.length, record + 12);
    table.data.copy(sfnt, offset);
    offset += padded(table.data.length);
  }
  return new Uint8Array(sfnt.buffer, sfnt.byteOffset, sfnt.byteLength);
}

async function readAssets(): Promise<Assets> {
  const names = Object.keys(fontFiles) as FontFile[];
  const data = await Promise.all(
    names.map(async (name): Promise<FontData> => {
      const bytes = woffToSfnt(await readFile(fontFiles[name]()));
      return { bytes, characters: new Set(fontkit.create(bytes).characterSet) };
    }),
  );
  const fonts = Object.fromEntries(names.map((name, index) => [name, data[index]])) as Record<FontFile, FontData>;
  return { fonts, logo: parseLogo(await readFile(logoFile(), "utf8")) };
}

let assets: Promise<Assets> | undefined;

function loadAssets(): Promise<Assets> {
  assets ??= readAssets().catch((error: unknown) => {
    // A failed read is tried again by the next quotation rather than remembered.
    assets = undefined;
    throw error;
  });
  return assets;
}

// ---------------------------------------------------------------------------
// Words and numbers as the quotation prints them

/** 18 → "18 %", 9 → "9 %", 0.145 → "0.145 %": a half rate prints with the decimals it has, and no more. */
function percent(value: number): string {
  return `${value} %`;
}

const draftLabel = "DRAFT — not sent";

// ---------------------------------------------------------------------------
// The sheet: pages, a cursor going down them, and text in several fonts

/** A font embedded in the PDF, with the characters it has glyphs for. */
type Face = { font: PDFFont; characters: ReadonlySet<number> };
type Faces = Record<Weight, Record<Script, Face> & { latinExtended: Face | undefined }>;
/** Part of a line set in one face; `actualText` where the glyphs alone would not give the text back. */
type Piece = { face: Face; text: string; actualText: boolean };

class Sheet {
  readonly pdf: PDFDocument;
  readonly faces: Faces;
  readonly doc: QuotationDocument;
  readonly pages: PDFPage[] = [];
  page: PDFPage;
  /** The top of what is drawn next. */
  y: number;
  /** Drawn under the running head of each new page, for a table that goes on over pages. */
  carryOver: (() => void) | undefined;
  private readonly fontKeys = new Map<PDFPage, Map<PDFFont, PDFName>>();
  private readonly widths = new Map<PDFFont, Map<string, number>>();

  constructor(pdf: PDFDocument, faces: Faces, doc: QuotationDocument) {
    this.pdf = pdf;
    this.faces = faces;
    this.doc = doc;
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
    return pageHeight - margin - runningHeadHeight - bottom;
  }

  newPage(): void {
    this.page = this.pdf.addPage(PageSizes.A4);
    this.pages.push(this.page);
    this.y = pageHeight - margin;
    drawRunningHead(this);
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

// ---------------------------------------------------------------------------
// Parts of the quotation, top to bottom

const runningHeadHeight = 24;

function quotationName(doc: QuotationDocument): string {
  return doc.number === undefined ? "Draft quotation (not sent)" : `Quotation ${doc.number}`;
}

/** A continuation page says whose quotation it is, so a loose page can be put back. */
function drawRunningHead(sheet: Sheet): void {
  const style: Style = { size: 8, color: muted };
  const baseline = sheet.y - ascent(style.size);
  sheet.text(sheet.doc.company.legalName, left, baseline, { ...style, weight: "bold" });
  sheet.text(`${quotationName(sheet.doc)}, continued`, right, baseline, style, "right");
  sheet.rule(sheet.y - runningHeadHeight + 8);
  sheet.y -= runningHeadHeight;
}

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

function drawLetterhead(sheet: Sheet, logo: Logo): void {
  const { doc } = sheet;
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
  sheet.text("Quotation", right, sheet.y - ascent(title.size) + 2, title, "right");
  sheet.y -= leading(title.size);
  const label: Style = { size: 8.5, color: muted };
  const value: Style = { size: 8.5, weight: "bold" };
  const rows: [string, string, Style][] = [
    ["No.", doc.number ?? draftLabel, doc.number === undefined ? { ...value, color: accent } : value],
    ["Date", formatDay(doc.date), value],
    ["Valid until", formatDay(doc.validUntil), value],
    ["Inquiry", doc.reference, value],
  ];
  for (const [name, text, style] of rows) {
    const lines = sheet.wrap(text, metaWidth - 62, style);
    sheet.text(name, metaLeft, sheet.y - ascent(label.size), label);
    sheet.paragraph(lines, right, style, "right");
  }

  sheet.y = Math.min(sheet.y, companyBottom) - 10;
  sheet.rule(sheet.y, { thickness: 1.5, color: navy });
  sheet.y -= 14;
}

const captionStyle: Style = { size: 7.5, weight: "bold", color: muted };
const captionHeight = leading(captionStyle.size) + 1;

/** A small heading in capitals over a block. */
function caption(sheet: Sheet, text: string, x: number): void {
  sheet.text(text.toUpperCase(), x, sheet.y - ascent(captionStyle.size), captionStyle);
  sheet.y -= captionHeight;
}

/** A captioned block of lines in a column, from the sheet's current top; returns where it ends. */
function drawBlock(sheet: Sheet, heading: string, x: number, width: number, lines: readonly [string, Style][]): number {
  const top = sheet.y;
  const shown = lines.filter(([text]) => text.trim() !== "");
  if (shown.length > 0) caption(sheet, heading, x);
  for (const [text, style] of shown) sheet.paragraph(sheet.wrap(text, width, style), x, style);
  const end = sheet.y;
  sheet.y = top;
  return end;
}

/** The buyer, how to reach them, and the place of supply that decides the tax, side by side. */
function drawParties(sheet: Sheet): void {
  const { buyer, placeOfSupply } = sheet.doc;
  const gap = 14;
  const widths = [170, 145];
  const body: Style = { size: 9 };
  const strong: Style = { size: 9, weight: "bold" };
  let x = left;
  const ends = [
    drawBlock(sheet, "Quotation for", x, widths[0] ?? 0, [
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

type Column = { title: string; width: number; align: Align };

const cellPadding = 4;
const tableText: Style = { size: 8.5 };
const tableHead: Style = { size: 8, weight: "bold", color: white };
const tableHeadHeight = leading(tableHead.size) + 2 * cellPadding;
const rowLine = leading(tableText.size);

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

function drawTableHead(sheet: Sheet, columns: readonly Column[]): void {
  sheet.box(left, sheet.y, contentWidth, tableHeadHeight, navy);
  let x = left;
  const baseline = sheet.y - cellPadding - ascent(tableHead.size);
  for (const column of columns) {
    const at = column.align === "right" ? x + column.width - cellPadding : x + cellPadding;
    sheet.text(column.title, at, baseline, tableHead, column.align);
    x += column.width;
  }
  sheet.y -= tableHeadHeight;
}

/**
 * One line of the quotation. A row that does not fit below the last goes to
 * the next page whole; one taller than a page is split between its lines.
 */
function drawRow(sheet: Sheet, columns: readonly Column[], cells: readonly string[], shaded: boolean): void {
  let lines = columns.map((column, index) => sheet.wrap(cells[index] ?? "", column.width - 2 * cellPadding, tableText));
  const heightOf = (count: number) => count * rowLine + 2 * cellPadding;
  const whole = heightOf(Math.max(1, ...lines.map((cell) => cell.length)));
  if (whole > sheet.y - bottom && whole <= sheet.fullPage - tableHeadHeight) sheet.newPage();

  while (lines.some((cell) => cell.length > 0)) {
    const fits = Math.floor((sheet.y - bottom - 2 * cellPadding) / rowLine);
    if (fits < 1) {
      sheet.newPage();
      continue;
    }
    const part = lines.map((cell) => cell.slice(0, fits));
    lines = lines.map((cell) => cell.slice(fits));
    const height = heightOf(Math.max(1, ...part.map((cell) => cell.length)));
    if (shaded) sheet.box(left, sheet.y, contentWidth, height, shade);
    let x = left;
    for (const [index, column] of columns.entries()) {
      const at = column.align === "right" ? x + column.width - cellPadding : x + cellPadding;
      let baseline = sheet.y - cellPadding - ascent(tableText.size);
      for (const line of part[index] ?? []) {
        sheet.text(line, at, baseline, tableText, column.align);
        baseline -= rowLine;
      }
      x += column.width;
    }
    sheet.y -= height;
    sheet.rule(sheet.y);
    if (lines.some((cell) => cell.length > 0)) sheet.newPage();
  }
}

function drawLines(sheet: Sheet): void {
  const { doc } = sheet;
  const columns = tableColumns();
  // The header is not left at the foot of a page without a row under it.
  sheet.ensure(tableHeadHeight + 2 * rowLine + 2 * cellPadding);
  drawTableHead(sheet, columns);
  sheet.carryOver = () => drawTableHead(sheet, columns);
  for (const [index, line] of doc.lines.entries()) {
    const amount = doc.totals.lines[index]?.amount ?? 0;
    drawRow(
      sheet,
      columns,
      [
        String(index + 1),
        line.description,
        line.hsn,
        `${formatQuantity(line.quantityMilli)} ${line.unit}`.trim(),
        formatRupees(line.unitPricePaise),
        percent(line.gstRate),
        formatRupees(amount),
      ],
      index % 2 === 1,
    );
  }
  sheet.carryOver = undefined;
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
function drawTotals(sheet: Sheet): void {
  const { doc } = sheet;
  const { totals } = doc;
  const rows = totalRows(doc);

  const body: Style = { size: 9 };
  const total: Style = { size: 11, weight: "bold", color: navy };
  const width = 250;
  const x = right - width;
  const rowHeight = leading(body.size) + 1;
  const totalHeight = leading(total.size) + 10;
  const { bank } = doc.company;
  const leftWidth = contentWidth - width - 24;
  const bankFacts = factsOf(
    sheet,
    "Bank details for payment",
    [
      ["Account name", bank.accountName],
      ["Bank", bank.bankName],
      ["Branch", bank.branch],
      ["Account number", bank.accountNumber],
      ["IFSC", bank.ifsc],
    ],
    { x: left, width: leftWidth, labelWidth: 78 },
  );
  // Under the bank, as on the bills buyers know: the amount in words beside the figures it guards.
  const words: Style = { size: 9 };
  const wordsLabel: Style = { size: 9, weight: "bold" };
  const label = "Amount in words: ";
  const labelWidth = sheet.width(label, wordsLabel);
  const wordLines = sheet.wrap(amountInWords(totals.total), leftWidth, words, leftWidth - labelWidth);
  const leftHeight = factsHeight(bankFacts) + 10 + wordLines.length * leading(words.size);
  sheet.ensure(Math.max(rows.length * rowHeight + 3 + totalHeight, leftHeight));
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
  sheet.text("Total", x + cellPadding, baseline, total);
  sheet.text(formatRupees(totals.total), right - cellPadding, baseline, total, "right");
  sheet.y -= totalHeight;
  sheet.rule(sheet.y + 2, { from: x, thickness: 1, color: navy });
  const totalsBottom = sheet.y;

  sheet.y = top;
  drawFacts(sheet, bankFacts);
  sheet.y -= 10;
  sheet.text(label, left, sheet.y - ascent(words.size), wordsLabel);
  for (const [index, line] of wordLines.entries()) {
    sheet.text(line, index === 0 ? left + labelWidth : left, sheet.y - ascent(words.size), words);
    sheet.y -= leading(words.size);
  }
  sheet.y = Math.min(sheet.y, totalsBottom) - 16;
}

function drawConditions(sheet: Sheet): void {
  const { terms } = sheet.doc.company;
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

function drawAcceptance(sheet: Sheet): void {
  const { legalName } = sheet.doc.company;
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

/** Footers need the page count, and the watermark goes over everything drawn. */
function finishPages(sheet: Sheet): void {
  const { doc, pages } = sheet;
  const style: Style = { size: 7.5, color: muted };
  const draft = doc.number === undefined;
  const watermark = draft ? watermarkOperators(sheet) : undefined;
  for (const [index, page] of pages.entries()) {
    sheet.page = page;
    const line = margin + footerHeight - 12;
    sheet.rule(line);
    const baseline = margin + 4;
    sheet.text(`${quotationName(doc)}  ·  ${formatDay(doc.date)}`, left, baseline, style);
    sheet.text(`Page ${index + 1} of ${pages.length}`, right, baseline, style, "right");
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

// ---------------------------------------------------------------------------

/**
 * Subset tags (the six capitals before a subset font's name) that differ from
 * one quotation to the next, so that two quotations merged into one PDF do not
 * present two different subsets under one name, yet are the same every time
 * the same quotation is printed.
 */
function subsetTags(doc: QuotationDocument): Record<FontFile, string> {
  // Keys in a fixed order, so a quotation read back from storage hashes as the one that was stored.
  const text = JSON.stringify(doc, (_, value: unknown) =>
    value !== null && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
  const tags = {} as Record<FontFile, string>;
  for (const file of Object.keys(fontNames) as FontFile[]) {
    const digest = createHash("sha256").update(file).update(text).digest();
    const letters = [...digest.subarray(0, 6)].map((byte) => String.fromCharCode(65 + (byte % 26)));
    tags[file] = `${letters.join("")}+${fontNames[file]}`;
  }
  return tags;
}

function setMetadata(pdf: PDFDocument, doc: QuotationDocument): void {
  pdf.setTitle(quotationName(doc), { showInWindowTitleBar: true });
  pdf.setAuthor(doc.company.legalName);
  pdf.setSubject(`Quotation to ${doc.buyer.company.trim() || doc.buyer.name} for inquiry ${doc.reference}`);
  pdf.setKeywords(["quotation", doc.number ?? "draft", doc.reference]);
  pdf.setCreator(`${doc.company.legalName}, quotations`);
  pdf.setProducer("pdf-lib");
  pdf.setLanguage("en-IN");
  // The quotation's own date, at midnight in India: printing it again must not change the file.
  const dated = new Date(`${doc.date}T00:00:00+05:30`);
  if (!Number.isNaN(dated.getTime())) {
    pdf.setCreationDate(dated);
    pdf.setModificationDate(dated);
  }
}

/**
 * The quotation as an A4 PDF: letterhead, buyer and place of supply, the lines
 * (running over pages with their header repeated), the GST by rate, the total
 * in figures and words, the terms, the bank and the acceptance, with a footer
 * on every page and DRAFT across the pages of one not yet sent. It reads
 * nothing but `doc` and the fonts and logo, so the same quotation gives the
 * same bytes.
 */
/**
 * A quotation's PDF as an answer, never stored by a cache: shown in the
 * browser ("inline") or saved ("attachment"), under its number as a file name.
 */
export async function quotationPdfResponse(
  doc: QuotationDocument,
  disposition: "inline" | "attachment",
  headers: Record<string, string> = {},
): Promise<Response> {
  const pdf = await renderQuotationPdf(doc);
  const name = `${(doc.number ?? "draft-quotation").replaceAll("/", "-")}.pdf`;
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.byteLength),
      "Content-Disposition": `${disposition}; filename="${name}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
      ...headers,
    },
  });
}

export async function renderQuotationPdf(doc: QuotationDocument): Promise<Uint8Array> {
  const { fonts: files, logo } = await loadAssets();
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.registerFontkit(fontkit);
  const tags = subsetTags(doc);
  const embed = async (file: FontFile): Promise<Face> => ({
    font: await pdf.embedFont(files[file].bytes, { subset: true, customName: tags[file] }),
    characters: files[file].characters,
  });
  // Every word the quotation prints but its fixed labels comes from `doc`, so
  // its text tells whether the Latin Extended face is needed at all.
  const extended = [...JSON.stringify(doc)].some((character) => {
    const codePoint = character.codePointAt(0) ?? 0;
    return !files.latinRegular.characters.has(codePoint) && files.latinExtendedRegular.characters.has(codePoint);
  });
  const faces: Faces = {
    regular: {
      latin: await embed("latinRegular"),
      latinExtended: extended ? await embed("latinExtendedRegular") : undefined,
      devanagari: await embed("devanagariRegular"),
    },
    bold: {
      latin: await embed("latinBold"),
      latinExtended: extended ? await embed("latinExtendedBold") : undefined,
      devanagari: await embed("devanagariBold"),
    },
  };
  setMetadata(pdf, doc);

  const sheet = new Sheet(pdf, faces, doc);
  drawLetterhead(sheet, logo);
  drawParties(sheet);
  drawLines(sheet);
  drawTotals(sheet);
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
  drawConditions(sheet);
  drawAcceptance(sheet);
  finishPages(sheet);
  return pdf.save();
}
