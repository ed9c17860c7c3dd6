import type { Rect } from "./page-text.ts";
import { defaultPrintCheckSettings, type PrintCheckSettings } from "./print-settings.ts";
import {
  check,
  fine,
  LOWEST_PPI,
  mm,
  mmFromPoints,
  PRINT_PPI,
  plural,
  problem,
  type ReportLine,
  resolutionMark,
} from "./report.ts";
import { type RequestedSize, sizeLine } from "./requested-size.ts";

type Box = [number, number, number, number];

/** What pdfinfo -box says of a document and its first page. */
export type PdfInfo = {
  pages: number;
  encrypted: boolean;
  rotation: number;
  media?: Box;
  crop?: Box;
  bleed?: Box;
  trim?: Box;
};

export function parsePdfInfo(output: string): PdfInfo {
  // pdfinfo prints the document's own Title, Author and the like first, as stored, line
  // breaks and all: a file could write "Pages: 1" there. What pdfinfo reckons itself
  // starts at the last Pages line, after every field the file wrote.
  const text = output.slice(Math.max(0, lastLineStart(output, "Pages:")));
  const box = (name: string): Box | undefined => {
    const match = text.match(new RegExp(`^Page\\s+1\\s+${name}:\\s+(\\S+)\\s+(\\S+)\\s+(\\S+)\\s+(\\S+)`, "m"));
    if (!match) return undefined;
    const numbers = match.slice(1, 5).map(Number);
    return numbers.every(Number.isFinite) ? (numbers as Box) : undefined;
  };
  const info: PdfInfo = {
    pages: Number(text.match(/^Pages:\s+(\d+)/m)?.[1] ?? 0),
    encrypted: /^Encrypted:\s+yes/m.test(text),
    rotation: Number(text.match(/^Page\s+1\s+rot:\s+(-?\d+)/m)?.[1] ?? 0),
  };
  for (const [key, name] of [
    ["media", "MediaBox"],
    ["crop", "CropBox"],
    ["bleed", "BleedBox"],
    ["trim", "TrimBox"],
  ] as const) {
    const found = box(name);
    if (found) info[key] = found;
  }
  return info;
}

/** Where the last line beginning with `start` begins; -1 when none does. */
function lastLineStart(text: string, start: string): number {
  const at = text.lastIndexOf(`\n${start}`);
  return at >= 0 ? at + 1 : text.startsWith(start) ? 0 : -1;
}

/** One font as pdffonts lists it. */
export type PdfFont = { name: string; type: string; embedded: boolean };

/**
 * pdffonts' table. The name is as wide as the dashes over it, and may hold
 * spaces ("Arial Narrow Bold"); a longer one pushes the rest along, and is
 * then one word (subset names are). The rest is read from its end: the
 * encoding, the three yes/no columns and the object number are single words,
 * and the type, which may hold spaces ("TrueType (CID)"), is what lies between.
 */
export function parsePdfFonts(text: string): PdfFont[] {
  const lines = text.split("\n");
  const rule = lines.findIndex((line) => /^-+( -+)+\s*$/.test(line));
  if (rule < 0) return [];
  const nameWidth = (lines[rule] ?? "").indexOf(" ");
  const fonts: PdfFont[] = [];
  for (const line of lines.slice(rule + 1)) {
    if (line.trim() === "") continue;
    const fits = line.charAt(nameWidth) === " ";
    const name = fits ? line.slice(0, nameWidth).trim() : (line.trim().split(/\s+/)[0] ?? "");
    const rest = (fits ? line.slice(nameWidth) : line.trim().slice(name.length)).trim().split(/\s+/);
    if (rest.length < 7) continue;
    fonts.push({ name, type: rest.slice(0, -6).join(" "), embedded: rest.at(-5) === "yes" });
  }
  return fonts;
}

/** One picture as pdfimages -list lists it; masks are left out. */
export type PdfImage = { page: number; width: number; height: number; colour: string; components: number; ppi: number };

export function parsePdfImages(text: string): PdfImage[] {
  const images: PdfImage[] = [];
  for (const line of text.split("\n")) {
    const cells = line.trim().split(/\s+/);
    if (cells.length < 14 || !/^\d+$/.test(cells[0] ?? "") || cells[2] !== "image") continue;
    // From the end: "object ID" is one cell ("[inline]") for inline images, two otherwise.
    const xPpi = Number(cells.at(-4));
    const yPpi = Number(cells.at(-3));
    images.push({
      page: Number(cells[0]),
      width: Number(cells[3]),
      height: Number(cells[4]),
      colour: cells[5] ?? "",
      components: Number(cells[6]),
      ppi: Math.min(xPpi, yPpi),
    });
  }
  return images;
}

