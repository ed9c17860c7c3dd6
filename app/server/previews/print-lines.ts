import { EAN_LEAST_MAGNIFICATION, EAN_MODULE_MM, eanCheckDigit } from "./barcodes.ts";
import { fitsLayout, flatLayout } from "./flat-layouts.ts";
import type { PrintCheckSettings } from "./print-settings.ts";
import { check, fine, mm, plural, problem, type ReportLine } from "./report.ts";
import type { ArtworkRequest, BoxRequest } from "./requested-size.ts";
import type { PageInks } from "./separations.ts";

// The words of the print check's lines beyond pages, fonts and images: what
// print-checks.server.ts found, page by page, said once for the whole file.

/** One page's inks, numbered, with the size of its dieline in millimetres where it has one. */
export type PageInksFound = PageInks & { page: number; dielineMm?: { width: number; height: number } };

/** A barcode found: its kind in words, its value, its page, and for an EAN-13 or UPC-A its module in millimetres. */
export type BarcodeFound = { kind: string; value: string; page: number; moduleMm?: number };

/** "page 3", "pages 1, 2 and 5", at most six named. */
export function onPages(pages: readonly number[]): string {
  const unique = [...new Set(pages)].sort((a, b) => a - b);
  if (unique.length === 1) return `page ${unique[0]}`;
  const named = unique.slice(0, 6);
  const more = unique.length - named.length;
  if (more > 0) return `pages ${named.join(", ")} and ${plural(more, "more page")}`;
  return `pages ${named.slice(0, -1).join(", ")} and ${named.at(-1)}`;
}

/** A share of a page as staff read it: to a tenth below 10 %, "under 0.1 %" for a trace. */
export function share(part: number): string {
  const percent = part * 100;
  if (percent < 0.05) return "under 0.1 %";
  return `${percent < 10 ? mm(percent) : Math.round(percent)} %`;
}

/** Where something was found, and how much of the page it covers at most: "on page 2, 3 % of it". */
function whereAndHowMuch(found: readonly PageInksFound[], part: (page: PageInksFound) => number): string {
  const worst = found.reduce((a, b) => (part(b) > part(a) ? b : a));
  return found.length > 1
    ? `on ${onPages(found.map((page) => page.page))}; most on page ${worst.page}, ${share(part(worst))} of it`
    : `on page ${worst.page}, ${share(part(worst))} of it`;
}

const quoted = (names: readonly string[]) => names.map((name) => `"${name}"`).join(", ");

/** The dieline: where it is, whether it overprints, and whether its extent is the blank of the box asked for. */
export function dielineLines(
  pages: readonly PageInksFound[],
  layers: readonly string[],
  request: ArtworkRequest | undefined,
  settings: Pick<PrintCheckSettings, "dielineNames">,
): ReportLine[] {
  const withDieline = pages.filter((page) => page.dielines.length > 0);
  if (withDieline.length === 0) {
    if (layers.length > 0) {
      return [
        check(
          `Dieline ${layers.length === 1 ? "layer" : "layers"} ${quoted(layers)} drawn in the printing inks, not a separation of its own: its lines will print unless they are put on a spot colour set to overprint`,
        ),
      ];
    }
    if (!request?.box) return [];
    return [
      check(
        `No dieline: no separation or layer named ${settings.dielineNames.join(", ")}; ask for the die's lines on a spot colour of their own`,
      ),
    ];
  }
  const names = [...new Set(withDieline.flatMap((page) => page.dielines.map((dieline) => dieline.name)))];
  const lines: ReportLine[] = [
    fine(
      `Dieline: ${names.length === 1 ? "the separation" : "the separations"} ${quoted(names)}, on ${onPages(withDieline.map((page) => page.page))}`,
    ),
  ];
  const overArt = withDieline.reduce((sum, page) => sum + page.dielineOverArt, 0);
  const holes = withDieline.reduce((sum, page) => sum + page.dielineHoles, 0);
  if (holes > overArt) {
    lines.push(
      check(
        "The dieline knocks out the art under it: set it to overprint, or its lines print as white gaps in the art",
      ),
    );
  } else if (overArt > 0) lines.push(fine("The dieline is set to overprint"));
  const first = withDieline[0];
  if (first?.dielineMm) lines.push(extentLine(first.dielineMm, request?.box));
  return lines;
}

function extentLine(size: { width: number; height: number }, box: BoxRequest | undefined): ReportLine {
  const said = `Dieline ${mm(size.width)} × ${mm(size.height)} mm`;
  if (!box) return fine(said);
  const layout = flatLayout(box);
  const asked = `${box.styleLabel.toLowerCase()} of ${mm(box.length)} × ${mm(box.width)} × ${mm(box.height)} mm`;
  if (!layout) return fine(`${said} (a ${box.styleLabel.toLowerCase()}'s flat size is not worked out here)`);
  const usual = `about ${mm(layout.across.usual)} × ${mm(layout.along.usual)} mm`;
  return fitsLayout(size, layout)
    ? fine(`${said}: the flat blank of a ${asked} (${usual})`)
    : check(`${said}: a ${asked} lies flat at ${usual}; check the die is for this size`);
}

