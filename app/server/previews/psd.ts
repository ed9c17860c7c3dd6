/**
 * Reads a Photoshop document (PSD, or PSB for large documents) as far as a
 * preview needs it: the header, two image resources, and the flattened image
 * that Photoshop stores after the layers. Layers themselves are skipped.
 *
 * The bytes come from strangers: every length is checked against the buffer
 * before it is used, and every loop is bounded by the image's size, which is
 * itself refused beyond options.maxPixels before anything is allocated.
 */

export type PsdMode = "bitmap" | "grayscale" | "indexed" | "rgb" | "cmyk" | "multichannel" | "duotone" | "lab";

export type PsdComposite =
  | { pixels: Buffer; channels: 1 | 3 | 4; space: "gray" | "srgb" | "cmyk" }
  | { missing: string };

export type PsdInfo = {
  width: number;
  height: number;
  /** bits per channel: 1, 8, 16 or 32 */
  depth: number;
  channels: number;
  mode: PsdMode;
  /** from the ResolutionInfo image resource (id 0x03ED), in pixels per inch; undefined when absent */
  ppi?: number;
  /** whether an ICC profile resource (0x040F) is present */
  hasIccProfile: boolean;
  /** The flattened (merged) image of the image data section, as interleaved 8-bit samples, when it can be decoded; otherwise why not */
  composite: PsdComposite;
};

/** A file that is not a Photoshop document, is damaged, or is too large to read. The message is fit to show to staff. */
export class PsdError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PsdError";
  }
}

const modesByNumber = new Map<number, PsdMode>([
  [0, "bitmap"],
  [1, "grayscale"],
  [2, "indexed"],
  [3, "rgb"],
  [4, "cmyk"],
  [7, "multichannel"],
  [8, "duotone"],
  [9, "lab"],
]);

/** Photoshop's own names, as staff see them in its Image > Mode menu. */
const modeLabels: Record<PsdMode, string> = {
  bitmap: "Bitmap",
  grayscale: "Grayscale",
  indexed: "Indexed Color",
  rgb: "RGB",
  cmyk: "CMYK",
  multichannel: "Multichannel",
  duotone: "Duotone",
  lab: "Lab",
};

const previewLayouts: Partial<Record<PsdMode, { channels: 1 | 3 | 4; space: "gray" | "srgb" | "cmyk" }>> = {
  grayscale: { channels: 1, space: "gray" },
  rgb: { channels: 3, space: "srgb" },
  cmyk: { channels: 4, space: "cmyk" },
};

const resolutionResource = 0x03ed;
const iccProfileResource = 0x040f;
// Photoshop writes 8BIM; older Adobe programs (ImageReady, PhotoDeluxe) wrote
// their own signatures into the same list, and Photoshop still opens those files.
const resourceSignatures = new Set(["8BIM", "MeSa", "PHUT", "AgHg", "DCSR"]);

const endsEarly = "the file ends early";
const damagedImage = "the flattened image is damaged";
const damagedHeader = (detail: string) => new PsdError(`the file's header is damaged (${detail})`);

type Header = {
  psb: boolean;
  channels: number;
  width: number;
  height: number;
  depth: number;
  mode: PsdMode;
};

export function readPsd(bytes: Uint8Array, options: { maxPixels: number }): PsdInfo {
  const reader = new Reader(bytes);
  const header = readHeader(reader, options.maxPixels);

  // Colour mode data: the palette of an indexed image or the inks of a duotone, neither needed here.
  reader.skip(reader.u32());

  const resources = readImageResources(reader);

  // Layer and mask information: the layers are not previewed, only the flattened image after them.
  reader.skip(header.psb ? reader.u64() : reader.u32());

  const { width, height, depth, channels, mode } = header;
  return { width, height, depth, channels, mode, ...resources, composite: readComposite(reader, header) };
}

