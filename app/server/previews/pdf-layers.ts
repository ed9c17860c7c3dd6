import { inflateSync } from "node:zlib";

/**
 * The names of a PDF's optional-content groups (its layers, as Illustrator
 * and InDesign export them), found by looking for their dictionaries in the
 * file's bytes and in its compressed object streams. No tool the site runs
 * lists them. A scan, not a parser: it reads the bytes of a stranger's file,
 * so it runs in a process of its own (pdf-layers-tool.ts), its work bounded
 * by the limits below; an encrypted file's names stay unread.
 */

export const layerScanLimits = {
  /** Object streams inflated, and bytes all of them may inflate to. */
  objectStreams: 20_000,
  inflatedBytes: 256 * 1024 * 1024,
  /** Layers listed; a file may declare thousands. */
  layers: 100,
} as const;

const OCG = Buffer.from("/OCG");
const OBJECT_STREAM = Buffer.from("/ObjStm");
const STREAM = Buffer.from("stream");
const END_STREAM = Buffer.from("endstream");

/** Every layer name in the file, once each, in the order found. */
export function layerNames(file: Buffer): string[] {
  const names = new Set<string>();
  namesIn(file, names);
  let inflated = 0;
  let streams = 0;
  for (let at = file.indexOf(OBJECT_STREAM); at >= 0; at = file.indexOf(OBJECT_STREAM, at + 1)) {
    if (++streams > layerScanLimits.objectStreams || names.size >= layerScanLimits.layers) break;
    const start = file.indexOf(STREAM, at);
    const end = start < 0 ? -1 : file.indexOf(END_STREAM, start);
    if (end < 0) break;
    const dictionary = file.toString("latin1", Math.max(0, at - 512), start);
    if (!/\/FlateDecode/.test(dictionary.slice(dictionary.lastIndexOf("<<")))) continue;
    const body = file.subarray(start + STREAM.length, end);
    const room = layerScanLimits.inflatedBytes - inflated;
    if (room <= 0) break;
    try {
      const objects = inflateSync(body.subarray(body[0] === 0x0d ? 2 : 1), {
        maxOutputLength: Math.min(room, 64 * 1024 * 1024),
      });
      inflated += objects.length;
      namesIn(objects, names);
    } catch {
      // Damaged, encrypted or bigger than its share: what it holds stays unread.
    }
  }
  return [...names].slice(0, layerScanLimits.layers);
}

/** The /Name of each dictionary typed /OCG in these bytes. */
function namesIn(bytes: Buffer, names: Set<string>): void {
  for (let at = bytes.indexOf(OCG); at >= 0; at = bytes.indexOf(OCG, at + 1)) {
    // "/OCGs" (the catalog's list) and "/OCGroup" are other keys.
    if (/[A-Za-z0-9]/.test(String.fromCharCode(bytes[at + OCG.length] ?? 32))) continue;
    const around = bytes.toString("latin1", Math.max(0, at - 1024), Math.min(bytes.length, at + 1024));
    const here = Math.min(at, 1024);
    if (!/\/Type\s*$/.test(around.slice(0, here))) continue;
    const open = Math.max(0, around.lastIndexOf("<<", here));
    const name = nameIn(around.slice(open), here - open);
    if (name !== undefined && names.size < layerScanLimits.layers) names.add(name);
  }
}

/** The dictionary's /Name string, looked for on either side of its /Type. */
function nameIn(dictionary: string, typeAt: number): string | undefined {
  const keys = [...dictionary.matchAll(/\/Name\s*(\((?:\\[\s\S]|[^\\)])*\)|<[0-9A-Fa-f\s]*>)/g)];
  // The nearest /Name key to the /Type key belongs to the same dictionary.
  const nearest = keys.sort((a, b) => Math.abs((a.index ?? 0) - typeAt) - Math.abs((b.index ?? 0) - typeAt))[0];
  return nearest ? pdfString(nearest[1] ?? "") : undefined;
}

/** A PDF string's text: a literal's escapes or hex digits, UTF-16 when it starts with a byte-order mark. */
export function pdfString(token: string): string {
  let bytes: number[];
  if (token.startsWith("<")) {
    const hex = token.slice(1, -1).replace(/\s/g, "");
    bytes = (hex.length % 2 ? `${hex}0` : hex).match(/../g)?.map((pair) => Number.parseInt(pair, 16)) ?? [];
  } else {
    bytes = [];
    const body = token.slice(1, -1);
    for (let i = 0; i < body.length; i++) {
      const c = body[i] ?? "";
      if (c !== "\\") {
        bytes.push(c.charCodeAt(0) & 0xff);
        continue;
      }
      const next = body[++i] ?? "";
      const octal = body.slice(i).match(/^[0-7]{1,3}/)?.[0];
      if (octal) {
        bytes.push(Number.parseInt(octal, 8) & 0xff);
        i += octal.length - 1;
      } else if (next === "\r" || next === "\n") {
        if (next === "\r" && body[i + 1] === "\n") i++;
      } else {
        bytes.push(({ n: 10, r: 13, t: 9, b: 8, f: 12 } as Record<string, number>)[next] ?? next.charCodeAt(0));
      }
    }
  }
  const buffer = Buffer.from(bytes);
  const text =
    buffer[0] === 0xfe && buffer[1] === 0xff
      ? new TextDecoder("utf-16be").decode(buffer.subarray(2))
      : buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf
        ? buffer.subarray(3).toString("utf8")
        : buffer.toString("latin1");
  return text
    .replace(/[\p{Cc}\p{Cf}]/gu, "")
    .trim()
    .slice(0, 100);
}
