import { fileTypeFromBuffer } from "file-type";
import type { ArtworkKind } from "./artwork-kinds.ts";

/** How many leading bytes detectArtworkKind needs to decide. */
export const ARTWORK_HEAD_BYTES = 64 * 1024;

// file-type's names for the kinds it recognises by itself. Anything else it
// names (an .exe, a GIF, a docx or a jar, which are ZIPs too) is not artwork.
const kindsByFileTypeExt = new Map<string, ArtworkKind>([
  ["pdf", "pdf"],
  ["eps", "eps"],
  ["psd", "psd"],
  ["tif", "tiff"],
  ["png", "png"],
  ["jpg", "jpeg"],
  ["zip", "zip"],
]);

/**
 * The kind an artwork file is, decided from its first bytes only (never its
 * name); undefined for anything else. Bytes past ARTWORK_HEAD_BYTES are not
 * looked at, so a whole file and its head always get the same answer.
 */
export async function detectArtworkKind(head: Uint8Array): Promise<ArtworkKind | undefined> {
  const bytes = Buffer.from(head.buffer, head.byteOffset, Math.min(head.byteLength, ARTWORK_HEAD_BYTES));
  // CorelDRAW first: file-type knows neither of its containers, and may name
  // its ZIP after another member (META-INF/MANIFEST.MF makes a "jar").
  if (isRiffCorelDraw(bytes) || isZipCorelDraw(bytes)) return "cdr";

  const ext = await fileTypeExt(bytes);
  if (ext === "pdf" && hasIllustratorMark(bytes)) return "ai";
  if (ext === "ps") return isIllustratorPostScript(bytes) ? "ai" : undefined;
  const known = ext === undefined ? undefined : kindsByFileTypeExt.get(ext);
  if (known) return known;
  // A TIFF's directory may lie past the head (libvips writes it last); then
  // file-type cannot confirm it and says nothing, but the header is plain.
  if (ext === undefined && isTiffHeader(bytes)) return "tiff";
  if ((ext === undefined || ext === "xml") && isSvg(bytes)) return "svg";
  return undefined;
}

async function fileTypeExt(bytes: Buffer): Promise<string | undefined> {
  try {
    return (await fileTypeFromBuffer(bytes))?.ext;
  } catch {
    // The bytes come from strangers: a parser tripping over them means they are
    // nothing this site takes, not a failed request.
    return undefined;
  }
}

function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
}

// RIFF, a length, then the form type "CDR" and one character for the version
// (CorelDRAW 3 to X3; later versions keep the same RIFF inside a ZIP).
function isRiffCorelDraw(bytes: Buffer): boolean {
  return bytes.length >= 12 && latin1(bytes.subarray(0, 4)) === "RIFF" && /^cdr$/i.test(latin1(bytes.subarray(8, 11)));
}

const zipLocalHeader = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
// libcdr opens a ZIP as CorelDRAW when it holds one of these (X4 and X5, then X6 on).
const corelDrawZipEntries = new Set(["content/riffdata.cdr", "content/root.dat"]);

// Every local file header in the head is read, not only a walk from the first:
// an entry written with a data descriptor has no size in its header to skip by.
// When the drawing's entry lies past the head the file stays a plain "zip".
function isZipCorelDraw(bytes: Buffer): boolean {
  if (!bytes.subarray(0, 4).equals(zipLocalHeader)) return false;
  for (let at = 0; at !== -1; at = bytes.indexOf(zipLocalHeader, at + 4)) {
    if (at + 30 > bytes.length) break;
    const nameLength = bytes.readUInt16LE(at + 26);
    const name = latin1(bytes.subarray(at + 30, at + 30 + nameLength));
    if (corelDrawZipEntries.has(name.toLowerCase())) return true;
  }
  return false;
}

// Illustrator saves a PDF with its own mark: its editing data hangs under an
// /Illustrator key, and its metadata (written uncompressed near the start)
// names Illustrator as the creator tool and uses Illustrator's namespace.
// file-type 22 no longer tells these apart from other PDFs by itself.
const illustratorPdfMarks = [
  /\/Illustrator\b/,
  /CreatorTool(?:>|=")\s*Adobe Illustrator/,
  /\/Creator\s*\(\s*Adobe Illustrator/,
  /xmlns:illustrator="http:\/\/ns\.adobe\.com\/illustrator\//,
];

function hasIllustratorMark(bytes: Buffer): boolean {
  const text = latin1(bytes);
  return illustratorPdfMarks.some((mark) => mark.test(text));
}

// Illustrator's own files before version 9 were PostScript with %AI comments.
// An EPS saved from Illustrator carries them too, and stays an EPS.
function isIllustratorPostScript(bytes: Buffer): boolean {
  const text = latin1(bytes);
  return /^%%Creator:\s*Adobe Illustrator/m.test(text) || /^%%?AI\d+_/m.test(text);
}

// "II*\0" (little-endian) or "MM\0*" (big-endian); 43 instead of 42 is BigTIFF.
function isTiffHeader(bytes: Buffer): boolean {
  if (bytes.length < 8) return false;
  const order = latin1(bytes.subarray(0, 2));
  if (order === "II") return [42, 43].includes(bytes.readUInt16LE(2));
  if (order === "MM") return [42, 43].includes(bytes.readUInt16BE(2));
  return false;
}

// Sticky, so skipping whitespace never copies the rest of the text.
const xmlSpace = /[ \t\r\n]*/y;

/**
 * An SVG is XML whose first element is <svg>: before it may come only
 * whitespace, the XML declaration and other processing instructions, comments
 * and a DOCTYPE (with or without an internal subset).
 */
function isSvg(bytes: Buffer): boolean {
  let text: string;
  try {
    // stream: a head may end inside a character; fatal: anything else that is
    // not UTF-8 is not an SVG this site reads.
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes, { stream: true });
  } catch {
    return false;
  }
  let at = 0;
  for (;;) {
    xmlSpace.lastIndex = at;
    at += xmlSpace.exec(text)?.[0].length ?? 0;
    if (text.startsWith("<?", at)) at = after(text, "?>", at);
    else if (text.startsWith("<!--", at)) at = after(text, "-->", at + 4);
    else if (text.startsWith("<!DOCTYPE", at)) at = afterDoctype(text, at);
    else break;
    if (at === -1) return false;
  }
  return /^<svg[ \t\r\n/>]/.test(text.slice(at, at + 5));
}

function after(text: string, end: string, from: number): number {
  const found = text.indexOf(end, from);
  return found === -1 ? -1 : found + end.length;
}

// A DOCTYPE ends at the first ">" outside its internal subset "[ ... ]", whose
// declarations have ">" of their own.
function afterDoctype(text: string, from: number): number {
  const close = text.indexOf(">", from);
  const open = text.indexOf("[", from);
  if (close === -1) return -1;
  if (open === -1 || close < open) return close + 1;
  const subsetEnd = text.indexOf("]", open);
  return subsetEnd === -1 ? -1 : after(text, ">", subsetEnd);
}
