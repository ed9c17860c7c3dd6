/**
 * The artwork a buyer may send, written once: the kinds the server takes
 * (decided from a file's content, artwork-kind.server.ts), the extensions
 * that open each, what a file picker offers, the address files are uploaded
 * to and the size of an upload's pieces. The words a buyer or staff member
 * reads about them are the areas' content, keyed by these ids.
 */

export const artworkKinds = ["pdf", "ai", "eps", "cdr", "psd", "tiff", "png", "jpeg", "svg", "zip"] as const;
export type ArtworkKind = (typeof artworkKinds)[number];

/** A word for each kind, in the areas' content. */
export type ArtworkKindWords = Readonly<Record<ArtworkKind, string>>;

/** The kinds by the names of their formats, for staff and the company's mails: names, not words to translate. */
export const artworkKindLabels: ArtworkKindWords = {
  pdf: "PDF",
  ai: "Adobe Illustrator",
  eps: "EPS",
  cdr: "CorelDRAW",
  psd: "Photoshop",
  tiff: "TIFF",
  png: "PNG",
  jpeg: "JPEG",
  svg: "SVG",
  zip: "ZIP",
};

/** The extensions that open each kind in the programs made for it, the usual one first. */
export const artworkKindExtensions: Readonly<Record<ArtworkKind, readonly [string, ...string[]]>> = {
  pdf: ["pdf"],
  // An Illustrator file from version 9 on is a PDF, and opens as one; one from before is PostScript.
  ai: ["ai", "pdf", "eps"],
  eps: ["eps", "epsf", "epsi", "ps"],
  cdr: ["cdr"],
  psd: ["psd"],
  tiff: ["tif", "tiff"],
  png: ["png"],
  jpeg: ["jpg", "jpeg", "jpe"],
  svg: ["svg"],
  zip: ["zip"],
};

/**
 * What the file picker offers first: every kind's extensions and the media
 * types phones file them under. Any file may still be chosen: the server
 * checks what each is.
 */
export const artworkPickerAccept = [
  ...new Set(artworkKinds.flatMap((kind) => artworkKindExtensions[kind].map((extension) => `.${extension}`))),
  "application/pdf",
  "image/*",
  "application/zip",
].join(",");

/**
 * Where the quote form's files are uploaded (the tus protocol), under the
 * quote page's address: for the page's script, never a page, never serving a
 * file back. The domain owns it; the HTTP layer routes it here.
 */
export const quoteUploadsPath = "/quote/uploads";

/**
 * The pieces a file is uploaded in with a script: a dropped connection costs
 * at most one, each is S3's smallest part (5 MiB) so a bucket takes it
 * straight on, and the server holds little of one in memory at a time.
 */
export const uploadPieceBytes = 5 * 1024 * 1024;

/** Shown sizes: megabytes as people count them on a phone, one decimal below ten. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const mb = bytes / (1024 * 1024);
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

/** Why an upload, or a file sent with a form, is refused, in the words the buyer reads (the quote form's content). */
export type ArtworkRefusalWords = {
  tooLarge(name: string, maxFileBytes: number): string;
  tooMany(maxFiles: number): string;
  wrongKind(name: string): string;
  readonly clientQuota: string;
  readonly storageFull: string;
  readonly gone: string;
  readonly reload: string;
  readonly unavailable: string;
};
