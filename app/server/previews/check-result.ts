import type { PrintCheckSettings } from "./print-settings.ts";
import type { FileFindings, ReportLine } from "./report.ts";
import type { ArtworkRequest } from "./requested-size.ts";

/** A preview as stored: the large image for the inquiry page, the small one for the file list. */
export type PreviewImage = { large: Buffer; small: Buffer };

/** How long one part of a check took, for the benchmark. */
export type StepTiming = { step: string; ms: number };

/**
 * One check under way: its scratch folder, what the buyer's request asks of
 * the artwork, the print check's thresholds, its time, and where the time of
 * each part is noted.
 */
export type CheckContext = {
  dir: string;
  request: ArtworkRequest | undefined;
  print: PrintCheckSettings;
  signal: AbortSignal;
  deadline: number;
  steps?: StepTiming[];
};
/** What the check of one file found, and the previews it made. */
export type KindResult = { findings: FileFindings; images: PreviewImage[] };

/** The files a program reads and writes: in the sandbox, the only ones it sees. */
export type Files = { reads: readonly string[]; writes?: readonly string[] };

/** Does one part of a check, noting how long it took. */
export async function timed<T>(ctx: CheckContext, step: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    ctx.steps?.push({ step, ms: Math.round(performance.now() - started) });
  }
}

export const noPreview = (reason: string, report: ReportLine[] = []): KindResult => ({
  findings: { previews: 0, noPreview: reason, report },
  images: [],
});