function sizeOf(box: Box, rotation: number): { width: number; height: number } {
  const width = mmFromPoints(Math.abs(box[2] - box[0]));
  const height = mmFromPoints(Math.abs(box[3] - box[1]));
  return Math.abs(rotation) % 180 === 90 ? { width: height, height: width } : { width, height };
}

const sameBox = (a: Box, b: Box) => a.every((value, index) => Math.abs(value - (b[index] ?? 0)) < 0.01);

type BleedSettings = Pick<PrintCheckSettings, "bleedMm" | "bleedToleranceMm">;

/**
 * Whether a page without a trim box is the size asked for plus the bleed on
 * every side, either way round: printers ask for artwork so, and it is then
 * read as trim plus bleed.
 */
function bleedInPageSize(
  size: { width: number; height: number },
  requested: RequestedSize | undefined,
  settings: BleedSettings,
) {
  if (!requested) return false;
  const close = (a: number, b: number) => Math.abs(a - b - 2 * settings.bleedMm) <= settings.bleedToleranceMm;
  return (
    (close(size.width, requested.width) && close(size.height, requested.height)) ||
    (close(size.width, requested.height) && close(size.height, requested.width))
  );
}

/** Pages, trim size and bleed, from the first page's boxes; the bleed's line is the last. */
export function pageLines(
  info: PdfInfo,
  requested: RequestedSize | undefined,
  settings: BleedSettings = defaultPrintCheckSettings,
): ReportLine[] {
  const lines: ReportLine[] = [fine(plural(info.pages, "page"))];
  // What prints is the crop box (the media box when there is none); pdfinfo fills a
  // missing TrimBox or BleedBox with it, so a box of its own is one that differs.
  const crop = info.crop ?? info.media;
  if (!crop) return [...lines, check("The page size could not be read")];
  const bleed = settings.bleedMm;
  const trim = info.trim ?? crop;
  const size = sizeOf(trim, info.rotation);
  if (sameBox(trim, crop) && bleedInPageSize(size, requested, settings)) {
    const trimmed = { width: size.width - 2 * bleed, height: size.height - 2 * bleed };
    lines.push(...sizeLine(trimmed, `page size less ${mm(bleed)} mm bleed; no trim box`, requested));
    return [...lines, fine(`Bleed ${mm(bleed)} mm on every side (in the page size)`)];
  }
  lines.push(...sizeLine(size, sameBox(trim, crop) ? "page size; no trim box" : "trim box", requested));
  const outer = info.bleed && !sameBox(info.bleed, crop) ? info.bleed : crop;
  const sides = [trim[0] - outer[0], trim[1] - outer[1], outer[2] - trim[2], outer[3] - trim[3]].map(mmFromPoints);
  const least = Math.min(...sides);
  if (least >= bleed - 0.05) lines.push(fine(`Bleed ${mm(least)} mm on every side`));
  else if (least > 0.05) lines.push(check(`Bleed only ${mm(least)} mm on one side or more (${mm(bleed)} mm is usual)`));
  else lines.push(problem(`No bleed: the artwork stops at the trim edge; ask for ${mm(bleed)} mm bleed on every side`));
  return lines;
}

/** Whether the first page has a trim box of its own, rather than the one pdfinfo fills in from the page. */
export function hasTrimBox(info: PdfInfo): boolean {
  const crop = info.crop ?? info.media;
  return Boolean(info.trim && crop && !sameBox(info.trim, crop));
}

/** One page's boxes, as `pdfinfo -box` lists them for each page it was asked for. */
export type PageBoxes = { page: number; rotation: number; media: Box; crop?: Box; trim?: Box };

export function parsePageBoxes(output: string): PageBoxes[] {
  const text = output.slice(Math.max(0, lastLineStart(output, "Pages:")));
  const pages = new Map<number, { rotation: number; media?: Box; crop?: Box; trim?: Box }>();
  const entry = (page: number) => {
    const found = pages.get(page) ?? { rotation: 0 };
    pages.set(page, found);
    return found;
  };
  for (const match of text.matchAll(/^Page\s+(\d+)\s+rot:\s+(-?\d+)/gm))
    entry(Number(match[1])).rotation = Number(match[2]);
  for (const match of text.matchAll(/^Page\s+(\d+)\s+(MediaBox|CropBox|TrimBox):\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)/gm)) {
    const box = match.slice(3, 7).map(Number);
    if (!box.every(Number.isFinite)) continue;
    const key = ({ MediaBox: "media", CropBox: "crop", TrimBox: "trim" } as const)[match[2] as "MediaBox"];
    entry(Number(match[1]))[key] = box as Box;
  }
  return [...pages]
    .flatMap(([page, { media, ...rest }]) => (media ? [{ page, media, ...rest }] : []))
    .sort((a, b) => a.page - b.page);
}