/** Spot colours by name, against the number the request's colours allow. */
export function spotLines(pages: readonly PageInksFound[], request: ArtworkRequest | undefined): ReportLine[] {
  const spots = [...new Set(pages.flatMap((page) => page.spots))];
  if (spots.length === 0) return [];
  const where = onPages(pages.filter((page) => page.spots.length > 0).map((page) => page.page));
  const said = `${plural(spots.length, "spot colour")} (${spots.slice(0, 8).join(", ")}${spots.length > 8 ? ", …" : ""}) on ${where}`;
  const colours = request?.colours;
  if (colours && spots.length > colours.spotInks) {
    const allowed = colours.spotInks === 0 ? "none" : String(colours.spotInks);
    return [check(`${said}: the printing colours asked for, ${colours.label}, allow ${allowed}`)];
  }
  return [fine(said)];
}

/** Total ink: the share of each page above the limit, the worst pages first. */
export function inkLines(pages: readonly PageInksFound[], limitPercent: number): ReportLine[] {
  const over = pages.filter((page) => page.overLimit > 0).sort((a, b) => b.overLimit - a.overLimit);
  if (over.length === 0) {
    const most = Math.max(0, ...pages.map((page) => page.mostInk));
    return [fine(`Ink at most ${most} % (the limit is ${limitPercent} %)`)];
  }
  const shown = over
    .slice(0, 3)
    .map((page) => `${share(page.overLimit)} of page ${page.page} (up to ${page.mostInk} %)`)
    .join(", ");
  const more = over.length > 3 ? `, and ${plural(over.length - 3, "more page")}` : "";
  return [check(`Ink above ${limitPercent} %: ${shown}${more}; it may not dry and may set off`)];
}

/** RGB anywhere: images (counted by pdfimages) and vector art or text (seen in the renders). */
export function colourLines(pages: readonly PageInksFound[], rgbImages: number): ReportLine[] {
  const rgb = pages.filter((page) => page.rgb > 0);
  if (rgb.length === 0) {
    return [
      fine(
        rgbImages === 0
          ? "No RGB: images, vector art and text are in CMYK, greyscale or spot colours"
          : "No RGB in vector art or text",
      ),
    ];
  }
  return [
    check(`RGB in vector art or text ${whereAndHowMuch(rgb, (page) => page.rgb)}: colours will shift in CMYK print`),
  ];
}

/** White set to overprint vanishes on press: the art under it shows through. */
export function whiteOverprintLines(pages: readonly PageInksFound[]): ReportLine[] {
  const white = pages.filter((page) => page.whiteOverprint > 0);
  if (white.length === 0) return [fine("No white set to overprint")];
  return [
    problem(
      `White set to overprint ${whereAndHowMuch(white, (page) => page.whiteOverprint)}: it vanishes in print; turn overprint off for it`,
    ),
  ];
}

/** Live text the cut or a fold may reach, named by its first words. */
export function textLines(
  near: readonly { page: number; words: string; of: "trim" | "dieline" }[],
  clearanceMm: number,
): ReportLine[] {
  if (near.length === 0) return [fine(`No live text within ${mm(clearanceMm)} mm of the cut`)];
  const [first] = near as [(typeof near)[number]];
  const others = near.slice(1).map((found) => found.page);
  const also = others.length > 0 ? `, and more on ${onPages(others)}` : "";
  const edge = first.of === "trim" ? "the trim" : "the dieline's cuts and folds";
  return [
    check(
      `Text within ${mm(clearanceMm)} mm of ${edge} on page ${first.page}: "${first.words}"${also}; keep text ${mm(clearanceMm)} mm inside, or it may be cut`,
    ),
  ];
}

/** Each barcode with its value; an EAN-13 or UPC-A with a wrong check digit, or below 80 %, is a problem. */
export function barcodeLines(found: readonly BarcodeFound[]): ReportLine[] {
  return found.map(({ kind, value, page, moduleMm }) => {
    const said = `${kind} ${value} on page ${page}`;
    if (kind === "EAN-13" || kind === "UPC-A") {
      const digits = kind === "UPC-A" ? `0${value}` : value;
      const due = eanCheckDigit(digits.slice(0, 12));
      if (Number(digits[12]) !== due) {
        return problem(`${said}: its check digit should be ${due}, so no scanner will read it`);
      }
      if (moduleMm !== undefined) {
        const size = moduleMm / EAN_MODULE_MM;
        const width = `bars ${mm(moduleMm * 95)} mm wide (${Math.round(size * 100)} % of the standard size)`;
        if (size < EAN_LEAST_MAGNIFICATION - 0.02) {
          return problem(
            `${said}: ${width}, below the ${Math.round(EAN_LEAST_MAGNIFICATION * 100)} % that scanners read reliably; print it larger`,
          );
        }
        return fine(`${said}: ${width}`);
      }
      return fine(said);
    }
    return fine(`${kind} on page ${page}: "${value}"`);
  });
}
