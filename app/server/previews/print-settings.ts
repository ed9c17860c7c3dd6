/**
 * The thresholds of the print check. Each is a named setting (PRINT_CHECK_*
 * in the settings' schema), so a printer working to other limits changes the
 * setting, not the code; the defaults are what a carton printer works to.
 */
export type PrintCheckSettings = {
  /** Bleed asked for beyond the trim (or the dieline) on every side. */
  bleedMm: number;
  /** How far a page may be from the flat size asked for plus the bleed on every side and still be read as trim plus bleed. */
  bleedToleranceMm: number;
  /** The most ink, all separations together, one spot of the sheet may carry. */
  inkLimitPercent: number;
  /** Live text nearer the trim, or the dieline, than this may be cut or cracked in the fold. */
  cutClearanceMm: number;
  /** A separation or layer named like one of these holds the cutting die's lines, not ink (compared without case, spaces or punctuation). */
  dielineNames: readonly string[];
};

export const defaultPrintCheckSettings: PrintCheckSettings = {
  bleedMm: 3,
  bleedToleranceMm: 0.5,
  inkLimitPercent: 300,
  cutClearanceMm: 3,
  dielineNames: ["Dieline", "Die", "CutContour", "Cut", "Crease"],
};

const folded = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

/**
 * Whether a separation or layer is the dieline: its name, folded, begins with
 * one of the names the setting lists ("Die cut" and "DIELINE 2" are, "Diesel"
 * would be too, which no printer names an ink).
 */
export function isDielineName(name: string, names: readonly string[]): boolean {
  const own = folded(name);
  return own !== "" && names.some((listed) => folded(listed) !== "" && own.startsWith(folded(listed)));
}
