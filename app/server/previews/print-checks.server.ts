import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { type EanRead, parseZbarXml, readEans, readPgm, type ZbarSymbol } from "./barcodes.ts";
import { type CheckContext, type Files, timed } from "./check-result.ts";
import { firstWords, lineOf, parseWordBoxes, type Rect, type Word, wordsNearTrim } from "./page-text.ts";
import { type PageBoxes, shownSize, trimOf } from "./pdf-report.ts";
import {
  type BarcodeFound,
  barcodeLines,
  colourLines,
  dielineLines,
  inkLines,
  onPages,
  type PageInksFound,
  spotLines,
  textLines,
  whiteOverprintLines,
} from "./print-lines.ts";
import { isDielineName, type PrintCheckSettings } from "./print-settings.ts";
import { check, fine, MM_PER_INCH, mm, POINTS_PER_INCH, problem, type ReportLine } from "./report.ts";
import { writeNew } from "./scratch-files.server.ts";
import { artWithin, dielineWithin, type PixelBox, pageInks, readSeparations, type Separations } from "./separations.ts";
import { failureOf, type RunLimits, type RunResult, type ToolName } from "./tools.server.ts";

/** How the print checks run their programs: the checker's sandboxed runner, within the check's time. */
export type PrintCheckRunner = {
  run: (tool: ToolName, args: string[], files: Files, extra?: Partial<RunLimits>) => Promise<RunResult>;
  /** A script of ours under Node, sandboxed as the programs are; undefined when the server has none. */
  runScript?: (script: string, args: string[], reads: readonly string[]) => Promise<RunResult>;
  has: (tool: ToolName) => boolean;
  settings: PrintCheckSettings;
};

/**
 * Pages the renders read, and the pixels all of them together may hold in one
 * render: a 50-page A4 document is drawn at about 40 ppi, one carton sheet at
 * 72. Enough to measure ink, overprint and a dieline's extent to a millimetre
 * or so, within a few seconds on two cores.
 */
export const RENDER_PAGES = 60;
const RENDER_PIXELS = 8_000_000;
const RENDER_PPI = { least: 18, most: 72 };
/** Barcodes need about three pixels to a bar at 80 %: 300 ppi, over at most this many pixels, the first pages and the last. */
const BARCODE_PPI = { least: 150, most: 300 };
const BARCODE_PIXELS = 20_000_000;
/** Separations a render keeps apart; more spot colours on a page are drawn in their CMYK equivalents. */
const MAX_SPOTS = 12;

/** RGB art and text converted without colour management, with 20 % black added: no RGB colour comes out as it prints. */
const MARK_RGB = "{pop 0.2} setblackgeneration {pop 0} setundercolorremoval";
const RGB_UNMANAGED = "Graphic_RGB None\nText_RGB None\n";

type Failed = { failed: string };
const failed = (value: unknown): value is Failed => typeof value === "object" && value !== null && "failed" in value;

/** What the print checks found; a check that could not finish says why. */
export type PrintFindings = {
  pages: number;
  read: number;
  inks: PageInksFound[] | Failed;
  layers: string[] | Failed;
  text: { page: number; words: string; of: "trim" | "dieline" }[] | Failed;
  barcodes: { found: BarcodeFound[]; pages: number[] } | Failed;
  /** Bleed past the dieline on the first page, for a page without a trim box. */
  dielineBleed?: ReportLine;
};

const gsArgs = ["-dSAFER", "-dBATCH", "-dNOPAUSE", "-dQUIET"];

/**
 * The checks of a PDF beyond its pages, fonts and images: two CMYK renders of
 * each page read (ink, spot colours, the dieline, white overprint, RGB art),
 * its live text (pdftotext), its layers (our own scan) and a greyscale render
 * for barcodes (zbarimg, and our EAN reader). Each part that fails or runs out
 * of time says so in its own line; the others still report.
 */
