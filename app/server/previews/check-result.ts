import type { FileFindings, ReportLine } from "./report.ts";
import type { RequestedSize } from "./requested-size.ts";

/** A preview as stored: the large image for the inquiry page, the small one for the file list. */
export type PreviewImage = { large: Buffer; small: Buffer };

/** One check under way: its scratch folder, the size the buyer asked for, and its time. */
export type CheckContext = { dir: string; requested: RequestedSize | undefined; signal: AbortSignal; deadline: number };
/** What the check of one file found, and the previews it made. */
export type KindResult = { findings: FileFindings; images: PreviewImage[] };

export const noPreview = (reason: string, report: ReportLine[] = []): KindResult => ({
  findings: { previews: 0, noPreview: reason, report },
  images: [],
});
