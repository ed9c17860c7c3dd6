import path from "node:path";

/**
 * What the build accepts as a photograph and what it makes of one; the Vite
 * step that applies these rules is photo-plugin.ts.
 */

/** Larger than any phone's full-size JPEG (2–12 MB), small enough to catch a scan or an uncompressed export. */
export const photoSizeLimit = 25 * 1024 * 1024;

/**
 * The widths each photograph is offered at, in pixels. The widest slot is a
 * service page's picture, 640 CSS px (40rem), so 1280 serves it sharp on a
 * 2× screen; the steps between let a phone (a card or page picture 343 CSS px
 * wide at 375 px, 686 at 2×; 380 at 412 px, 665 at 1.75×) and a desktop card
 * (270–400 CSS px) each take a file not much larger than they show.
 */
export const layoutWidths = [320, 480, 640, 720, 800, 960, 1280] as const;

export type SourceFormat = "jpeg" | "png";

const formatByExtension: Record<string, SourceFormat> = { ".jpg": "jpeg", ".jpeg": "jpeg", ".png": "png" };

/** The format a file's first bytes announce, when it is one the build takes. */
export function sniffFormat(head: Uint8Array): SourceFormat | undefined {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.every((byte, index) => head[index] === byte)) return "png";
  return undefined;
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
  const found = sniffFormat(head);
  if (found !== expected) {
    return `${file} ends in ${extension} but is not a ${expected === "jpeg" ? "JPEG" : "PNG"} inside${found ? ` (it is a ${found === "jpeg" ? "JPEG" : "PNG"})` : ""}. Save it again as a real JPEG or PNG.`;
  }
  return undefined;
}

/** The widths to make of a photograph `sourceWidth` pixels wide: never wider than it, and its own width when that is less than the widest. */
export function variantWidths(sourceWidth: number): number[] {
  const widths: number[] = layoutWidths.filter((width) => width < sourceWidth);
  const widest = Math.min(sourceWidth, Math.max(...layoutWidths));
  if (!widths.includes(widest)) widths.push(widest);
  return widths;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