export async function printChecks(
  runner: PrintCheckRunner,
  ctx: CheckContext,
  input: string,
  document: { pages: number; boxes: readonly PageBoxes[]; layerTool?: string | undefined },
): Promise<PrintFindings> {
  const { settings } = runner;
  // The pages from the first without a gap: the renders number their files 1, 2, 3… from page 1.
  const gap = document.boxes.findIndex((page, index) => page.page !== index + 1);
  const boxes = document.boxes.slice(0, Math.min(RENDER_PAGES, gap < 0 ? RENDER_PAGES : gap));
  const read = boxes.length;

  // The renders are read while the barcodes are still looked for: two cores, both kept busy.
  const [pages, layers, barcodes] = await Promise.all([
    (async () => {
      const [renders, words] = await Promise.all([
        timed(ctx, "renders for ink, colours, dieline and overprint", () =>
          renderSeparations(runner, ctx, input, boxes),
        ),
        timed(ctx, "live text", () => liveText(runner, input, read)),
      ]);
      return timed(ctx, "reading the renders", () => readPages(renders, words, boxes, ctx, settings));
    })(),
    timed(ctx, "layers", () => layerScan(runner, input, document.layerTool)),
    timed(ctx, "barcodes", () => barcodesOf(runner, ctx, input, document.pages, boxes)),
  ]);
  return { pages: document.pages, read, layers, barcodes, ...pages };
}

/** Each page's two renders, read one page at a time and deleted once read, and its live text near the cut. */
async function readPages(
  renders: Renders | Failed,
  words: Word[][] | Failed,
  boxes: readonly PageBoxes[],
  ctx: CheckContext,
  settings: PrintCheckSettings,
): Promise<Pick<PrintFindings, "inks" | "text" | "dielineBleed">> {
  const isDieline = (name: string) => isDielineName(name, settings.dielineNames);
  const inks: PageInksFound[] = [];
  let inksFailed: Failed | undefined = failed(renders) ? renders : undefined;
  const near: { page: number; words: string; of: "trim" | "dieline" }[] = [];
  let dielineBleed: ReportLine | undefined;
  for (const [index, page] of boxes.entries()) {
    const number = index + 1;
    let printed: Separations | undefined;
    if (!failed(renders) && !inksFailed) {
      try {
        printed = readSeparations(await readFile(renders.printed(number)));
        const found = pageInks(printed, readSeparations(await readFile(renders.knockedOut(number))), {
          inkLimitPercent: settings.inkLimitPercent,
          isDieline,
        });
        const dieline = found.dielines[0]?.box;
        inks.push({ ...found, page: number, ...(dieline ? { dielineMm: sizeMm(dieline, renders.ppi) } : {}) });
        if (number === 1 && dieline && found.art)
          dielineBleed = bleedPastDieline(found.art, dieline, renders.ppi, settings);
      } catch (error) {
        inksFailed = { failed: (error as Error).message };
      } finally {
        await Promise.all([
          rm(renders.printed(number), { force: true }),
          rm(renders.knockedOut(number), { force: true }),
        ]);
      }
    }
    if (!failed(words)) {
      const found = nearTheCut(words[index] ?? [], page, printed, renders, ctx, settings, isDieline);
      if (found) near.push({ page: number, ...found });
    }
  }
  return { inks: inksFailed ?? inks, text: failed(words) ? words : near, ...(dielineBleed ? { dielineBleed } : {}) };
}

/** The print check's lines, in the order a prepress operator reads a carton: die, inks, colours, overprint, text, codes. */
export function printLines(
  findings: PrintFindings,
  ctx: Pick<CheckContext, "request">,
  settings: PrintCheckSettings,
  rgbImages: number,
): ReportLine[] {
  const lines: ReportLine[] = [];
  const notFinished = (what: string, found: Failed) => check(`Not finished: ${what} (${found.failed})`);
  const { inks, layers, text, barcodes } = findings;
  if (failed(inks)) {
    lines.push(notFinished("ink coverage, spot colours, the dieline, overprint and RGB in vector art", inks));
  } else {
    lines.push(
      ...dielineLines(
        inks,
        failed(layers) ? [] : layers.filter((name) => isDielineName(name, settings.dielineNames)),
        ctx.request,
        settings,
      ),
    );
    lines.push(...spotLines(inks, ctx.request));
    lines.push(...inkLines(inks, settings.inkLimitPercent));
    lines.push(...colourLines(inks, rgbImages));
    lines.push(...whiteOverprintLines(inks));
  }
  if (failed(layers) && ctx.request?.box) lines.push(notFinished("the layers, where a dieline may be", layers));
  lines.push(...(failed(text) ? [notFinished("text near the cut", text)] : textLines(text, settings.cutClearanceMm)));
  if (failed(barcodes)) lines.push(notFinished("barcodes", barcodes));
  else {
    lines.push(...barcodeLines(barcodes.found));
    if (barcodes.pages.length < findings.pages) {
      lines.push(check(`Barcodes were looked for on ${onPages(barcodes.pages)} only, of ${findings.pages}`));
    }
  }
  if (findings.read < findings.pages) {
    lines.push(
      check(
        `Ink, colours, overprint, the dieline and text near the cut were checked on the first ${findings.read} pages only`,
      ),
    );
  }
  return lines;
}

