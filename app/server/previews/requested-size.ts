import type { QuoteWords } from "../contact/quote-spec.ts";
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
