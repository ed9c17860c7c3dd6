// fontkit's Indic shaper was compiled with generators that call a global
// regeneratorRuntime; without it the first Devanagari word throws. This sets it.
import "regenerator-runtime/runtime.js";
import { createHash } from "node:crypto";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument } from "pdf-lib";
import type { DocumentFrame } from "./document.ts";
import { type AnyDocument, isOptionsDocument } from "./options-document.ts";
import { type FontFile, fontNames, loadAssets } from "./pdf-assets.server.ts";
import { type Face, type Faces, Sheet } from "./pdf-sheet.server.ts";
import {
  drawAcceptance,
  drawBankDetails,
  drawConditions,
  drawLines,
  drawQuotationTerms,
  drawTotals,
} from "./quotation-pdf-body.server.ts";
import { finishPages, quotationName, runningHeadOf } from "./quotation-pdf-frame.server.ts";
import { drawLetterhead, drawParties } from "./quotation-pdf-head.server.ts";
import {
  drawOneTimeCharges,
  drawOption,
  drawOptionParties,
  drawOptionsCompare,
} from "./quotation-pdf-options.server.ts";

/**
 * Subset tags (the six capitals before a subset font's name) that differ from
 * one quotation to the next, so that two quotations merged into one PDF do not
 * present two different subsets under one name, yet are the same every time
 * the same quotation is printed.
 */
function subsetTags(doc: AnyDocument, salt: string): Record<FontFile, string> {
  // Keys in a fixed order, so a quotation read back from storage hashes as the one that was stored.
  const text = JSON.stringify(doc, (_, value: unknown) =>
    value !== null && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
  const tags = {} as Record<FontFile, string>;
  for (const file of Object.keys(fontNames) as FontFile[]) {
    const digest = createHash("sha256").update(file).update(text).update(salt).digest();
    const letters = [...digest.subarray(0, 6)].map((byte) => String.fromCharCode(65 + (byte % 26)));
    tags[file] = `${letters.join("")}+${fontNames[file]}`;
  }
  return tags;
}

/** What a PDF's properties say of it: a quotation's by default. */
export type PdfMetadata = { title: string; subject: string; keywords: string[]; date: string };

function quotationMetadata(doc: DocumentFrame): PdfMetadata {
  return {
    title: quotationName(doc),
    subject: `Quotation to ${doc.buyer.company.trim() || doc.buyer.name} for inquiry ${doc.reference}`,
    keywords: ["quotation", doc.number ?? "draft", doc.reference],
    date: doc.date,
  };
}

function setMetadata(pdf: PDFDocument, doc: DocumentFrame, metadata: PdfMetadata): void {
  pdf.setTitle(metadata.title, { showInWindowTitleBar: true });
  pdf.setAuthor(doc.company.legalName);
  pdf.setSubject(metadata.subject);
  pdf.setKeywords(metadata.keywords);
  pdf.setCreator(`${doc.company.legalName}, quotations`);
  pdf.setProducer("pdf-lib");
  pdf.setLanguage("en-IN");
  // The document's own date, at midnight in India: printing it again must not change the file.
  const dated = new Date(`${metadata.date}T00:00:00+05:30`);
  if (!Number.isNaN(dated.getTime())) {
    pdf.setCreationDate(dated);
    pdf.setModificationDate(dated);
  }
}

/** The name a quotation's PDF is saved under: its number, which has slashes no file name may. */
export function quotationFileName(doc: DocumentFrame): string {
  return `${(doc.number ?? "draft-quotation").replaceAll("/", "-")}.pdf`;
}

/**
 * The quotation as an A4 PDF: letterhead, buyer and place of supply (for a
 * quotation of options, its addresses and GST treatment, the options' totals
 * side by side, then each option and the one-time charges once), the lines
 * (running over pages with their header repeated), the GST by rate, the total
 * in figures and words, the terms, the bank and the acceptance, with a footer
 * on every page and DRAFT across the pages of one not yet sent. It reads
 * nothing but `doc` and the fonts and logo, so the same quotation gives the
 * same bytes.
 */
export async function renderQuotationPdf(doc: AnyDocument): Promise<Uint8Array> {
  const { pdf, sheet, logo } = await openPdf(doc, quotationMetadata(doc), quotationName(doc));
  drawLetterhead(sheet, doc, logo);
  if (isOptionsDocument(doc)) {
    drawOptionParties(sheet, doc);
    if (doc.options.length > 1) drawOptionsCompare(sheet, doc);
    for (const index of doc.options.keys()) drawOption(sheet, doc, index);
    drawOneTimeCharges(sheet, doc);
    drawBankDetails(sheet, doc);
  } else {
    drawParties(sheet, doc);
    drawLines(sheet, doc);
    drawTotals(sheet, doc);
  }
  drawQuotationTerms(sheet, doc);
  drawConditions(sheet, doc);
  drawAcceptance(sheet, doc);
  finishPages(sheet, doc);
  return pdf.save();
}

/**
 * A new A4 PDF for a quotation's document (or one made from it, as a
 * proforma is), its fonts embedded as subsets and its properties set; the
 * sheet to draw on, its pages headed by `name` after the first.
 */
export async function openPdf(doc: AnyDocument, metadata: PdfMetadata, name: string) {
  const { fonts: files, logo } = await loadAssets();
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.registerFontkit(fontkit);
  // Another document made from the same quotation (its proforma) names its subsets apart.
  const tags = subsetTags(doc, name === quotationName(doc) ? "" : name);
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
  setMetadata(pdf, doc, metadata);
  return { pdf, sheet: new Sheet(pdf, faces, runningHeadOf(doc, name)), logo };
}