const pointsToPixels = (points: number, ppi: number) => (points * ppi) / POINTS_PER_INCH;
const pixelsToMm = (pixels: number, ppi: number) => (pixels / ppi) * MM_PER_INCH;

function sizeMm(box: PixelBox, ppi: number) {
  return { width: pixelsToMm(box.right - box.left + 1, ppi), height: pixelsToMm(box.bottom - box.top + 1, ppi) };
}

/** How far the art reaches past the dieline's outline, on its nearest side. */
function bleedPastDieline(art: PixelBox, dieline: PixelBox, ppi: number, settings: PrintCheckSettings): ReportLine {
  const least = pixelsToMm(
    Math.min(dieline.left - art.left, art.right - dieline.right, dieline.top - art.top, art.bottom - dieline.bottom),
    ppi,
  );
  const bleed = mm(settings.bleedMm);
  if (least >= settings.bleedMm - settings.bleedToleranceMm)
    return fine(`Bleed about ${mm(least)} mm past the dieline on every side`);
  if (least > 0)
    return check(`Bleed only about ${mm(least)} mm past the dieline on one side or more (${bleed} mm is usual)`);
  return problem(
    `No bleed past the dieline on one side or more: the artwork stops at the cut; ask for ${bleed} mm bleed`,
  );
}

type Renders = { ppi: number; printed: (page: number) => string; knockedOut: (page: number) => string };

/** Both renders of every page read, side by side: as it prints, and with overprint off and RGB art marked. */
async function renderSeparations(
  runner: PrintCheckRunner,
  ctx: CheckContext,
  input: string,
  boxes: readonly PageBoxes[],
): Promise<Renders | Failed> {
  if (!runner.has("gs")) return { failed: "Ghostscript is not installed" };
  if (boxes.length === 0) return { failed: "the page sizes could not be read" };
  const squareInches = boxes.reduce((sum, page) => {
    const { width, height } = shownSize(page);
    return sum + (width / POINTS_PER_INCH) * (height / POINTS_PER_INCH);
  }, 0);
  const ppi = Math.max(
    RENDER_PPI.least,
    Math.min(RENDER_PPI.most, Math.floor(Math.sqrt(RENDER_PIXELS / Math.max(squareInches, 1e-6)))),
  );
  const file = (kind: string) => (page: number) => path.join(ctx.dir, `${kind}-${page}.psd`);
  const renders = { ppi, printed: file("printed"), knockedOut: file("knocked-out") };
  const marking = path.join(ctx.dir, "rgb-unmanaged.txt");
  await writeNew(marking, RGB_UNMANAGED);
  const pages = boxes.map((_, index) => index + 1);
  const common = [
    ...gsArgs,
    "-sDEVICE=psdcmyk",
    `-r${ppi}`,
    `-dMaxSpots=${MAX_SPOTS}`,
    "-dFirstPage=1",
    `-dLastPage=${boxes.length}`,
  ];
  const [printed, knockedOut] = await Promise.all([
    runner.run("gs", [...common, `-sOutputFile=${path.join(ctx.dir, "printed-%d.psd")}`, input], {
      reads: [input],
      writes: pages.map(renders.printed),
    }),
    runner.run(
      "gs",
      [
        ...common,
        "-dOverprint=/disable",
        `-sSourceObjectICC=${marking}`,
        `-sOutputFile=${path.join(ctx.dir, "knocked-out-%d.psd")}`,
        "-c",
        MARK_RGB,
        "-f",
        input,
      ],
      { reads: [input, marking], writes: pages.map(renders.knockedOut) },
    ),
  ]);
  const failure = failureOf("Ghostscript", printed) ?? failureOf("Ghostscript", knockedOut);
  return failure ? { failed: failure } : renders;
}

