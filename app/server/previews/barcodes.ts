/**
 * Barcodes on a page render. zbar's reader (zbarimg) decodes every kind it
 * knows but refuses an EAN-13 or UPC-A whose check digit is wrong, which is
 * the fault the print check must report; so EAN-13 and UPC-A are also read
 * here, from the bars' widths, which gives their size at print too.
 */

/** Widths of the two bars and two spaces of each digit, in modules, as the left half's odd-parity set (L) draws them. */
export const EAN_DIGIT_WIDTHS: readonly (readonly [number, number, number, number])[] = [
  [3, 2, 1, 1],
  [2, 2, 2, 1],
  [2, 1, 2, 2],
  [1, 4, 1, 1],
  [1, 1, 3, 2],
  [1, 2, 3, 1],
  [1, 1, 1, 4],
  [1, 3, 1, 2],
  [1, 2, 1, 3],
  [3, 1, 1, 2],
];

/** Which of the left half's digits use the even-parity set (G, the L widths reversed), by the first digit, which is read from it. */
export const EAN_FIRST_DIGIT_PARITY = [
  "LLLLLL",
  "LLGLGG",
  "LLGGLG",
  "LLGGGL",
  "LGLLGG",
  "LGGLLG",
  "LGGGLL",
  "LGLGLG",
  "LGLGGL",
  "LGGLGL",
] as const;

/** GS1's X-dimension of an EAN-13 or UPC-A at 100 %, and the smallest magnification it allows (80 %). */
export const EAN_MODULE_MM = 0.33;
export const EAN_LEAST_MAGNIFICATION = 0.8;

/** The check digit of the first twelve digits: weights 1 and 3 from the left. */
export function eanCheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** A greyscale page render: one byte a pixel, 0 black. */
export type Grey = { width: number; height: number; pixels: Uint8Array };