/** A box in the page's own space, as a rectangle on the page as it is shown: from its top left, turned as the page is. */
export function onShownPage(box: Box, media: Box, rotation: number): Rect {
  const [x0, x1] = [Math.min(box[0], box[2]) - media[0], Math.max(box[0], box[2]) - media[0]];
  const [top, bottom] = [media[3] - Math.max(box[1], box[3]), media[3] - Math.min(box[1], box[3])];
  const width = media[2] - media[0];
  const height = media[3] - media[1];
  switch (((rotation % 360) + 360) % 360) {
    case 90:
      return { left: height - bottom, top: x0, right: height - top, bottom: x1 };
    case 180:
      return { left: width - x1, top: height - bottom, right: width - x0, bottom: height - top };
    case 270:
      return { left: top, top: width - x1, right: bottom, bottom: width - x0 };
    default:
      return { left: x0, top, right: x1, bottom };
  }
}

/** Where a page is cut, on the page as shown: its trim box, the page less its bleed when it holds both, or else the page. */
export function trimOf(page: PageBoxes, requested: RequestedSize | undefined, settings: BleedSettings): Rect {
  const crop = page.crop ?? page.media;
  const trim = page.trim && !sameBox(page.trim, crop) ? page.trim : crop;
  const inset =
    trim === crop && bleedInPageSize(sizeOf(crop, page.rotation), requested, settings)
      ? (settings.bleedMm * 72) / 25.4
      : 0;
  const shown = onShownPage(trim, page.media, page.rotation);
  return { left: shown.left + inset, top: shown.top + inset, right: shown.right - inset, bottom: shown.bottom - inset };
}

/** A page's size as shown, in points. */
export function shownSize(page: PageBoxes): { width: number; height: number } {
  const shown = onShownPage(page.media, page.media, page.rotation);
  return { width: shown.right - shown.left, height: shown.bottom - shown.top };
}

/** Fonts not embedded are replaced by the printer's, and the text moves or changes. */
export function fontLines(fonts: readonly PdfFont[]): ReportLine[] {
  // A font listed on several pages is one font.
  const names = (list: readonly PdfFont[]) => [...new Set(list.map((font) => font.name || font.type))];
  const missing = names(fonts.filter((font) => !font.embedded && font.type !== "Type 3"));
  if (missing.length > 0) {
    const shown = missing.slice(0, 5).join(", ") + (missing.length > 5 ? ", …" : "");
    return [
      problem(`${plural(missing.length, "font")} not embedded (${shown}): ask for text in outlines or embedded fonts`),
    ];
  }
  const all = names(fonts);
  if (all.length === 0) return [fine("No fonts (text is in outlines or there is none)")];
  return [fine(all.length === 1 ? "The one font is embedded" : `All ${all.length} fonts embedded`)];
}

/** Resolution at print size, and images in RGB. */
export function imageLines(images: readonly PdfImage[]): ReportLine[] {
  if (images.length === 0) return [fine("No raster images")];
  const lines: ReportLine[] = [];
  const lowest = images.reduce((low, image) => (image.ppi < low.ppi ? image : low));
  const below = (ppi: number) => images.filter((image) => image.ppi < ppi).length;
  const mark = resolutionMark(lowest.ppi);
  if (mark === "fine") lines.push(fine(`${plural(images.length, "image")} at ${lowest.ppi} ppi or more at print size`));
  else if (mark === "check")
    lines.push(
      check(
        `${plural(below(PRINT_PPI), "image")} below ${PRINT_PPI} ppi (lowest ${lowest.ppi} ppi, page ${lowest.page}): may print soft`,
      ),
    );
  else
    lines.push(
      problem(
        `${plural(below(LOWEST_PPI), "image")} below ${LOWEST_PPI} ppi (lowest ${lowest.ppi} ppi, page ${lowest.page}): will print blurred`,
      ),
    );
  // Images in CMYK are no all-clear on colour: the colour line of the whole page says that, vector art and text read too.
  const rgb = rgbImages(images);
  if (rgb > 0) lines.push(check(`${plural(rgb, "image")} in RGB: colours will shift in CMYK print`));
  return lines;
}

export const rgbImages = (images: readonly PdfImage[]) => images.filter((image) => isRgb(image)).length;

function isRgb(image: PdfImage): boolean {
  if (image.colour === "rgb") return true;
  // An ICC-based image takes its space from its profile: three components are RGB.
  // (A palette image's base space is not in pdfimages' list: it is not judged.)
  return image.colour === "icc" && image.components === 3;
}
