import path from "node:path";
import { EAN_DIGIT_WIDTHS, EAN_FIRST_DIGIT_PARITY, EAN_MODULE_MM } from "../../app/server/previews/barcodes.ts";
import type { ArtworkRequest } from "../../app/server/previews/requested-size.ts";
import { ghostscript, literalString, mm, writeSample } from "./artwork-samples.ts";

/**
 * Artwork for the print check's tests, written as PostScript and turned into
 * PDF by Ghostscript's pdfwrite, as a designer's program would export it: a
 * carton with the faults that ruin a run and the same carton clean, an A4
 * leaflet with its bleed in the page size, barcodes drawn bar by bar from the
 * EAN tables, and text too near the trim. Each maker writes one file into the
 * folder it is given and resolves to its path.
 */

/** The carton asked for: a reverse tuck end, 60 × 40 × 100 mm inside, printed in CMYK; it lies flat at 215 × 210 mm. */
export const cartonRequest: ArtworkRequest = {
  box: { style: "tuckEnd", styleLabel: "Reverse tuck end", length: 60, width: 40, height: 100 },
  colours: { label: "4 colours (CMYK)", spotInks: 0 },
};

/** An A4 leaflet. */
export const a4Request: ArtworkRequest = { size: { width: 210, height: 297, label: "A4 (210 × 297 mm)" } };

// Fonts are embedded, and colours and images left as drawn (pdfwrite would otherwise convert them).
const distiller =
  "<< /NeverEmbed [ ] /AlwaysEmbed [ ] /EmbedAllFonts true /SubsetFonts true /ColorConversionStrategy /LeaveColorUnchanged >> setdistillerparams";

const rect = (x: number, y: number, width: number, height: number) => `${mm(x)} ${mm(y)} ${mm(width)} ${mm(height)}`;

/** A separation colour space whose ink shows as the CMYK given when it is not printed on its own plate. */
const separation = (name: string, cmyk: [number, number, number, number]) =>
  `[/Separation ${literalString(name)} /DeviceCMYK { ${cmyk.map((value) => `dup ${value} mul exch`).join(" ")} pop }] setcolorspace`;

async function pdf(dir: string, name: string, lines: string[]): Promise<string> {
  await writeSample(
    dir,
    `${name}.ps`,
    ["%!PS-Adobe-3.0", "%%Pages: 1", "%%EndComments", distiller, ...lines, "%%EOF", ""].join("\n"),
  );
  await ghostscript(["-sDEVICE=pdfwrite", `-sOutputFile=${name}.pdf`, `${name}.ps`], dir);
  return path.resolve(dir, `${name}.pdf`);
}

/** A page of this size, with a TrimBox `bleed` inside it when given. */
function page(width: number, height: number, bleed?: number): string[] {
  const lines = [`<< /PageSize [${mm(width)} ${mm(height)}] >> setpagedevice`];
  if (bleed !== undefined) {
    lines.push(
      `[ {ThisPage} << /TrimBox [${mm(bleed)} ${mm(bleed)} ${mm(width - bleed)} ${mm(height - bleed)}] /BleedBox [0 0 ${mm(width)} ${mm(height)}] >> /PUT pdfmark`,
    );
  }
  return lines;
}

/**
 * The carton's sheet: 235 × 230 mm with no trim box (the cut is the dieline's),
 * one flat CMYK background running 3 mm past the die, and the die's lines on
 * a spot colour named Dieline, set to overprint: the body (glue flap and four
 * panels across, 10 mm in), the top closure and tuck on the back panel and the
 * bottom ones on the front, and the folds between.
 */
function carton(): string[] {
  const [left, bottom] = [10, 10];
  const folds = [25, 85, 125, 185];
  return [
    ...page(235, 230),
    `0.6 0.1 0 0.1 setcmykcolor ${rect(left - 3, bottom - 3, 221, 216)} rectfill`,
    "gsave",
    separation("Dieline", [0, 1, 0, 0]),
    "1 setcolor true setoverprint 0.5 setlinewidth",
    `${rect(left, 65, 215, 100)} rectstroke`,
    `${rect(25, 165, 60, 55)} rectstroke`,
    `${rect(125, bottom, 60, 55)} rectstroke`,
    ...folds.map((x) => `newpath ${mm(x)} ${mm(65)} moveto 0 ${mm(100)} rlineto stroke`),
    "grestore",
  ];
}

/** The carton as it should come: one flat CMYK and the dieline, nothing else. */
export async function cleanCarton(dir: string): Promise<string> {
  return pdf(dir, "carton-clean", [...carton(), "showpage"]);
}