/** Reads a binary PGM (P5, 8 bits) as Ghostscript's pgmraw device writes it. */
export function readPgm(bytes: Uint8Array): Grey {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 512)).toString("latin1");
  const match = head.match(/^P5\s+(?:#[^\n]*\n\s*)*(\d+)\s+(\d+)\s+(\d+)\s/);
  if (match?.[3] !== "255") throw new Error("the page render could not be read");
  const width = Number(match[1]);
  const height = Number(match[2]);
  const start = match[0].length;
  if (start + width * height > bytes.byteLength) throw new Error("the page render ends early");
  return { width, height, pixels: bytes.subarray(start, start + width * height) };
}

/** One EAN-13 or UPC-A as read here: its 13 digits (UPC-A with a leading 0) and its module in pixels. */
export type EanRead = { digits: string; modulePx: number };

/** The 59 runs of an EAN-13, bar first: guard, six digits, centre guard, six digits, guard. */
const EAN_RUNS = 59;
const QUIET_MODULES = 3;

function digitOf(widths: readonly number[], reversed: boolean): { digit: number; error: number } {
  const sum = widths.reduce((a, b) => a + b, 0);
  let best = { digit: -1, error: Number.POSITIVE_INFINITY };
  EAN_DIGIT_WIDTHS.forEach((pattern, digit) => {
    let error = 0;
    for (let k = 0; k < 4; k++) {
      const expected = pattern[reversed ? 3 - k : k] ?? 0;
      error += Math.abs(((widths[k] ?? 0) * 7) / sum - expected);
    }
    if (error < best.error) best = { digit, error };
  });
  return best;
}

/** The guards' bars (even places: the runs start with a bar) and spaces, each one module wide as printed. */
const GUARD_BARS = [0, 2, 28, 30, 56, 58];
const GUARD_SPACES = [1, 27, 29, 31, 57];

/**
 * The digits of 59 runs read left to right, or undefined when they are not an
 * EAN-13 that way round. Bars render wider than drawn (ink spread, and a
 * renderer that paints every pixel a shape touches) and spaces narrower by as
 * much: the guards, one module each, tell by how much, and it is taken back.
 */
function decodeRuns(drawn: readonly number[]): string | undefined {
  const mean = (places: readonly number[]) => places.reduce((sum, at) => sum + (drawn[at] ?? 0), 0) / places.length;
  const gain = (mean(GUARD_BARS) - mean(GUARD_SPACES)) / 2;
  const runs = drawn.map((run, at) => (at % 2 === 0 ? run - gain : run + gain));
  const module = runs.reduce((a, b) => a + b, 0) / 95;
  const isModule = (at: number) => Math.abs((runs[at] ?? 0) / module - 1) < 0.6;
  for (const at of [0, 1, 2, 27, 28, 29, 30, 31, 56, 57, 58]) if (!isModule(at)) return undefined;
  let parity = "";
  let digits = "";
  for (let d = 0; d < 12; d++) {
    const at = d < 6 ? 3 + 4 * d : 32 + 4 * (d - 6);
    const widths = runs.slice(at, at + 4);
    if (Math.abs(widths.reduce((a, b) => a + b, 0) / module - 7) > 1.2) return undefined;
    const odd = digitOf(widths, false);
    const even = d < 6 ? digitOf(widths, true) : { digit: -1, error: Number.POSITIVE_INFINITY };
    const best = odd.error <= even.error ? odd : even;
    if (best.error > 1.3) return undefined;
    if (d < 6) parity += best === odd ? "L" : "G";
    digits += String(best.digit);
  }
  const first = EAN_FIRST_DIGIT_PARITY.indexOf(parity as (typeof EAN_FIRST_DIGIT_PARITY)[number]);
  return first < 0 ? undefined : `${first}${digits}`;
}

/** The EAN-13s in one line of pixels, given as the lengths of its runs, dark first when `darkFirst`. */
function eansInLine(runs: readonly number[], darkFirst: boolean): EanRead[] {
  const found: EanRead[] = [];
  const before = [0];
  for (const run of runs) before.push((before.at(-1) ?? 0) + run);
  for (let i = darkFirst ? 2 : 1; i + EAN_RUNS <= runs.length; i += 2) {
    const module = ((before[i + EAN_RUNS] ?? 0) - (before[i] ?? 0)) / 95;
    // The quiet zones and the start guard first: most lines of a page fail there, before any digit is read.
    const after = runs[i + EAN_RUNS];
    if ((runs[i - 1] ?? 0) < QUIET_MODULES * module) continue;
    if (after !== undefined && after < QUIET_MODULES * module) continue;
    // Three runs of one module each, however much wider the bar came out than the space.
    const guard = ((runs[i] ?? 0) + (runs[i + 1] ?? 0) + (runs[i + 2] ?? 0)) / module;
    if (guard < 2 || guard > 4) continue;
    const window = runs.slice(i, i + EAN_RUNS);
    const digits = decodeRuns(window) ?? decodeRuns([...window].reverse());
    if (digits) {
      found.push({ digits, modulePx: module });
      i += EAN_RUNS - 1;
    }
  }
  return found;
}

/** Lengths of the runs of dark and light along a line of pixels, and whether the first is dark. */
function runsOf(pixel: (at: number) => number, length: number): { runs: number[]; darkFirst: boolean } {
  const runs: number[] = [];
  const darkFirst = pixel(0) < 128;
  let dark = darkFirst;
  let run = 0;
  for (let at = 0; at < length; at++) {
    if (pixel(at) < 128 === dark) run++;
    else {
      runs.push(run);
      run = 1;
      dark = !dark;
    }
  }
  runs.push(run);
  return { runs, darkFirst };
}

/**
 * The EAN-13s (and UPC-As) on a page render, read along every `step`th row
 * and column, so upright and turned barcodes are both found. A code counts
 * when at least three lines read the same digits; its module is their median.
 */
export function readEans(grey: Grey, step: number): EanRead[] {
  const { width, height, pixels } = grey;
  const seen = new Map<string, number[]>();
  const note = (reads: EanRead[]) => {
    for (const read of reads) seen.set(read.digits, [...(seen.get(read.digits) ?? []), read.modulePx]);
  };
  for (let y = 0; y < height; y += step) {
    const row = y * width;
    const { runs, darkFirst } = runsOf((x) => pixels[row + x] ?? 255, width);
    if (runs.length > EAN_RUNS) note(eansInLine(runs, darkFirst));
  }
  for (let x = 0; x < width; x += step) {
    const { runs, darkFirst } = runsOf((y) => pixels[y * width + x] ?? 255, height);
    if (runs.length > EAN_RUNS) note(eansInLine(runs, darkFirst));
  }
  return [...seen]
    .filter(([, modules]) => modules.length >= 3)
    .map(([digits, modules]) => ({ digits, modulePx: median(modules) }));
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** One symbol zbarimg decoded: its kind as zbar names it, its data, and which of the files given it was on (0 first). */
export type ZbarSymbol = { file: number; type: string; data: string };

/** zbarimg --xml: a source element per file given, each symbol's data in CDATA (base64 when zbar says so). */
export function parseZbarXml(xml: string): ZbarSymbol[] {
  const symbols: ZbarSymbol[] = [];
  xml
    .split(/<source\b/)
    .slice(1)
    .forEach((source, file) => {
      for (const match of source.matchAll(
        /<symbol type='([^']*)'[^>]*>\s*<data(?: format='([^']*)')?[^>]*>([\s\S]*?)<\/data>/g,
      )) {
        const raw = (match[3] ?? "").replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, "$1");
        const data = match[2] === "base64" ? Buffer.from(raw, "base64").toString("latin1") : raw;
        symbols.push({ file, type: match[1] ?? "", data });
      }
    });
  return symbols;
}
