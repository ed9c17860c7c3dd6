import { open } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { crc32, createDeflateRaw, deflateRawSync, deflateSync } from "node:zlib";
import {
  A4,
  EPS_BOUNDING_BOX,
  goodPdf,
  literalString,
  pdfDocument,
  pdfStream,
  SVG_OPEN,
  smallPdf,
  svgDrawing,
  writeSample,
} from "./artwork-samples.ts";
import { bytesOf, centralHeader, endOfCentralDirectory, localHeader, type ZipRecord, zip } from "./zip-samples.ts";

/**
 * Hostile artwork files for the tests of the preview and print check: what a
 * file made to harm the checker would be. Each maker writes one file into the
 * folder it is given and resolves to its absolute path, as in artwork-samples.ts.
 */
/**
 * An EPS that reads /etc/passwd and shows its first line on the page, and
 * tries to create `markerPath` both as a file and through a shell pipe. Each
 * write is tried on its own (inside `stopped`), so a renderer that blocks one
 * is still tried with the other; the read comes last and unguarded, so a
 * renderer that blocks it ends with an error.
 */
export async function postScriptReadingPasswd(dir: string, markerPath: string): Promise<string> {
  const shellQuoted = `'${markerPath.replaceAll("'", `'\\''`)}'`;
  const postScript = [
    "%!PS-Adobe-3.0 EPSF-3.0",
    EPS_BOUNDING_BOX,
    "%%Title: Harmless looking artwork",
    "%%Creator: Sample artwork",
    "%%Pages: 1",
    "%%EndComments",
    "%%Page: 1 1",
    "/Helvetica findfont 9 scalefont setfont",
    `mark { ${literalString(markerPath)} (w) file dup (written by the file operator\\n) writestring closefile } stopped cleartomark`,
    `mark { ${literalString(`%pipe%touch ${shellQuoted}`)} (w) file closefile } stopped cleartomark`,
    "20 400 moveto",
    "(/etc/passwd) (r) file 256 string readline pop show",
    "showpage",
    "%%EOF",
    "",
  ].join("\n");
  return writeSample(dir, "reads-passwd.eps", postScript);
}

/** A one-page PDF whose page tree claims two thousand million pages. */
export async function pdfHugePageCount(dir: string): Promise<string> {
  return writeSample(
    dir,
    "huge-page-count.pdf",
    pdfDocument([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 2000000000 >>",
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>`,
      pdfStream("", "BT /F1 24 Tf 72 700 Td (One page of two thousand million) Tj ET"),
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]),
  );
}

export const DEEP_NESTING = 200_000;