async function liveText(runner: PrintCheckRunner, input: string, pages: number): Promise<Word[][] | Failed> {
  if (!runner.has("pdftotext")) return { failed: "poppler-utils' pdftotext is not installed" };
  if (pages === 0) return [];
  const result = await runner.run("pdftotext", ["-bbox", "-f", "1", "-l", String(pages), input, "-"], {
    reads: [input],
  });
  const failure = failureOf("pdftotext", result);
  return failure ? { failed: failure } : parseWordBoxes(result.stdout.toString("utf8"));
}

/**
 * The first words of live text the cut may reach on one page: near the
 * dieline's lines where the page has one, else near the trim. Text that
 * prints no ink there (hidden, or the die's own notes in its colour) is not counted.
 */
function nearTheCut(
  words: readonly Word[],
  page: PageBoxes,
  printed: Separations | undefined,
  renders: Renders | Failed,
  ctx: CheckContext,
  settings: PrintCheckSettings,
  isDieline: (name: string) => boolean,
): { words: string; of: "trim" | "dieline" } | undefined {
  const clearance = (settings.cutClearanceMm / MM_PER_INCH) * POINTS_PER_INCH;
  const ppi = failed(renders) ? 0 : renders.ppi;
  const inPixels = (box: Rect, grow = 0): PixelBox => ({
    left: pointsToPixels(box.left - grow, ppi),
    top: pointsToPixels(box.top - grow, ppi),
    right: pointsToPixels(box.right + grow, ppi),
    bottom: pointsToPixels(box.bottom + grow, ppi),
  });
  const printing = printed ? words.filter((word) => artWithin(printed, inPixels(word.box), isDieline)) : words;
  const hasDieline = printed?.names.some((name, index) => index >= 4 && isDieline(name)) ?? false;
  const [near, of] =
    printed && hasDieline
      ? [
          printing.filter((word) => dielineWithin(printed, inPixels(word.box, clearance), isDieline)),
          "dieline" as const,
        ]
      : [wordsNearTrim(printing, trimOf(page, ctx.request?.size, settings), clearance), "trim" as const];
  const [first] = near;
  return first ? { words: firstWords(lineOf(first, printing)), of } : undefined;
}

async function layerScan(
  runner: PrintCheckRunner,
  input: string,
  script: string | undefined,
): Promise<string[] | Failed> {
  if (!script || !runner.runScript) return [];
  const result = await runner.runScript(script, [input], [input]);
  const failure = failureOf("the layer reader", result);
  if (failure) return { failed: failure };
  try {
    const { layers } = JSON.parse(result.stdout.toString("utf8")) as { layers: unknown };
    return Array.isArray(layers) ? layers.filter((name): name is string => typeof name === "string") : [];
  } catch {
    return { failed: "the layer reader gave no list" };
  }
}

/** The pages barcodes are looked for on: the first ones, and the last (a book's ISBN), within the pixels allowed. */
function barcodePages(pages: number, boxes: readonly PageBoxes[], ppi: number): number[] {
  const pixels = (page: PageBoxes | undefined) => {
    const { width, height } = page ? shownSize(page) : { width: 0, height: 0 };
    return pointsToPixels(width, ppi) * pointsToPixels(height, ppi);
  };
  const chosen: number[] = [];
  let total = 0;
  for (const [index, page] of boxes.entries()) {
    if (chosen.length > 0 && total + pixels(page) > BARCODE_PIXELS) break;
    chosen.push(index + 1);
    total += pixels(page);
  }
  if (chosen.length < pages && chosen.length > 1) chosen[chosen.length - 1] = pages;
  return chosen;
}

