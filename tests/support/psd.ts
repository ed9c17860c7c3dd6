/**
 * Writes small Photoshop documents for tests, laid out as Adobe's file format
 * specification describes: header, colour mode data, image resources, an empty
 * layer and mask section, then the flattened image.
 */

export type WritePsdOptions = {
  width: number;
  height: number;
  mode: "rgb" | "cmyk" | "grayscale";
  /** bits per channel; a 16-bit sample repeats the 8-bit value in both bytes, so 255 stays full scale */
  depth?: 8 | 16;
  /** 0 uncompressed, 1 PackBits */
  compression?: 0 | 1;
  /** written as a ResolutionInfo image resource */
  ppi?: number;
  /** The samples of one pixel, one per channel of the mode (0..255), in the usual meaning: 255 is full ink in CMYK. */
  pixel: (x: number, y: number) => number[];
  /** written as an ICC profile image resource */
  iccProfile?: Uint8Array;
  /** stop after the layer and mask section, as some layered files do */
  omitImageData?: boolean;
  /** a large document format file (version 2) */
  psb?: boolean;
};

const modeNumbers = { grayscale: 1, rgb: 3, cmyk: 4 } as const;
const modeChannels = { grayscale: 1, rgb: 3, cmyk: 4 } as const;

export function writePsd(options: WritePsdOptions): Buffer {
  const { width, height, mode, depth = 8, compression = 0, psb = false } = options;
  const channels = modeChannels[mode];

  const header = Buffer.alloc(26);
  header.write("8BPS", 0, "latin1");
  header.writeUInt16BE(psb ? 2 : 1, 4);
  header.writeUInt16BE(channels, 12);
  header.writeUInt32BE(height, 14);
  header.writeUInt32BE(width, 18);
  header.writeUInt16BE(depth, 22);
  header.writeUInt16BE(modeNumbers[mode], 24);

  const parts = [header, u32(0), withLength(imageResources(options))];
  // An empty layer info and an empty global layer mask info, not a bare zero:
  // the section length's own size (4 bytes, or 8 in a PSB) then matters to a reader.
  const layerInfo = psb ? Buffer.alloc(8) : u32(0);
  const layerSection = Buffer.concat([layerInfo, u32(0)]);
  parts.push(psb ? u64(layerSection.length) : u32(layerSection.length), layerSection);
  if (options.omitImageData) return Buffer.concat(parts);

  const rows = planarRows(options, channels, depth);
  parts.push(u16(compression));
  if (compression === 0) {
    parts.push(...rows);
  } else {
    const packed = rows.map(packBits);
    for (const row of packed) parts.push(psb ? u32(row.length) : u16(row.length));
    parts.push(...packed);
  }
  return Buffer.concat(parts);
}

function imageResources(options: WritePsdOptions): Buffer {
  const blocks: Buffer[] = [];
  if (options.ppi !== undefined) {
    const fixed = Math.round(options.ppi * 65536);
    const info = Buffer.alloc(16);
    info.writeUInt32BE(fixed, 0);
    info.writeUInt16BE(1, 4); // shown in pixels per inch
    info.writeUInt16BE(1, 6); // width shown in inches
    info.writeUInt32BE(fixed, 8);
    info.writeUInt16BE(1, 12);
    info.writeUInt16BE(1, 14);
    blocks.push(resourceBlock(0x03ed, info));
  }
  if (options.iccProfile !== undefined) blocks.push(resourceBlock(0x040f, Buffer.from(options.iccProfile)));
  return Buffer.concat(blocks);
}

/** An image resource block; exported so tests can build resources this writer does not offer. */
export function resourceBlock(id: number, data: Buffer): Buffer {
  const head = Buffer.alloc(12);
  head.write("8BIM", 0, "latin1");
  head.writeUInt16BE(id, 4);
  // An empty name: its length byte and one pad byte.
  head.writeUInt32BE(data.length, 8);
  return Buffer.concat([head, data, Buffer.alloc(data.length % 2)]);
}

// Photoshop's order: every row of the first channel, then of the next.
// CMYK is stored with 0 for full ink.
function planarRows(options: WritePsdOptions, channels: number, depth: 8 | 16): Buffer[] {
  const { width, height, mode, pixel } = options;
  const sampleBytes = depth / 8;
  const samples: number[][] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const values = pixel(x, y);
      if (values.length !== channels) throw new Error(`pixel(${x}, ${y}) gave ${values.length} samples for ${mode}`);
      samples.push(values);
    }
  }
  const rows: Buffer[] = [];
  for (let channel = 0; channel < channels; channel++) {
    for (let y = 0; y < height; y++) {
      const row = Buffer.alloc(width * sampleBytes);
      for (let x = 0; x < width; x++) {
        const given = samples[y * width + x]?.[channel] ?? 0;
        const value = mode === "cmyk" ? 255 - given : given;
        if (depth === 8) row[x] = value;
        else row.writeUInt16BE(value * 257, x * 2);
      }
      rows.push(row);
    }
  }
  return rows;
}

/** PackBits: runs of 2 to 128 equal bytes as a repeat, anything else as literals of up to 128 bytes. */
export function packBits(row: Uint8Array): Buffer {
  const out: number[] = [];
  let at = 0;
  while (at < row.length) {
    let run = 1;
    while (at + run < row.length && run < 128 && row[at + run] === row[at]) run++;
    if (run >= 2) {
      out.push(257 - run, row[at] ?? 0);
      at += run;
      continue;
    }
    const start = at;
    while (at < row.length && at - start < 128 && !(at + 1 < row.length && row[at + 1] === row[at])) at++;
    out.push(at - start - 1, ...row.subarray(start, at));
  }
  return Buffer.from(out);
}

function withLength(data: Buffer): Buffer {
  return Buffer.concat([u32(data.length), data]);
}

function u16(value: number): Buffer {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16BE(value);
  return bytes;
}

function u32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
}

function u64(value: number): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(value));
  return bytes;
}
