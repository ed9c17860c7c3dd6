import { encode } from "uqr";

/** A QR code as its dark modules, row by row in runs, so a PDF or an SVG draws each run as one rectangle. */
export type QrCode = {
  /** Modules on a side, without the quiet zone around it, which the page must leave blank (4 modules). */
  size: number;
  /** Each run: its first column, its row and its length, in modules. */
  runs: readonly (readonly [number, number, number])[];
};

/** The quiet zone a reader needs around a QR code, in modules. */
export const QR_QUIET_ZONE = 4;

/** `text` as a QR code at error correction level M (15 %), as payment codes are printed. */
export function qrCodeOf(text: string): QrCode {
  const { data, size } = encode(text, { ecc: "M", border: 0 });
  const runs: [number, number, number][] = [];
  for (const [y, row] of data.entries()) {
    let start = -1;
    for (let x = 0; x <= row.length; x++) {
      const dark = row[x] === true;
      if (dark && start < 0) start = x;
      if (!dark && start >= 0) {
        runs.push([start, y, x - start]);
        start = -1;
      }
    }
  }
  return { size, runs };
}

/** The code as one SVG path in module units, for a page to draw at any size. */
export const qrSvgPath = (code: QrCode) =>
  code.runs.map(([x, y, length]) => `M${x} ${y}h${length}v1h-${length}z`).join("");