function readHeader(reader: Reader, maxPixels: number): Header {
  if (reader.length < 4 || reader.ascii(4) !== "8BPS") throw new PsdError("not a Photoshop file");
  const version = reader.u16();
  if (version !== 1 && version !== 2) {
    throw new PsdError(`the file is of a Photoshop version this site cannot read (${version})`);
  }
  reader.skip(6);
  const channels = reader.u16();
  const height = reader.u32();
  const width = reader.u32();
  const depth = reader.u16();
  const modeNumber = reader.u16();

  // Photoshop allows 1 to 56 channels.
  if (channels < 1 || channels > 56) throw damagedHeader(`it declares ${channels} channels`);
  if (width < 1 || height < 1) throw damagedHeader(`it declares ${width} × ${height} pixels`);
  if (![1, 8, 16, 32].includes(depth)) throw damagedHeader(`it declares ${depth} bits per channel`);
  const mode = modesByNumber.get(modeNumber);
  if (mode === undefined) throw damagedHeader(`it declares an unknown colour mode, ${modeNumber}`);
  if (width * height > maxPixels) {
    throw new PsdError(`the image is too large for a preview (${width} × ${height} pixels)`);
  }
  return { psb: version === 2, channels, width, height, depth, mode };
}

function readImageResources(reader: Reader): Pick<PsdInfo, "ppi" | "hasIccProfile"> {
  const end = reader.sectionEnd(reader.u32());
  let ppi: number | undefined;
  let hasIccProfile = false;
  while (reader.at < end) {
    const within = new Reader(reader.bytes, end, reader.at);
    if (!resourceSignatures.has(within.ascii(4))) throw new PsdError("the file's image resources are damaged");
    const id = within.u16();
    // A Pascal string, its length byte included, padded to an even size.
    const nameLength = within.u8();
    within.skip(nameLength + ((nameLength + 1) % 2));
    const size = within.u32();
    const dataStart = within.at;
    within.skip(size);
    if (id === resolutionResource) ppi = readResolution(new Reader(reader.bytes, dataStart + size, dataStart));
    if (id === iccProfileResource && size > 0) hasIccProfile = true;
    // The data is padded to an even size too; a writer that left off the last
    // pad byte has lost nothing.
    reader.at = Math.min(end, dataStart + size + (size % 2));
  }
  reader.at = end;
  return { ppi, hasIccProfile };
}

// The horizontal resolution, a 16.16 fixed-point number, comes first. Photoshop
// stores it in pixels per inch whatever unit it was entered in: the unit that
// follows only chooses how Photoshop shows it, so it is not converted again.
function readResolution(reader: Reader): number | undefined {
  if (reader.length - reader.at < 16) throw new PsdError("the file's resolution record is damaged");
  const fixed = reader.u32();
  return fixed > 0 ? fixed / 65536 : undefined;
}

function readComposite(reader: Reader, header: Header): PsdComposite {
  // Files saved without "maximize compatibility" may stop after the layers.
  if (reader.at === reader.length) return { missing: "the file carries no flattened image" };
  const compression = reader.u16();
  if (compression > 3) throw new PsdError(`the flattened image uses an unknown compression (${compression})`);

  const layout = previewLayouts[header.mode];
  if (layout === undefined) return { missing: `colour mode ${modeLabels[header.mode]} has no preview` };
  if (header.channels < layout.channels) {
    throw damagedHeader(`${modeLabels[header.mode]} needs ${layout.channels} channels, it declares ${header.channels}`);
  }
  if (header.depth !== 8 && header.depth !== 16) {
    return { missing: `${header.depth}-bit images have no preview` };
  }
  if (compression === 2 || compression === 3) return { missing: "the flattened image is ZIP-compressed" };

  const read = compression === 0 ? readRawPlanes : readPackBitsPlanes;
  return { pixels: read(reader, header, layout.channels), channels: layout.channels, space: layout.space };
}

/** Spreads the planar rows of the file into interleaved 8-bit samples. */
class Planes {
  readonly channels: number;
  readonly rowBytes: number;
  private readonly width: number;
  private readonly sampleBytes: number;
  private readonly invert: boolean;
  readonly pixels: Buffer;

  // Made only once the file is known to hold every row, so that a short file
  // claiming a large image costs no memory.
  constructor(header: Header, channels: number) {
    this.channels = channels;
    this.width = header.width;
    this.sampleBytes = header.depth / 8;
    this.rowBytes = header.width * this.sampleBytes;
    // Photoshop stores CMYK with 0 for full ink; previews (and libvips) take 255 for full ink.
    this.invert = header.mode === "cmyk";
    this.pixels = Buffer.alloc(header.width * header.height * channels);
  }

  /** Takes one row of one channel from source at start; of 16-bit samples only the high byte, which comes first. */
  putRow(channel: number, y: number, source: Uint8Array, start: number): void {
    const step = this.channels;
    let to = y * this.width * step + channel;
    const end = start + this.rowBytes;
    for (let from = start; from < end; from += this.sampleBytes) {
      const sample = source[from] ?? 0;
      this.pixels[to] = this.invert ? 255 - sample : sample;
      to += step;
    }
  }
}

