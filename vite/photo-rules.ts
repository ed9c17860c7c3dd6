import path from "node:path";
import { type PhotoKind, photoSizeLimit, sniffPhotoKind } from "../app/server/photos/photo-rules.ts";

/**
 * What the build accepts as a photograph of the site's files, in words for
 * the developer who adds one; the Vite step that applies these rules is
 * photo-plugin.ts. The limits, widths and encoding are the photo library's
 * too (app/server/photos/photo-rules.ts).
 */

export type SourceFormat = "jpeg" | "png";

const formatByExtension: Record<string, SourceFormat> = { ".jpg": "jpeg", ".jpeg": "jpeg", ".png": "png" };

const formatNames: Record<PhotoKind, string> = { jpeg: "JPEG", png: "PNG", webp: "WebP", avif: "AVIF" };

/** The format a file's first bytes announce, when it is one the build takes. */
export function sniffFormat(head: Uint8Array): SourceFormat | undefined {
  const kind = sniffPhotoKind(head);
  return kind === "jpeg" || kind === "png" ? kind : undefined;
}

/**
 * Why a file cannot be a photograph of the site, in words for the person who
 * dropped it in, or undefined when it can. `file` is the name to show
 * (relative to the project), `bytes` its size and `head` its first bytes.
 */
export function photoProblem(file: string, bytes: number, head: Uint8Array): string | undefined {
  const extension = path.extname(file).toLowerCase();
  const expected = formatByExtension[extension];
  if (!expected) {
    const kind = extension ? `a ${extension} file` : "a file without an extension";
    return `${file} is ${kind}; a photograph must be a JPEG (.jpg, .jpeg) or PNG (.png). Save it as JPEG and name that file instead.`;
  }
  if (bytes > photoSizeLimit) {
    return `${file} is ${megabytes(bytes)}; a photograph may be at most ${megabytes(photoSizeLimit)}. Export it again as a JPEG at full size and about 85% quality, which is a few MB.`;
  }
  const found = sniffPhotoKind(head);
  if (found !== expected) {
    return `${file} ends in ${extension} but is not a ${formatNames[expected]} inside${found ? ` (it is a ${formatNames[found]})` : ""}. Save it again as a real JPEG or PNG.`;
  }
  return undefined;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