async function barcodesOf(
  runner: PrintCheckRunner,
  ctx: CheckContext,
  input: string,
  pages: number,
  boxes: readonly PageBoxes[],
): Promise<PrintFindings["barcodes"]> {
  if (!runner.has("gs")) return { failed: "Ghostscript is not installed" };
  const first = boxes[0];
  if (!first) return { failed: "the page sizes could not be read" };
  const firstSize = shownSize(first);
  const fits = Math.floor(Math.sqrt(BARCODE_PIXELS / Math.max((firstSize.width / 72) * (firstSize.height / 72), 1e-6)));
  const ppi = Math.max(BARCODE_PPI.least, Math.min(BARCODE_PPI.most, fits));
  const chosen = barcodePages(pages, boxes, ppi);
  const file = (index: number) => path.join(ctx.dir, `barcodes-${index + 1}.pgm`);
  const files = chosen.map((_, index) => file(index));
  const render = await runner.run(
    "gs",
    [
      ...gsArgs,
      "-sDEVICE=pgmraw",
      `-r${ppi}`,
      `-sPageList=${chosen.join(",")}`,
      `-sOutputFile=${path.join(ctx.dir, "barcodes-%d.pgm")}`,
      input,
    ],
    { reads: [input], writes: files },
  );
  const failure = failureOf("Ghostscript", render);
  if (failure) return { failed: failure };
  try {
    const symbols: ZbarSymbol[] = [];
    // One run a page: given several files at once, zbar has joined one page's half of an EAN to another's.
    for (const [index, name] of (runner.has("zbarimg") ? files : []).entries()) {
      // Every third line each way: a barcode or QR code crosses dozens of lines at 300 ppi.
      const zbar = await runner.run("zbarimg", ["--nodbus", "--xml", "-q", "-Sx-density=3", "-Sy-density=3", name], {
        reads: [name],
      });
      // zbarimg ends with 4 when the file held no barcode.
      const failure = zbar.code === 4 ? undefined : failureOf("zbarimg", zbar);
      if (failure) return { failed: failure };
      symbols.push(...parseZbarXml(zbar.stdout.toString("utf8")).map((symbol) => ({ ...symbol, file: index })));
    }
    const eans: { page: number; read: EanRead }[] = [];
    for (const [index, page] of chosen.entries()) {
      const grey = readPgm(await readFile(file(index)));
      for (const read of readEans(grey, Math.max(2, Math.round(ppi / 50)))) eans.push({ page, read });
      await rm(file(index), { force: true });
    }
    return { found: mergeBarcodes(symbols, eans, chosen, ppi), pages: chosen };
  } catch (error) {
    return { failed: (error as Error).message };
  } finally {
    await Promise.all(files.map((name) => rm(name, { force: true })));
  }
}

/** zbar's kinds in the words printers use. */
const kindNames: Record<string, string> = {
  "QR-Code": "QR code",
  "CODE-128": "Code 128",
  "CODE-39": "Code 39",
  "CODE-93": "Code 93",
  "I2/5": "Interleaved 2 of 5",
  "ISBN-13": "EAN-13",
};

/** zbar's symbols and our EAN reads as one list: an EAN both found is listed once, with its size from ours. */
function mergeBarcodes(
  symbols: readonly ZbarSymbol[],
  eans: readonly { page: number; read: EanRead }[],
  pages: readonly number[],
  ppi: number,
): BarcodeFound[] {
  const found: BarcodeFound[] = [];
  const moduleMm = (read: EanRead) => pixelsToMm(read.modulePx, ppi);
  const asEan = ({ page, read }: { page: number; read: EanRead }): BarcodeFound =>
    read.digits.startsWith("0")
      ? { kind: "UPC-A", value: read.digits.slice(1), page, moduleMm: moduleMm(read) }
      : { kind: "EAN-13", value: read.digits, page, moduleMm: moduleMm(read) };
  const ours = eans.map(asEan);
  for (const symbol of symbols) {
    const page = pages[symbol.file] ?? 0;
    const kind = Object.hasOwn(kindNames, symbol.type) ? (kindNames[symbol.type] as string) : symbol.type;
    const value = printable(symbol.data);
    // Ours reads each line alone: an EAN it found whose first half zbar read too is the one zbar saw.
    const digits = value.length === 12 ? `0${value}` : value;
    const same = ours.find(
      (ean) =>
        ean.page === page && (ean.kind === "UPC-A" ? `0${ean.value}` : ean.value).slice(0, 7) === digits.slice(0, 7),
    );
    if (same && /^(EAN-13|UPC-A|ISBN-13)$/.test(symbol.type)) continue;
    found.push({ kind, value, page });
  }
  return [...found, ...ours].sort((a, b) => a.page - b.page);
}

/** A barcode's data as a line staff can read: what a stranger's code holds is shown, never acted on. */
function printable(data: string): string {
  const text = data
    .replace(/[\p{Cc}\p{Cf}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}