// Uncompressed: each channel whole, one after another, rows top to bottom.
function readRawPlanes(reader: Reader, header: Header, channels: number): Buffer {
  const rowBytes = header.width * (header.depth / 8);
  const planeBytes = rowBytes * header.height;
  // Every channel the file declares must be there, even those the preview leaves out.
  if (planeBytes * header.channels > reader.length - reader.at) throw new PsdError(endsEarly);
  const planes = new Planes(header, channels);
  for (let channel = 0; channel < planes.channels; channel++) {
    for (let y = 0; y < header.height; y++) {
      planes.putRow(channel, y, reader.bytes, reader.at + channel * planeBytes + y * rowBytes);
    }
  }
  return planes.pixels;
}

// PackBits: first the byte count of every row of every channel (2 bytes each
// in a PSD, 4 in a PSB), then the rows, each compressed on its own.
function readPackBitsPlanes(reader: Reader, header: Header, channels: number): Buffer {
  const rows = header.channels * header.height;
  const countBytes = header.psb ? 4 : 2;
  const tableStart = reader.at;
  reader.skip(rows * countBytes);
  const countAt = (row: number) =>
    countBytes === 2 ? reader.u16At(tableStart + row * 2) : reader.u32At(tableStart + row * 4);

  let total = 0;
  for (let row = 0; row < rows; row++) total += countAt(row);
  if (total > reader.length - reader.at) throw new PsdError(endsEarly);

  const planes = new Planes(header, channels);
  const row = new Uint8Array(planes.rowBytes);
  let from = reader.at;
  for (let channel = 0; channel < planes.channels; channel++) {
    for (let y = 0; y < header.height; y++) {
      const count = countAt(channel * header.height + y);
      unpackBits(reader.bytes, from, from + count, row);
      planes.putRow(channel, y, row, 0);
      from += count;
    }
  }
  return planes.pixels;
}

/** Fills row exactly from source[start, end), or throws: a count never writes past the row, nor reads past end. */
function unpackBits(source: Uint8Array, start: number, end: number, row: Uint8Array): void {
  let from = start;
  let to = 0;
  while (from < end) {
    const header = source[from++] ?? 0;
    if (header < 128) {
      // The next header + 1 bytes as they are.
      const length = header + 1;
      if (from + length > end || to + length > row.length) throw new PsdError(damagedImage);
      row.set(source.subarray(from, from + length), to);
      from += length;
      to += length;
    } else if (header > 128) {
      // The next byte, 257 − header times.
      const length = 257 - header;
      if (from >= end || to + length > row.length) throw new PsdError(damagedImage);
      row.fill(source[from++] ?? 0, to, to + length);
      to += length;
    }
    // 128 means nothing, and is skipped.
  }
  if (to !== row.length) throw new PsdError(damagedImage);
}

/** Big-endian reads that throw PsdError rather than read past `length`. */
class Reader {
  readonly bytes: Uint8Array;
  readonly length: number;
  at: number;
  private readonly view: DataView;

  constructor(bytes: Uint8Array, length = bytes.length, at = 0) {
    this.bytes = bytes;
    this.length = length;
    this.at = at;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  skip(count: number): void {
    this.at = this.sectionEnd(count);
  }

  /** Where a section of `count` bytes starting here ends, once it is known to fit. */
  sectionEnd(count: number): number {
    if (count > this.length - this.at) throw new PsdError(endsEarly);
    return this.at + count;
  }

  ascii(count: number): string {
    const start = this.at;
    this.skip(count);
    return String.fromCharCode(...this.bytes.subarray(start, this.at));
  }

  u8(): number {
    const start = this.at;
    this.skip(1);
    return this.view.getUint8(start);
  }

  u16(): number {
    const start = this.at;
    this.skip(2);
    return this.view.getUint16(start);
  }

  u32(): number {
    const start = this.at;
    this.skip(4);
    return this.view.getUint32(start);
  }

  // Only ever compared with what is left of the buffer, so losing precision
  // beyond 2^53 changes no answer.
  u64(): number {
    const high = this.u32();
    return high * 2 ** 32 + this.u32();
  }

  /** For a place already checked to lie within the buffer. */
  u16At(at: number): number {
    return this.view.getUint16(at);
  }

  u32At(at: number): number {
    return this.view.getUint32(at);
  }
}
