import type { Choice, QuoteWords } from "../contact/quote-spec.ts";
import { check, fine, mm, type ReportLine } from "./report.ts";

/**
 * The labels a request's specification keeps its sizes under: it is kept in
 * the words the form asked it, so the check reads it in those same words.
 */
export type RequestedSizeWords = Pick<
  QuoteWords,
  "size" | "customSize" | "customWidth" | "customHeight" | "widthFeet" | "heightFeet"
>;

/** A finished size a quote request asks for, in millimetres, and how the buyer put it. */
export type RequestedSize = { width: number; height: number; label: string };

const paperSizes: Record<string, [number, number]> = {
  A1: [594, 841],
  A2: [420, 594],
  A3: [297, 420],
  A4: [210, 297],
  A5: [148, 210],
  B5: [176, 250],
  DL: [99, 210],
};

const MM_PER_FOOT = 304.8;

/**
 * The flat size in a request's specification, when it gives one: a paper
 * size, a custom size, or a large-format size in feet. A box's inner
 * dimensions are not its artwork's size (the dieline unfolds them), so a box
 * request gives none.
 */
export function requestedSize(
  specification: readonly (readonly [string, string])[],
  text: RequestedSizeWords,
): RequestedSize | undefined {
  const answer = (label: string) => specification.find(([asked]) => asked === label)?.[1];
  const number = (label: string) => Number.parseFloat(answer(label) ?? "");
  const customWidth = number(text.customWidth);
  const customHeight = number(text.customHeight);
  // The form keeps custom figures typed before a paper size was chosen: they count only with "Custom size".
  const chosen = answer(text.size);
  if ((chosen === undefined || chosen === text.customSize) && customWidth > 0 && customHeight > 0) {
    return { width: customWidth, height: customHeight, label: `${mm(customWidth)} × ${mm(customHeight)} mm` };
  }
  const paper = paperSizes[answer(text.size) ?? ""];
  if (paper) return { width: paper[0], height: paper[1], label: `${answer(text.size)} (${paper[0]} × ${paper[1]} mm)` };
  const feetWide = number(text.widthFeet);
  const feetHigh = number(text.heightFeet);
  if (feetWide > 0 && feetHigh > 0) {
    return {
      width: feetWide * MM_PER_FOOT,
      height: feetHigh * MM_PER_FOOT,
      label: `${feetWide} × ${feetHigh} ft`,
    };
  }
  return undefined;
}

/** A box asked for: its style (an id of BOX_STYLES, or the answer as given when no style has that name) and inner size in mm. */
export type BoxRequest = { style: string; styleLabel: string; length: number; width: number; height: number };

/** What a request asks of its artwork, as far as the print check reads it. */
export type ArtworkRequest = {
  size?: RequestedSize;
  /** A packaging product (a box, carton or bag: the questions of the box group). */
  box?: BoxRequest;
  /** The printing colours asked for, and how many spot inks they allow; undefined when the answer is not one the check knows. */
  colours?: { label: string; spotInks: number };
};

/** The words and lists a request's specification is kept in: the quote form's content. */
export type RequestWords = {
  words: RequestedSizeWords & Pick<QuoteWords, "style" | "length" | "width" | "height" | "colours">;
  boxStyles: Readonly<Record<string, string>>;
  printColours: readonly Choice[];
};

/**
 * Spot inks each of the quote form's colour choices allows, by the value the
 * form posts: one to three colours may all be spot inks; four-colour process
 * allows none, and CMYK with a Pantone one.
 */
const spotInksByColours: Readonly<Record<string, number>> = {
  "no-printing": 0,
  "1-colour": 1,
  "2-colours": 2,
  "3-colours": 3,
  "4-colours-cmyk": 0,
  "cmyk-pantone": 1,
};

/** The size, box and colours a request's specification asks for, read in the words the form asked them. */
export function artworkRequest(
  specification: readonly (readonly [string, string])[],
  content: RequestWords,
): ArtworkRequest {
  const { words } = content;
  const answer = (label: string) => specification.find(([asked]) => asked === label)?.[1];
  const request: ArtworkRequest = {};
  const size = requestedSize(specification, words);
  if (size) request.size = size;
  const styleLabel = answer(words.style);
  if (styleLabel !== undefined) {
    const [length, width, height] = [words.length, words.width, words.height].map((label) =>
      Number.parseFloat(answer(label) ?? ""),
    ) as [number, number, number];
    const style = Object.entries(content.boxStyles).find(([, label]) => label === styleLabel)?.[0] ?? styleLabel;
    request.box = { style, styleLabel, length, width, height };
  }
  const colours = answer(words.colours);
  const chosen = content.printColours.find((choice) => choice.label === colours)?.value;
  const spotInks =
    chosen !== undefined && Object.hasOwn(spotInksByColours, chosen) ? spotInksByColours[chosen] : undefined;
  if (colours !== undefined && spotInks !== undefined) request.colours = { label: colours, spotInks };
  return request;
}

/** Within a millimetre either way, in either orientation. */
function matches(size: { width: number; height: number }, requested: RequestedSize): boolean {
  const close = (a: number, b: number) => Math.abs(a - b) <= 1;
  return (
    (close(size.width, requested.width) && close(size.height, requested.height)) ||
    (close(size.width, requested.height) && close(size.height, requested.width))
  );
}

/** The trim size, and whether it is the size asked for. */
export function sizeLine(
  size: { width: number; height: number },
  source: string,
  requested: RequestedSize | undefined,
): ReportLine[] {
  const said = `Trim size ${mm(size.width)} × ${mm(size.height)} mm (${source})`;
  if (!requested) return [fine(said)];
  return matches(size, requested)
    ? [fine(`${said}: matches the ${requested.label} asked for`)]
    : [check(`${said}: the request asks for ${requested.label}`)];
}
