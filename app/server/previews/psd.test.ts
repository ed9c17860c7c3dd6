import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { packBits, resourceBlock, type WritePsdOptions, writePsd } from "../../../tests/support/psd.ts";
import { detectArtworkKind } from "../uploads/artwork-kind.server.ts";
import { PsdError, type PsdInfo, readPsd } from "./psd.ts";

const maxPixels = 1_000_000;

// Long runs and busy stretches in every row, so PackBits writes both repeats and literals, some longer than 128 bytes.
function sample(x: number, y: number, channel: number): number {
  if (x < 140) return (40 * channel + 10 * y) % 256;
  return (x * 7 + y * 13 + channel * 61) % 256;
}

const channelCounts = { grayscale: 1, rgb: 3, cmyk: 4 } as const;

function testImage(mode: WritePsdOptions["mode"], extra: Partial<WritePsdOptions> = {}): WritePsdOptions {
  const channels = channelCounts[mode];
  return {
    width: 300,
    height: 4,
    mode,
    pixel: (x, y) => Array.from({ length: channels }, (_, channel) => sample(x, y, channel)),
    ...extra,
  };
}

/** The samples a preview should get: interleaved, in the usual meaning. */
function expectedPixels(options: WritePsdOptions): Buffer {
  const samples: number[] = [];
  for (let y = 0; y < options.height; y++) {
    for (let x = 0; x < options.width; x++) samples.push(...options.pixel(x, y));
  }
  return Buffer.from(samples);
}

function decoded(info: PsdInfo): Extract<PsdInfo["composite"], { pixels: Buffer }> {
  if ("missing" in info.composite) throw new Error(`no composite: ${info.composite.missing}`);
  return info.composite;
}

/** Matches a PsdError with exactly this message, and no other kind of error. */
function psdError(message: string) {
  return expect.objectContaining({ name: "PsdError", message, constructor: PsdError });
}

function thrownBy(read: () => unknown): unknown {
  try {
    read();
  } catch (error) {
    return error;
  }
  return undefined;
}

/** Where the image data section starts: after the header and three sections, each led by its length. */
function imageDataAt(file: Buffer, psb = false): number {
  let at = 26;
  at += 4 + file.readUInt32BE(at);
  at += 4 + file.readUInt32BE(at);
  return psb ? at + 8 + Number(file.readBigUInt64BE(at)) : at + 4 + file.readUInt32BE(at);
}

describe("readPsd round trips", () => {
  const cases = (["rgb", "cmyk", "grayscale"] as const).flatMap((mode) =>
    ([8, 16] as const).flatMap((depth) =>
      ([0, 1] as const).flatMap((compression) => [false, true].map((psb) => ({ mode, depth, compression, psb }))),
    ),
  );

  test.each(cases)("$mode, $depth-bit, compression $compression, PSB $psb", ({ mode, depth, compression, psb }) => {
    const options = testImage(mode, { depth, compression, psb });
    const info = readPsd(writePsd(options), { maxPixels });

    expect(info).toMatchObject({
      width: 300,
      height: 4,
      depth,
      channels: channelCounts[mode],
      mode,
      ppi: undefined,
      hasIccProfile: false,
    });
    const composite = decoded(info);
    expect(composite.channels).toBe(channelCounts[mode]);
    expect(composite.space).toBe({ grayscale: "gray", rgb: "srgb", cmyk: "cmyk" }[mode]);
    expect(composite.pixels.equals(expectedPixels(options))).toBe(true);
  });

  test("CMYK comes out with 255 for full ink, though the file stores 0 for it", () => {
    const file = writePsd({ width: 1, height: 1, mode: "cmyk", pixel: () => [255, 0, 0, 128] });
    const data = imageDataAt(file) + 2;
    expect([...file.subarray(data, data + 4)]).toEqual([0, 255, 255, 127]);
    expect([...decoded(readPsd(file, { maxPixels })).pixels]).toEqual([255, 0, 0, 128]);
  });

  test("a 16-bit sample gives its high byte", () => {
    const file = writePsd({ width: 2, height: 1, mode: "grayscale", depth: 16, pixel: (x) => [x === 0 ? 0 : 200] });
    const data = imageDataAt(file) + 2;
    // The low bytes made different from the high ones, to tell the two apart.
    file[data + 1] = 0xff;
    file[data + 3] = 0x00;
    expect([...decoded(readPsd(file, { maxPixels })).pixels]).toEqual([0, 200]);
  });

  test("alpha channels beyond the mode's are left out", () => {
    const options = testImage("rgb");
    const file = writePsd(options);
    file.writeUInt16BE(4, 12);
    const withAlpha = Buffer.concat([file, Buffer.alloc(options.width * options.height, 0x7f)]);

    const info = readPsd(withAlpha, { maxPixels });
    expect(info.channels).toBe(4);
    expect(decoded(info).channels).toBe(3);
    expect(decoded(info).pixels.equals(expectedPixels(options))).toBe(true);
  });

  test("a file inside a larger buffer is read at its own offset", () => {
    const file = writePsd(testImage("rgb", { compression: 1 }));
    const larger = Buffer.concat([Buffer.from("junk before"), file, Buffer.from("junk after")]);
    const view = larger.subarray(11, 11 + file.length);
    expect(decoded(readPsd(view, { maxPixels })).pixels.equals(expectedPixels(testImage("rgb")))).toBe(true);
  });
});

