/**
 * A print-readiness report: plain lines for staff, each marked. "Problem"
 * lines are the ones a buyer must mend before printing; they fill the reply
 * asking for new files.
 */
export type Mark = "fine" | "check" | "problem";

export type ReportLine = { mark: Mark; text: string };

export const fine = (text: string): ReportLine => ({ mark: "fine", text });
export const check = (text: string): ReportLine => ({ mark: "check", text });
export const problem = (text: string): ReportLine => ({ mark: "problem", text });

/** What the checks found in one file (or one file inside a ZIP). */
export type FileFindings = {
  /** How many preview images were made; 0 with noPreview saying why. */
  previews: number;
  noPreview?: string;
  report: ReportLine[];
};

/** A file inside a ZIP: its name and size as the archive lists them, and what was found when it was checked. */
export type ZipEntryFindings = {
  name: string;
  size: number;
  kind?: string;
  findings?: FileFindings & { preview?: number };
};

/** The outcome of checking one uploaded file, kept as JSON with the job. */
export type CheckOutcome = FileFindings & {
  entries?: ZipEntryFindings[];
  /** How long the check took, for the benchmark and the log. */
  ms: number;
};

/** A check as the inquiry page shows it: waiting, or done with what it found. */
export type ArtworkCheck = { state: "pending" } | { state: "done"; outcome: CheckOutcome };

/** Print resolutions, in pixels per inch: below the first a picture may print soft, below the second it prints blurred. */
export const PRINT_PPI = 300;
export const LOWEST_PPI = 150;

export const MM_PER_INCH = 25.4;
export const POINTS_PER_INCH = 72;

export const mmFromPoints = (points: number) => (points * MM_PER_INCH) / POINTS_PER_INCH;

/** Millimetres as staff read them: whole where whole, else to one decimal. */
export function mm(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** The mark of a resolution in pixels per inch. */
export function resolutionMark(ppi: number): Mark {
  if (ppi < LOWEST_PPI) return "problem";
  return ppi < PRINT_PPI ? "check" : "fine";
}
