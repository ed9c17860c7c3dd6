import {
  BLEED_MM,
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

/** Pages, trim size and bleed, from the first page's boxes. */
export function pageLines(info: PdfInfo, requested: RequestedSize | undefined): ReportLine[] {
  const lines: ReportLine[] = [fine(plural(info.pages, "page"))];
  // What prints is the crop box (the media box when there is none); pdfinfo fills a
  // missing TrimBox or BleedBox with it, so a box of its own is one that differs.
  const crop = info.crop ?? info.media;
  if (!crop) return [...lines, check("The page size could not be read")];
  const trim = info.trim ?? crop;
  const size = sizeOf(trim, info.rotation);
  lines.push(...sizeLine(size, sameBox(trim, crop) ? "page size; no trim box" : "trim box", requested));
  const outer = info.bleed && !sameBox(info.bleed, crop) ? info.bleed : crop;
  const sides = [trim[0] - outer[0], trim[1] - outer[1], outer[2] - trim[2], outer[3] - trim[3]].map(mmFromPoints);
  const least = Math.min(...sides);
  if (least >= BLEED_MM - 0.05) lines.push(fine(`Bleed ${mm(least)} mm on every side`));
  else if (least > 0.05) lines.push(check(`Bleed only ${mm(least)} mm on one side or more (${BLEED_MM} mm is usual)`));
  else lines.push(problem(`No bleed: the artwork stops at the trim edge; ask for ${BLEED_MM} mm bleed on every side`));
  return lines;
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

/** Resolution at print size, and colour spaces that will not print as they look. */
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
  const rgb = images.filter((image) => isRgb(image)).length;
  if (rgb > 0) lines.push(check(`${plural(rgb, "image")} in RGB: colours will shift in CMYK print`));
  else lines.push(fine("Images in CMYK or greyscale"));
  return lines;
}

function isRgb(image: PdfImage): boolean {
  if (image.colour === "rgb") return true;
  // An ICC-based image takes its space from its profile: three components are RGB.
  // (A palette image's base space is not in pdfimages' list: it is not judged.)
  return image.colour === "icc" && image.components === 3;
}