describe("readPsd image resources", () => {
  test("reads the resolution in pixels per inch", () => {
    const read = (ppi?: number) => readPsd(writePsd(testImage("rgb", { ppi })), { maxPixels }).ppi;
    expect(read(300)).toBe(300);
    expect(read(72.5)).toBe(72.5);
    expect(read(undefined)).toBeUndefined();
  });

  // Photoshop keeps pixels per inch in the file even when it shows pixels per centimetre.
  test("takes the stored resolution as pixels per inch whatever unit it is shown in", () => {
    const info = Buffer.alloc(16);
    info.writeUInt32BE(300 * 65536, 0);
    info.writeUInt16BE(2, 4);
    info.writeUInt16BE(2, 6);
    info.writeUInt32BE(300 * 65536, 8);
    info.writeUInt16BE(2, 12);
    info.writeUInt16BE(2, 14);
    const file = withResources(writePsd(testImage("grayscale")), resourceBlock(0x03ed, info));
    expect(readPsd(file, { maxPixels }).ppi).toBe(300);
  });

  test("tells whether an ICC profile is embedded", () => {
    const withProfile = writePsd(testImage("cmyk", { ppi: 300, iccProfile: Buffer.from("a profile, odd length") }));
    const info = readPsd(withProfile, { maxPixels });
    expect(info.hasIccProfile).toBe(true);
    expect(info.ppi).toBe(300);
    expect(decoded(info).pixels.equals(expectedPixels(testImage("cmyk")))).toBe(true);
    expect(readPsd(writePsd(testImage("cmyk")), { maxPixels }).hasIccProfile).toBe(false);
  });

  test("skips resources with a name and other signatures", () => {
    const named = Buffer.concat([Buffer.from("MeSa"), Buffer.from([0x04, 0x04]), Buffer.from([3, 0x61, 0x62, 0x63])]);
    const size = Buffer.alloc(4);
    size.writeUInt32BE(3);
    const block = Buffer.concat([named, size, Buffer.from([1, 2, 3, 0])]);
    const file = withResources(writePsd(testImage("rgb", { iccProfile: Buffer.from([1]) })), block);
    const info = readPsd(file, { maxPixels });
    expect(info.hasIccProfile).toBe(true);
    expect(decoded(info).pixels.equals(expectedPixels(testImage("rgb")))).toBe(true);
  });

  test("refuses a resource block that overruns its section", () => {
    const block = resourceBlock(0x0400, Buffer.alloc(10));
    block.writeUInt32BE(12, 8);
    const error = thrownBy(() => readPsd(withResources(writePsd(testImage("rgb")), block), { maxPixels }));
    expect(error).toBeInstanceOf(PsdError);
    expect((error as PsdError).message).toBe("the file ends early");
  });

  test("refuses a resolution record too short to hold a resolution", () => {
    const file = withResources(writePsd(testImage("rgb")), resourceBlock(0x03ed, Buffer.alloc(6)));
    expect(() => readPsd(file, { maxPixels })).toThrow(psdError("the file's resolution record is damaged"));
  });
});