/**
 * The carton as a reviewer who knows prepress made it go wrong: a patch of
 * 400 % ink, a PANTONE 185 C patch (a spot colour the CMYK job has no plate
 * for), an RGB red fill, a white box set to overprint (it vanishes on press)
 * and a 0.1 pt hairline.
 */
export async function flawedCarton(dir: string): Promise<string> {
  return pdf(dir, "carton-flawed", [
    ...carton(),
    `1 1 1 1 setcmykcolor ${rect(35, 100, 30, 20)} rectfill`,
    "gsave",
    separation("PANTONE 185 C", [0, 0.91, 0.76, 0]),
    `1 setcolor ${rect(95, 100, 20, 20)} rectfill`,
    "grestore",
    `1 0 0 setrgbcolor ${rect(135, 100, 20, 20)} rectfill`,
    "gsave",
    `true setoverprint 1 .setoverprintmode 0 0 0 0 setcmykcolor ${rect(165, 100, 20, 20)} rectfill`,
    "grestore",
    `0 0 0 1 setcmykcolor 0.1 setlinewidth newpath ${mm(30)} ${mm(140)} moveto ${mm(180)} 0 rlineto stroke`,
    "showpage",
  ]);
}

/**
 * An A4 leaflet built as printers ask: the page is the trim plus 3 mm on every
 * side, 216 × 303 mm, with no trim box, the background running to its edges.
 */
export async function a4WithBleedInPage(dir: string): Promise<string> {
  return pdf(dir, "a4-bleed-in-page", [
    ...page(216, 303),
    `0.1 0 0.3 0 setcmykcolor ${rect(0, 0, 216, 303)} rectfill`,
    `0.9 0.5 0 0 setcmykcolor ${rect(23, 200, 170, 60)} rectfill`,
    "/Helvetica-Bold findfont 24 scalefont setfont 0 0 0 1 setcmykcolor",
    `${mm(23)} ${mm(270)} moveto (Monsoon sale) show`,
    "showpage",
  ]);
}

/** The bars and spaces of an EAN-13, module by module (1 a bar), from its 13 digits. */
export function eanModules(digits: string): string {
  const widths = (digit: string, reversed: boolean) => {
    const pattern = [...(EAN_DIGIT_WIDTHS[Number(digit)] ?? [])];
    return reversed ? pattern.reverse() : pattern;
  };
  const runs = (list: number[], firstBar: boolean) =>
    list.map((width, at) => ((at % 2 === 0) === firstBar ? "1" : "0").repeat(width)).join("");
  const parity = EAN_FIRST_DIGIT_PARITY[Number(digits[0])] ?? "";
  const left = [...digits.slice(1, 7)].map((digit, at) => runs(widths(digit, parity[at] === "G"), false)).join("");
  const right = [...digits.slice(7)].map((digit) => runs(widths(digit, false), true)).join("");
  return `101${left}01010${right}101`;
}

/** An EAN-13 at 100 %: 0.33 mm modules, 22.85 mm bars, drawn in black at (x, y) mm. */
function ean(digits: string, x: number, y: number): string[] {
  return [...eanModules(digits)].flatMap((module, at) =>
    module === "1" ? [`${rect(x + at * EAN_MODULE_MM, y, EAN_MODULE_MM, 22.85)} rectfill`] : [],
  );
}

/**
 * Two pages of a 100 × 150 mm card with bleed, each with an EAN-13 at full
 * size: page 1's check digit is right (4006381333931), page 2's is wrong (…932).
 */
export async function barcodes(dir: string): Promise<string> {
  const card = (digits: string) => [
    ...page(106, 156, 3),
    `0 0 0.1 0 setcmykcolor ${rect(0, 0, 106, 156)} rectfill`,
    "0 0 0 1 setcmykcolor",
    ...ean(digits, 30, 60),
    "showpage",
  ];
  return pdf(dir, "barcodes", [...card("4006381333931"), ...card("4006381333932")]);
}

/** A 100 × 150 mm card with bleed whose one line of text starts 1 mm inside the trim. */
export async function textNearTrim(dir: string): Promise<string> {
  return pdf(dir, "text-near-trim", [
    ...page(106, 156, 3),
    `0 0.2 0.4 0 setcmykcolor ${rect(0, 0, 106, 156)} rectfill`,
    "/Helvetica findfont 10 scalefont setfont 0 0 0 1 setcmykcolor",
    `${mm(3 + 1)} ${mm(78)} moveto (Offer ends Sunday) show`,
    "showpage",
  ]);
}
