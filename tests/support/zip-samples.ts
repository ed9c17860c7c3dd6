import { mkdtemp, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { crc32, deflateRawSync } from "node:zlib";
import { goodPdf, writeSample } from "./artwork-samples.ts";

/** ZIP files written byte by byte, as a customer's archive or a hostile one is: see artwork-samples.ts. */

export type ZipEntrySample = {
  name: string;
  data: Buffer;
  /** 0 stores, 8 (the default) deflates. */
  method?: 0 | 8;
  /** Claimed uncompressed size in both headers instead of the real one. */
  declaredSize?: number;
};

// A fixed time (2025-01-01 12:00) so that the same entries make the same bytes.
const DOS_TIME = 12 << 11;
const DOS_DATE = ((2025 - 1980) << 9) | (1 << 5) | 1;

export type ZipRecord = {
  name: Buffer;
  method: 0 | 8;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
};

// Bit 11 says the name is UTF-8; readers take names without it as CP437.
const nameFlags = (name: Buffer) => (name.some((byte) => byte > 0x7f) ? 0x0800 : 0);

export function localHeader(entry: ZipRecord): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(nameFlags(entry.name), 6);
  header.writeUInt16LE(entry.method, 8);
  header.writeUInt16LE(DOS_TIME, 10);
  header.writeUInt16LE(DOS_DATE, 12);
  header.writeUInt32LE(entry.crc, 14);
  header.writeUInt32LE(entry.compressedSize, 18);
  header.writeUInt32LE(entry.size, 22);
  header.writeUInt16LE(entry.name.length, 26);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, entry.name]);
}

export function centralHeader(entry: ZipRecord): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  // Made on Unix (3), so the external attributes below read as a mode.
  header.writeUInt16LE((3 << 8) | 20, 4);
  header.writeUInt16LE(20, 6);
  header.writeUInt16LE(nameFlags(entry.name), 8);
  header.writeUInt16LE(entry.method, 10);
  header.writeUInt16LE(DOS_TIME, 12);
  header.writeUInt16LE(DOS_DATE, 14);
  header.writeUInt32LE(entry.crc, 16);
  header.writeUInt32LE(entry.compressedSize, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(entry.name.length, 28);
  header.writeUInt32LE((0o100644 << 16) >>> 0, 38);
  header.writeUInt32LE(entry.offset, 42);
  return Buffer.concat([header, entry.name]);
}

export function endOfCentralDirectory(count: number, size: number, offset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return end;
}

function zipBytes(entries: ZipEntrySample[]): Buffer {
  const parts: Buffer[] = [];
  const records: ZipRecord[] = [];
  let offset = 0;
  for (const entry of entries) {
    const method = entry.method ?? 8;
    const stored = method === 8 ? deflateRawSync(entry.data) : entry.data;
    const record: ZipRecord = {
      name: Buffer.from(entry.name, "utf8"),
      method,
      crc: crc32(entry.data),
      compressedSize: stored.length,
      size: entry.declaredSize ?? entry.data.length,
      offset,
    };
    const header = localHeader(record);
    parts.push(header, stored);
    records.push(record);
    offset += header.length + stored.length;
  }
  const directory = Buffer.concat(records.map(centralHeader));
  parts.push(directory, endOfCentralDirectory(records.length, directory.length, offset));
  return Buffer.concat(parts);
}

/** A ZIP of the given entries, written as `name` in the folder. */
export async function zip(dir: string, name: string, entries: ZipEntrySample[]): Promise<string> {
  return writeSample(dir, name, zipBytes(entries));
}

/** Resolves to a maker's bytes without leaving its files (the PostScript, say) in `dir`. */
export async function bytesOf(dir: string, make: (scratch: string) => Promise<string>): Promise<Buffer> {
  const scratch = await mkdtemp(path.join(dir, ".making-"));
  try {
    return await readFile(await make(scratch));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** A ZIP as a customer sends one: the artwork in a folder, and a note beside it. */
export async function zipHoldingPdf(dir: string): Promise<string> {
  const pdf = await bytesOf(dir, goodPdf);
  return zip(dir, "artwork.zip", [
    { name: "artwork/box.pdf", data: pdf },
    { name: "readme.txt", data: Buffer.from("Box artwork, 100 x 150 mm with 3 mm bleed.\n") },
  ]);
}