/** The file with `block` added before its image resources. */
function withResources(file: Buffer, block: Buffer): Buffer {
  const at = 26 + 4 + file.readUInt32BE(26);
  const length = file.readUInt32BE(at);
  const section = Buffer.alloc(4);
  section.writeUInt32BE(length + block.length);
  return Buffer.concat([file.subarray(0, at), section, block, file.subarray(at + 4)]);
}

describe("readPsd refusals", () => {
  test("refuses what is not a Photoshop file", async () => {
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    for (const bytes of [png, Buffer.alloc(0), Buffer.from("8BP")]) {
      expect(() => readPsd(bytes, { maxPixels })).toThrow(psdError("not a Photoshop file"));
    }
  });

  test("refuses an unknown version and a damaged header", () => {
    const damaged = (offset: number, value: number) => {
      const file = writePsd(testImage("rgb"));
      file.writeUInt16BE(value, offset);
      return thrownBy(() => readPsd(file, { maxPixels }));
    };
    expect(damaged(4, 3)).toEqual(psdError("the file is of a Photoshop version this site cannot read (3)"));
    expect(damaged(12, 0)).toEqual(psdError("the file's header is damaged (it declares 0 channels)"));
    expect(damaged(12, 57)).toEqual(psdError("the file's header is damaged (it declares 57 channels)"));
    expect(damaged(12, 2)).toEqual(psdError("the file's header is damaged (RGB needs 3 channels, it declares 2)"));
    expect(damaged(22, 12)).toEqual(psdError("the file's header is damaged (it declares 12 bits per channel)"));
    expect(damaged(24, 5)).toEqual(
      new PsdError("the file's header is damaged (it declares an unknown colour mode, 5)"),
    );
    expect(damaged(16, 0)).toEqual(psdError("the file's header is damaged (it declares 300 × 0 pixels)"));
  });

  test("refuses an image of more than maxPixels from its header alone", () => {
    const file = writePsd(testImage("rgb"));
    expect(readPsd(file, { maxPixels: 1200 }).width).toBe(300);
    expect(() => readPsd(file, { maxPixels: 1199 })).toThrow(
      new PsdError("the image is too large for a preview (300 × 4 pixels)"),
    );

    // A header claiming 4 billion pixels, with nothing after it: refused as too large, not as short.
    const header = file.subarray(0, 26);
    header.writeUInt32BE(65_536, 14);
    header.writeUInt32BE(65_536, 18);
    expect(() => readPsd(header, { maxPixels })).toThrow(
      new PsdError("the image is too large for a preview (65536 × 65536 pixels)"),
    );
  });

  test.each([
    { name: "PSD, raw", options: { compression: 0, psb: false } },
    { name: "PSD, PackBits", options: { compression: 1, psb: false } },
    { name: "PSB, PackBits", options: { compression: 1, psb: true } },
    { name: "PSB, 16-bit raw", options: { compression: 0, psb: true, depth: 16 } },
  ] as const)("a file cut short anywhere throws PsdError ($name)", ({ options }) => {
    const file = writePsd(
      testImage("rgb", { width: 20, ppi: 300, iccProfile: Buffer.from("profile"), ...options } as const),
    );
    const layersEnd = imageDataAt(file, options.psb);
    for (let cut = 0; cut < file.length; cut++) {
      const error = thrownBy(() => {
        const info = readPsd(file.subarray(0, cut), { maxPixels });
        // Cut right after the layers, the file looks saved without a flattened image: still no error.
        if (cut !== layersEnd) throw new Error(`read a file cut at ${cut}`);
        expect(info.composite).toEqual({ missing: "the file carries no flattened image" });
      });
      if (cut === layersEnd) expect(error).toBeUndefined();
      else {
        expect(error, `cut at ${cut}`).toBeInstanceOf(PsdError);
        expect((error as PsdError).message).toMatch(/^(not a Photoshop file|the file ends early)$/);
      }
    }
  });

  test("random damage throws PsdError or reads, nothing else", () => {
    const files = [
      writePsd(testImage("rgb", { width: 20, compression: 1, ppi: 300 })),
      writePsd(testImage("cmyk", { width: 20, compression: 1, psb: true, depth: 16 })),
      writePsd(testImage("grayscale", { width: 20, compression: 0, iccProfile: Buffer.from("x") })),
    ];
    // A fixed sequence, so a failure can be reproduced.
    let seed = 1;
    const random = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % below;
    };
    let refused = 0;
    for (let round = 0; round < 3000; round++) {
      const file = Buffer.from(files[round % files.length] as Buffer);
      for (let changes = 1 + random(4); changes > 0; changes--) file[random(file.length)] = random(256);
      const error = thrownBy(() => readPsd(file, { maxPixels }));
      if (error !== undefined) {
        expect(error).toBeInstanceOf(PsdError);
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(0);
  });
});

describe("readPsd PackBits", () => {
  /** A 4 × 1 grayscale PackBits file whose one row is `row`, its count in the table `count`. */
  function oneRow(row: number[], count = row.length): Buffer {
    const file = writePsd({ width: 4, height: 1, mode: "grayscale", compression: 1, pixel: () => [9] });
    const table = imageDataAt(file) + 2;
    file.writeUInt16BE(count, table);
    return Buffer.concat([file.subarray(0, table + 2), Buffer.from(row)]);
  }

  test("reads literals, repeats and the no-op header", () => {
    expect([...decoded(readPsd(oneRow([0x80, 0x01, 7, 8, 0xff, 5]), { maxPixels })).pixels]).toEqual([7, 8, 5, 5]);
    expect(packBits(Buffer.from([7, 8, 5, 5]))).toEqual(Buffer.from([0x01, 7, 8, 0xff, 5]));
  });

  test.each([
    { name: "a repeat past the row's end", row: [0x81, 0x00] },
    { name: "a literal past the row's end", row: [0x04, 1, 2, 3, 4, 5] },
    { name: "a literal past the row's bytes", row: [0x03, 1, 2] },
    { name: "a repeat with no byte to repeat", row: [0x02, 1, 2, 3, 0xfe] },
    { name: "a row left short", row: [0x02, 1, 2, 3] },
    { name: "a row of no bytes", row: [] },
    { name: "more after a full row", row: [0x03, 1, 2, 3, 4, 0x00, 5] },
  ])("refuses $name", ({ row }) => {
    expect(() => readPsd(oneRow(row), { maxPixels })).toThrow(psdError("the flattened image is damaged"));
  });

  test("refuses a byte count table that claims more than the file holds", () => {
    const file = writePsd(testImage("rgb", { compression: 1 }));
    const table = imageDataAt(file) + 2;
    // The last row of the last channel claims 65535 bytes.
    file.writeUInt16BE(0xffff, table + (3 * 4 - 1) * 2);
    expect(() => readPsd(file, { maxPixels })).toThrow(psdError("the file ends early"));
  });

  test("refuses a byte count table that shifts rows, without reading astray", () => {
    const options = testImage("rgb", { compression: 1 });
    const file = writePsd(options);
    const table = imageDataAt(file) + 2;
    // Bytes moved from one row's count to the next: the total still fits the file.
    const first = file.readUInt16BE(table);
    file.writeUInt16BE(first - 1, table);
    file.writeUInt16BE(file.readUInt16BE(table + 2) + 1, table + 2);
    expect(() => readPsd(file, { maxPixels })).toThrow(psdError("the flattened image is damaged"));
  });

  test("refuses a byte count table that the file cannot hold", () => {
    // A PSB table of 4-byte counts for 56 channels of a 1000-row image, the file ending at its first entry.
    const file = writePsd({ width: 1, height: 1000, mode: "rgb", compression: 1, psb: true, pixel: () => [1, 2, 3] });
    file.writeUInt16BE(56, 12);
    file.writeUInt32BE(0xffff_ffff, imageDataAt(file, true) + 2);
    expect(() => readPsd(file, { maxPixels })).toThrow(psdError("the file ends early"));
  });
});

describe("readPsd without a preview", () => {
  test("a file without a flattened image says so, and still gives its header", () => {
    const info = readPsd(writePsd(testImage("rgb", { omitImageData: true, ppi: 150 })), { maxPixels });
    expect(info).toEqual({
      width: 300,
      height: 4,
      depth: 8,
      channels: 3,
      mode: "rgb",
      ppi: 150,
      hasIccProfile: false,
      composite: { missing: "the file carries no flattened image" },
    });
    const psb = readPsd(writePsd(testImage("cmyk", { omitImageData: true, psb: true })), { maxPixels });
    expect(psb.composite).toEqual({ missing: "the file carries no flattened image" });
  });

  test.each([2, 3])("ZIP compression (%i) is reported, not decoded", (compression) => {
    const file = writePsd(testImage("rgb"));
    file.writeUInt16BE(compression, imageDataAt(file));
    expect(readPsd(file, { maxPixels }).composite).toEqual({ missing: "the flattened image is ZIP-compressed" });
  });

  test("an unknown compression is refused", () => {
    const file = writePsd(testImage("rgb"));
    file.writeUInt16BE(4, imageDataAt(file));
    expect(() => readPsd(file, { maxPixels })).toThrow(psdError("the flattened image uses an unknown compression (4)"));
  });

  test.each([
    { mode: 0, name: "bitmap", missing: "colour mode Bitmap has no preview" },
    { mode: 2, name: "indexed", missing: "colour mode Indexed Color has no preview" },
    { mode: 7, name: "multichannel", missing: "colour mode Multichannel has no preview" },
    { mode: 8, name: "duotone", missing: "colour mode Duotone has no preview" },
    { mode: 9, name: "lab", missing: "colour mode Lab has no preview" },
  ])("colour mode $name is reported", ({ mode, name, missing }) => {
    const file = writePsd(testImage("rgb"));
    file.writeUInt16BE(mode, 24);
    const info = readPsd(file, { maxPixels });
    expect(info.mode).toBe(name);
    expect(info.composite).toEqual({ missing });
  });

  test("32-bit images are reported", () => {
    const file = writePsd(testImage("rgb"));
    file.writeUInt16BE(32, 22);
    const info = readPsd(file, { maxPixels });
    expect(info.depth).toBe(32);
    expect(info.composite).toEqual({ missing: "32-bit images have no preview" });
  });
});

describe("readPsd with the rest of the site", () => {
  test("the composite is what sharp takes as raw input", async () => {
    const options = testImage("rgb", { width: 37, height: 23, compression: 1 });
    const info = readPsd(writePsd(options), { maxPixels });
    const { pixels, channels } = decoded(info);
    const png = await sharp(pixels, { raw: { width: info.width, height: info.height, channels } })
      .png()
      .toBuffer();

    const metadata = await sharp(png).metadata();
    expect(metadata).toMatchObject({ format: "png", width: 37, height: 23, channels: 3, space: "srgb" });
    const back = await sharp(png).raw().toBuffer();
    expect(back.equals(expectedPixels(options))).toBe(true);
  });

  test.each([false, true])("upload checks take a written file for a Photoshop file (PSB %s)", async (psb) => {
    expect(await detectArtworkKind(writePsd(testImage("rgb", { psb })))).toBe("psd");
  });
});
