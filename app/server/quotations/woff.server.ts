import { inflateSync } from "node:zlib";

/**
 * A WOFF font as the plain TrueType font it wraps. fontkit can read WOFF
 * itself, but inflates its tables in JavaScript each time a document opens
 * the font, which took most of a quotation's time (about 70 ms of a 95 ms
 * quotation with four faces); Node's zlib does it once. No package the site
 * depends on writes the TrueType font back out.
 */
export function woffToSfnt(woff: Uint8Array): Uint8Array {
  const source = Buffer.from(woff.buffer, woff.byteOffset, woff.byteLength);
  if (source.length < 44 || source.toString("latin1", 0, 4) !== "wOFF") throw new Error("Not a WOFF font");
  const flavor = source.readUInt32BE(4);
  const numTables = source.readUInt16BE(12);
  if (numTables === 0) throw new Error("The WOFF font has no tables");
  const tables = Array.from({ length: numTables }, (_, index) => {
    const entry = 44 + index * 20;
    const offset = source.readUInt32BE(entry + 4);
    const compLength = source.readUInt32BE(entry + 8);
    const origLength = source.readUInt32BE(entry + 12);
    const stored = source.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(stored) : stored;
    if (data.length !== origLength) throw new Error("A table of the WOFF font does not unpack to its stated length");
    return { tag: source.readUInt32BE(entry), checksum: source.readUInt32BE(entry + 16), data };
  });
  const power = 2 ** Math.floor(Math.log2(numTables));
  const headerLength = 12 + 16 * numTables;
  const padded = (length: number) => (length + 3) & ~3;
  const sfnt = Buffer.alloc(headerLength + tables.reduce((sum, table) => sum + padded(table.data.length), 0));
  sfnt.writeUInt32BE(flavor, 0);
  sfnt.writeUInt16BE(numTables, 4);
  sfnt.writeUInt16BE(power * 16, 6);
  sfnt.writeUInt16BE(Math.log2(power), 8);
  sfnt.writeUInt16BE(numTables * 16 - power * 16, 10);
  let offset = headerLength;
  for (const [index, table] of tables.entries()) {
    const record = 12 + index * 16;
    sfnt.writeUInt32BE(table.tag, record);
    sfnt.writeUInt32BE(table.checksum, record + 4);
    sfnt.writeUInt32BE(offset, record + 8);
    sfnt.writeUInt32BE(table.data.length, record + 12);
    table.data.copy(sfnt, offset);
    offset += padded(table.data.length);
  }
  return new Uint8Array(sfnt.buffer, sfnt.byteOffset, sfnt.byteLength);
}
