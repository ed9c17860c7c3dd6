import { mailtoUrl } from "../../server/contact/indian-phone.ts";
import type { ArtworkCheck, Mark, ReportLine } from "../../server/previews/report.ts";
import { formatBytes } from "../../server/uploads/artwork-kinds.ts";
import { inboxText } from "../content/inbox.ts";
import { staffPaths } from "../paths.ts";

export type PreviewView = { large: string; small: string; alt: string };

/** One file's check, as the inquiry page shows it. */
export type FileCheckView =
  | { state: "pending" }
  | {
      state: "done";
      preview?: PreviewView;
      noPreview?: string;
      report: ReportLine[];
      entries?: {
        name: string;
        size: string;
        kind?: string;
        preview?: PreviewView;
        noPreview?: string;
        report: ReportLine[];
      }[];
    };

type File = { id: string; name: string };

/** Turns a stored check into what the page shows, with the addresses of its preview images. */
export function fileCheckView(
  reference: string,
  file: File,
  check: ArtworkCheck | undefined,
): FileCheckView | undefined {
  if (!check) return undefined;
  if (check.state === "pending") return { state: "pending" };
  const { outcome } = check;
  const previewAt = (position: number, alt: string): PreviewView => ({
    large: staffPaths.preview(reference, file.id, position, "large"),
    small: staffPaths.preview(reference, file.id, position, "small"),
    alt,
  });
  const text = inboxText.files;
  return {
    state: "done",
    // A ZIP's own "preview" is its files': the first one shows in the list.
    ...(outcome.previews > 0 ? { preview: previewAt(0, text.previewOf(file.name)) } : {}),
    ...(outcome.noPreview ? { noPreview: outcome.noPreview } : {}),
    report: outcome.report,
    ...(outcome.entries
      ? {
          entries: outcome.entries.map((entry) => ({
            name: entry.name,
            size: formatBytes(entry.size),
            ...(entry.kind ? { kind: entry.kind } : {}),
            ...(entry.findings?.preview !== undefined
              ? { preview: previewAt(entry.findings.preview, text.entryPreviewOf(entry.name, file.name)) }
              : {}),
            ...(entry.findings?.noPreview ? { noPreview: entry.findings.noPreview } : {}),
            report: entry.findings?.report ?? [],
          })),
        }
      : {}),
  };
}

const problemsOf = (report: readonly ReportLine[]) =>
  report.filter((line) => line.mark === "problem").map((line) => line.text);

/**
 * The reply asking for better files, filled in with every line marked
 * "problem", file by file; undefined when no file has one.
 */
export function attentionReply(
  inquiry: { reference: string; name: string; email: string },
  files: readonly { name: string; check?: FileCheckView | undefined }[],
): string | undefined {
  const sections: string[] = [];
  for (const file of files) {
    if (file.check?.state !== "done") continue;
    const own = problemsOf(file.check.report);
    if (own.length > 0) sections.push([file.name, ...own.map((line) => `- ${line}`)].join("\n"));
    for (const entry of file.check.entries ?? []) {
      const inner = problemsOf(entry.report);
      if (inner.length > 0)
        sections.push([`${file.name}: ${entry.name}`, ...inner.map((line) => `- ${line}`)].join("\n"));
    }
  }
  if (sections.length === 0) return undefined;
  const words = inboxText.files.attention;
  const body = [words.greeting(inquiry.name), words.intro, ...sections, words.closing].join("\n\n");
  return mailtoUrl(inquiry.email, words.subject(inquiry.reference), body);
}

export const markLabel = (mark: Mark) => inboxText.files.marks[mark];