/** A PDF whose page's /Resources is an array nested 200 000 deep, for parsers that recurse. */
export async function pdfDeeplyNested(dir: string): Promise<string> {
  return writeSample(
    dir,
    "deeply-nested.pdf",
    pdfDocument([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] /Resources 5 0 R /Contents 4 0 R >>`,
      pdfStream("", "0.2 0.4 0.8 rg 72 72 200 200 re f"),
      "[".repeat(DEEP_NESTING) + "]".repeat(DEEP_NESTING),
    ]),
  );
}

export const ZIP_BOMB_BYTES = 300 * 1024 * 1024;

/**
 * A ZIP whose one entry inflates to 300 MB of zeros from a few hundred KB
 * (about 1000:1, deflate's limit). Its headers are honest: a reader must
 * refuse it for what it would cost, not for lying. The entry is deflated in
 * pieces straight to the file, so making it never holds 300 MB.
 */
export async function zipBomb(dir: string): Promise<string> {
  const file = path.resolve(dir, "bomb.zip");
  const piece = Buffer.alloc(1024 * 1024);
  const record: ZipRecord = {
    name: Buffer.from("artwork/poster.pdf"),
    method: 8,
    crc: 0,
    compressedSize: 0,
    size: ZIP_BOMB_BYTES,
    offset: 0,
  };
  const handle = await open(file, "w");
  try {
    // Sizes and CRC are known only at the end; the header is written again then.
    const headerLength = localHeader(record).length;
    await handle.write(localHeader(record), 0, headerLength, 0);
    let position = headerLength;
    async function* zeros() {
      for (let made = 0; made < ZIP_BOMB_BYTES; made += piece.length) {
        record.crc = crc32(piece, record.crc);
        yield piece;
      }
    }
    await pipeline(Readable.from(zeros()), createDeflateRaw({ level: 9 }), async (deflated: AsyncIterable<Buffer>) => {
      for await (const chunk of deflated) {
        await handle.write(chunk, 0, chunk.length, position);
        position += chunk.length;
      }
    });
    record.compressedSize = position - headerLength;
    const directory = centralHeader(record);
    const tail = Buffer.concat([directory, endOfCentralDirectory(1, directory.length, position)]);
    await handle.write(tail, 0, tail.length, position);
    await handle.write(localHeader(record), 0, headerLength, 0);
  } finally {
    await handle.close();
  }
  return file;
}

export const OVERLAPPING_ZIP = { entries: 60, entryBytes: 2 * 1024 * 1024 } as const;

/**
 * A ZIP whose 60 listed files all point at the same packed data, each in
 * bounds (2 MB at about 4:1): what each says is modest, but the archive, a
 * few hundred KB, would unpack to 120 MB.
 */
export async function zipOfOverlappingEntries(dir: string): Promise<string> {
  // Four values a byte, in an order with no repeats to find: deflate packs them about four to one, never a hundred.
  const data = Buffer.alloc(OVERLAPPING_ZIP.entryBytes);
  let state = 0x2545f491;
  for (let i = 0; i < data.length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    data[i] = 97 + ((state >>> 0) % 4);
  }
  const stored = deflateRawSync(data);
  const record = (name: string): ZipRecord => ({
    name: Buffer.from(name),
    method: 8,
    crc: crc32(data),
    compressedSize: stored.length,
    size: data.length,
    offset: 0,
  });
  const local = localHeader(record("artwork/page-01.pdf"));
  const directory = Buffer.concat(
    Array.from({ length: OVERLAPPING_ZIP.entries }, (_, i) =>
      centralHeader(record(`artwork/page-${String(i + 1).padStart(2, "0")}.pdf`)),
    ),
  );
  const offset = local.length + stored.length;
  return writeSample(
    dir,
    "overlapping.zip",
    Buffer.concat([local, stored, directory, endOfCentralDirectory(OVERLAPPING_ZIP.entries, directory.length, offset)]),
  );
}

export const LYING_ZIP = { declaredSize: 1000, realSize: 50 * 1024 * 1024 } as const;

/** A ZIP whose entry says it is 1000 bytes and inflates to 50 MB (its CRC is that of the 50 MB). */
export async function zipLyingAboutSize(dir: string): Promise<string> {
  return zip(dir, "lying.zip", [
    { name: "artwork/poster.pdf", data: Buffer.alloc(LYING_ZIP.realSize), declaredSize: LYING_ZIP.declaredSize },
  ]);
}

/** A ZIP whose entries would land outside the folder it is unpacked in: one up two levels, one absolute. */
export async function zipWithTraversal(dir: string, escapeName: string): Promise<string> {
  const pdf = smallPdf("Written outside the folder");
  return zip(dir, "traversal.zip", [
    { name: `../../${escapeName}`, data: pdf },
    { name: `/tmp/${escapeName}`, data: pdf },
  ]);
}

/** A ZIP of `count` small PDFs, one more than a limit of 100 by default. */
export async function zipWithManyEntries(dir: string, count = 101): Promise<string> {
  const width = String(count).length;
  const entries = Array.from({ length: count }, (_, i) => {
    const number = String(i + 1).padStart(width, "0");
    return { name: `artwork/page-${number}.pdf`, data: smallPdf(`Page ${number}`) };
  });
  return zip(dir, "many-entries.zip", entries);
}

export const HUGE_PNG_SIDE = 60_000;

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A PNG that declares 60000 × 60000 RGB pixels (10.8 GB decoded) in a file of
 * a few KB: a right signature, IHDR and IEND, and an IDAT holding only the
 * first rows, so a reader that trusts the header allocates before it notices.
 */
export async function pngHuge(dir: string): Promise<string> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(HUGE_PNG_SIDE, 0);
  header.writeUInt32BE(HUGE_PNG_SIDE, 4);
  header.writeUInt8(8, 8); // bits per sample
  header.writeUInt8(2, 9); // RGB
  const firstRows = Buffer.alloc(16 * (1 + HUGE_PNG_SIDE * 3)); // each row: filter byte 0, then black
  return writeSample(
    dir,
    "huge.png",
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk("IHDR", header),
      pngChunk("IDAT", deflateSync(firstRows)),
      pngChunk("IEND", Buffer.alloc(0)),
    ]),
  );
}

function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
  );
}

/** An SVG pointing at files of the machine that renders it, in each way SVG allows. */
export async function svgWithLocalReference(dir: string): Promise<string> {
  const text = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100mm" height="150mm" viewBox="0 0 100 150">',
    ...svgDrawing,
    '  <image href="file:///etc/passwd" x="0" y="0" width="100" height="50"/>',
    '  <image xlink:href="/etc/hostname" x="0" y="50" width="100" height="50"/>',
    '  <use href="file:///etc/hostname#x" x="0" y="100"/>',
    "</svg>",
    "",
  ].join("\n");
  return writeSample(dir, "local-reference.svg", text);
}

/** An SVG that fetches `url` when rendered: as an image, a stylesheet and a paint server. */
export async function svgWithRemoteReference(dir: string, url: string): Promise<string> {
  const attribute = escapeXml(url);
  // Inside <style> only "<" and "&" need escaping; a ")" would end url(...), so it is percent-encoded.
  const inCss = url.replaceAll(")", "%29").replaceAll("&", "&amp;").replaceAll("<", "&lt;");
  const text = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    SVG_OPEN,
    `  <style>@import url(${inCss});</style>`,
    ...svgDrawing,
    `  <image href="${attribute}" x="0" y="0" width="100" height="50"/>`,
    `  <rect x="10" y="60" width="80" height="30" style="fill:url(${escapeXml(url.replaceAll(")", "%29"))}#g)"/>`,
    "</svg>",
    "",
  ].join("\n");
  return writeSample(dir, "remote-reference.svg", text);
}

export const ENTITY_LEVELS = 10;

/**
 * "Billion laughs": ten internal entities, each ten of the one before, so the
 * one word in the text expands to 3 × 10⁹ characters in a parser that lets it.
 */
export async function svgWithEntities(dir: string): Promise<string> {
  const entities = ['  <!ENTITY lol0 "lol">'];
  for (let level = 1; level < ENTITY_LEVELS; level++) {
    entities.push(`  <!ENTITY lol${level} "${`&lol${level - 1};`.repeat(10)}">`);
  }
  const text = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    "<!DOCTYPE svg [",
    ...entities,
    "]>",
    SVG_OPEN,
    `  <text x="5" y="20" font-size="5">&lol${ENTITY_LEVELS - 1};</text>`,
    "</svg>",
    "",
  ].join("\n");
  return writeSample(dir, "entities.svg", text);
}

/** goodPdf cut off after 40 % of its bytes, as an interrupted upload leaves it. */
export async function truncatedPdf(dir: string): Promise<string> {
  const whole = await bytesOf(dir, goodPdf);
  return writeSample(dir, "truncated.pdf", whole.subarray(0, Math.floor(whole.length * 0.4)));
}
