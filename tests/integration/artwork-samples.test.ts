import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { crc32, createInflateRaw, inflateRawSync } from "node:zlib";
import sharp, { type Sharp } from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { detectArtworkKind } from "../../app/server/uploads/artwork-kind.server.ts";
import {
  DEEP_NESTING,
  ENTITY_LEVELS,
  eps,
  epsNeedingFont,
  flawedPdf,
  goodPdf,
  HUGE_PNG_SIDE,
  illustratorPdf,
  jpeg,
  LYING_ZIP,
  manyPagePdf,
  pdfDeeplyNested,
  pdfHugePageCount,
  png,
  pngHuge,
  postScriptReadingPasswd,
  svg,
  svgWithEntities,
  svgWithLocalReference,
  svgWithRemoteReference,
  tiff,
  truncatedPdf,
  ZIP_BOMB_BYTES,
  zip,
  zipBomb,
  zipHoldingPdf,
  zipLyingAboutSize,
  zipWithManyEntries,
  zipWithTraversal,
} from "../support/artwork-samples.ts";

// The samples are checked with the tools a print shop and the preview use
// (Poppler, Ghostscript, libvips through sharp), not with the code that made them.

const runFile = promisify(execFile);
const mm = (millimetres: number) => (millimetres * 72) / 25.4;

type Run = { code: number; stdout: string; stderr: string; ms: number };

/** Runs a command to its end whatever its exit code, which several tests are about. */
async function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  const started = performance.now();
  try {
    const { stdout, stderr } = await runFile(command, args, { ...options, timeout: 15_000, maxBuffer: 16 << 20 });
    return { code: 0, stdout, stderr, ms: performance.now() - started } satisfies Run;
  } catch (error) {
    const failed = error as { code?: number | string; stdout?: string; stderr?: string };
    if (typeof failed.code !== "number") throw error;
    return {
      code: failed.code,
      stdout: failed.stdout ?? "",
      stderr: failed.stderr ?? "",
      ms: performance.now() - started,
    };
  }
}

/** `pdfinfo -box` as numbers: page count and each box as [x0, y0, x1, y1]. */
async function pdfBoxes(file: string) {
  const { stdout, code } = await run("pdfinfo", ["-box", file]);
  expect(code).toBe(0);
  const box = (name: string) => {
    const line = stdout.split("\n").find((row) => row.startsWith(`${name}:`));
    if (!line) throw new Error(`pdfinfo printed no ${name}`);
    return line.split(/\s+/).slice(1).map(Number);
  };
  return {
    pages: Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1]),
    media: box("MediaBox"),
    trim: box("TrimBox"),
    bleed: box("BleedBox"),
  };
}

function expectBox(actual: number[], expected: number[]) {
  expect(actual).toHaveLength(4);
  for (const [i, value] of actual.entries()) expect(Math.abs(value - (expected[i] ?? Number.NaN))).toBeLessThan(0.02);
}

/** The rows of a Poppler listing (pdffonts, pdfimages -list) under its dashed rule, split on whitespace. */
async function popplerRows(command: string, args: string[]): Promise<string[][]> {
  const { stdout, code } = await run(command, args);
  expect(code).toBe(0);
  const lines = stdout.trimEnd().split("\n");
  const rule = lines.findIndex((line) => line.startsWith("---"));
  return lines.slice(rule + 1).map((line) => line.trim().split(/\s+/));
}

/** pdffonts columns: name type [type] encoding emb sub uni id gen; read from the right, as the type may be two words. */
const fontEmbedded = (row: string[]) => row.at(-5);
/** pdfimages -list columns: page num type width height color comp bpc enc interp id gen x-ppi y-ppi size ratio. */
const imageRow = (row: string[]) => ({
  width: Number(row[3]),
  height: Number(row[4]),
  color: row[5],
  encoding: row[8],
  xPpi: Number(row[12]),
  yPpi: Number(row[13]),
});

/** Every xref row of a hand-written PDF points at the object it names. */
function expectSoundXref(pdf: Buffer) {
  const text = pdf.toString("latin1");
  const start = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
  expect(text.startsWith("xref\n", start)).toBe(true);
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(start)) ?? [];
  expect(first).toBe("0");
  const rows = text
    .slice(start)
    .split("\n")
    .slice(2, 2 + Number(count));
  rows.slice(1).forEach((row, i) => {
    const offset = Number(row.slice(0, 10));
    expect(text.startsWith(`${i + 1} 0 obj`, offset)).toBe(true);
  });
  expect(/trailer\s*<<[\s\S]*\/Size (\d+)/.exec(text)?.[1]).toBe(count);
}

type ZipListing = {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  local: { crc: number; compressedSize: number; size: number; name: string };
  data: Buffer;
};

/** Reads a ZIP through its central directory, as an unpacker does, and each entry's local header. */
function readZip(bytes: Buffer): ZipListing[] {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(-1);
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const entries: ZipListing[] = [];
  for (let i = 0; i < count; i++) {
    expect(bytes.readUInt32LE(at)).toBe(0x02014b50);
    const nameLength = bytes.readUInt16LE(at + 28);
    const skip = nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    const offset = bytes.readUInt32LE(at + 42);
    expect(bytes.readUInt32LE(offset)).toBe(0x04034b50);
    const localName = bytes.readUInt16LE(offset + 26);
    const dataStart = offset + 30 + localName + bytes.readUInt16LE(offset + 28);
    const compressedSize = bytes.readUInt32LE(at + 20);
    entries.push({
      name: bytes.toString("utf8", at + 46, at + 46 + nameLength),
      method: bytes.readUInt16LE(at + 10),
      crc: bytes.readUInt32LE(at + 16),
      compressedSize,
      size: bytes.readUInt32LE(at + 24),
      local: {
        crc: bytes.readUInt32LE(offset + 14),
        compressedSize: bytes.readUInt32LE(offset + 18),
        size: bytes.readUInt32LE(offset + 22),
        name: bytes.toString("utf8", offset + 30, offset + 30 + localName),
      },
      data: bytes.subarray(dataStart, dataStart + compressedSize),
    });
    at += 46 + skip;
  }
  return entries;
}

const contentOf = (entry: ZipListing) => (entry.method === 8 ? inflateRawSync(entry.data) : entry.data);

/** A picture with something in it: some channel varies across it. */
async function expectNotBlank(image: Sharp) {
  const { channels } = await image.stats();
  expect(Math.max(...channels.map((channel) => channel.stdev))).toBeGreaterThan(10);
}

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "artwork-samples-"));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A folder of its own for a test whose samples share a name with another's. */
const folder = async (name: string) => {
  const made = path.join(dir, name);
  await mkdir(made, { recursive: true });
  return made;
};

const kindOf = async (file: string) => detectArtworkKind(await readFile(file));

describe("good PDF", () => {
  test("has 3 mm bleed around a 100 × 150 mm trim, an embedded font and a 300 ppi CMYK image", async () => {
    const file = await goodPdf(await folder("good"));
    expect(path.isAbsolute(file)).toBe(true);

    const boxes = await pdfBoxes(file);
    expect(boxes.pages).toBe(1);
    expectBox(boxes.media, [0, 0, mm(106), mm(156)]);
    expectBox(boxes.bleed, [0, 0, mm(106), mm(156)]);
    expectBox(boxes.trim, [mm(3), mm(3), mm(103), mm(153)]);
    // Poppler reports a missing box as the MediaBox: only the file itself shows it was set.
    const bytes = (await readFile(file)).toString("latin1");
    expect(bytes).toMatch(/\/TrimBox\s*\[/);
    expect(bytes).toMatch(/\/BleedBox\s*\[/);

    const fonts = await popplerRows("pdffonts", [file]);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(fontEmbedded(font)).toBe("yes");

    const images = (await popplerRows("pdfimages", ["-list", file])).map(imageRow);
    expect(images).toEqual([{ width: 300, height: 300, color: "cmyk", encoding: "image", xPpi: 300, yPpi: 300 }]);
    const extracted = path.join(path.dirname(file), "extracted");
    expect((await run("pdfimages", ["-tiff", file, extracted])).code).toBe(0);
    const image = sharp(`${extracted}-000.tif`);
    expect((await image.metadata()).space).toBe("cmyk");
    await expectNotBlank(image);
  });
});

describe("flawed PDF", () => {
  test("has no bleed, a 96 ppi RGB image and Helvetica not embedded", async () => {
    const file = await flawedPdf(await folder("flawed"));

    const boxes = await pdfBoxes(file);
    expectBox(boxes.media, [0, 0, mm(100), mm(150)]);
    const bytes = (await readFile(file)).toString("latin1");
    expect(bytes).not.toMatch(/\/TrimBox|\/BleedBox/);

    const fonts = await popplerRows("pdffonts", [file]);
    expect(fonts.map((font) => [font[0], fontEmbedded(font)])).toEqual([["Helvetica", "no"]]);

    const images = (await popplerRows("pdfimages", ["-list", file])).map(imageRow);
    expect(images).toEqual([{ width: 96, height: 96, color: "rgb", encoding: "image", xPpi: 96, yPpi: 96 }]);
  });
});

describe("many-page PDF", () => {
  test("has A4 pages, each with a 600 × 400 RGB image of its own", async () => {
    const file = await manyPagePdf(dir);
    const { stdout } = await run("pdfinfo", [file]);
    expect(stdout).toMatch(/^Pages:\s+50$/m);
    expect(stdout).toMatch(/^Page size:\s+595\.28 x 841\.89 pts \(A4\)$/m);

    const images = (await popplerRows("pdfimages", ["-list", file])).map(imageRow);
    expect(images).toHaveLength(50);
    for (const image of images) expect(image).toMatchObject({ width: 600, height: 400, color: "rgb" });
    expectSoundXref(await readFile(file));

    expect(await popplerRows("pdfimages", ["-list", await manyPagePdf(dir, 3)])).toHaveLength(3);
  });
});

describe("Illustrator PDF", () => {
  test("is taken for Illustrator's, where an ordinary PDF is not, and reads as a PDF", async () => {
    const file = await illustratorPdf(dir);
    expect(await kindOf(file)).toBe("ai");
    expect(await kindOf(await flawedPdf(await folder("plain")))).toBe("pdf");
    const { code, stdout } = await run("pdfinfo", [file]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Pages:\s+1$/m);
    expectSoundXref(await readFile(file));
  });
});

/** Renders an EPS at 72 dpi, its bounding box as the page, as the preview would. */
async function renderEps(file: string) {
  const out = `${file}.png`;
  const result = await run("gs", [
    "-dSAFER",
    "-dBATCH",
    "-dNOPAUSE",
    "-dEPSCrop",
    "-r72",
    "-sDEVICE=png16m",
    `-sOutputFile=${out}`,
    file,
  ]);
  return { ...result, out };
}

describe("EPS", () => {
  test.each([
    ["self-contained", eps],
    ["needing Helvetica", epsNeedingFont],
  ])("%s: an EPS that Ghostscript renders at its 100 × 150 mm bounding box", async (_, make) => {
    const file = await make(dir);
    const text = await readFile(file, "latin1");
    expect(text.startsWith("%!PS-Adobe-3.0 EPSF-3.0\n")).toBe(true);
    expect(text).toMatch(/^%%BoundingBox: 0 0 283 425$/m);
    expect(await kindOf(file)).toBe("eps");

    const rendered = await renderEps(file);
    expect(rendered.code, rendered.stderr).toBe(0);
    const image = sharp(rendered.out);
    expect(await image.metadata()).toMatchObject({ width: 283, height: 425 });
    await expectNotBlank(image);
  });

  test("the one needing a font says so, and sets its text in it", async () => {
    const needing = await readFile(await epsNeedingFont(dir), "latin1");
    expect(needing).toMatch(/^%%DocumentNeededResources: font Helvetica$/m);
    expect(needing).toMatch(/\/Helvetica findfont/);
    const selfContained = await readFile(await eps(dir), "latin1");
    expect(selfContained).not.toMatch(/DocumentNeededResources|Helvetica/);
  });
});

describe("raster images", () => {
  test.each([
    ["png", png, "png", "srgb"],
    ["jpeg", jpeg, "jpeg", "srgb"],
    ["tiff", tiff, "tiff", "cmyk"],
  ] as const)("%s: 100 × 150 mm at 300 ppi by default, with something in it", async (_, make, format, space) => {
    const file = await make(dir);
    expect(await kindOf(file)).toBe(format);
    const image = sharp(file);
    expect(await image.metadata()).toMatchObject({ format, width: 1181, height: 1772, density: 300, space });
    await expectNotBlank(image);
  });

  test("sizes and density can be chosen", async () => {
    const options = { widthPx: 320, heightPx: 200, ppi: 72 };
    for (const make of [png, jpeg, tiff]) {
      expect(await sharp(await make(dir, options)).metadata()).toMatchObject({ width: 320, height: 200, density: 72 });
    }
  });

  test("the SVG is 100 × 150 mm, self-contained, and drawn", async () => {
    const file = await svg(dir);
    expect(await kindOf(file)).toBe("svg");
    const text = await readFile(file, "utf8");
    expect(text).toMatch(/<svg [^>]*width="100mm" height="150mm" viewBox="0 0 100 150"/);
    expect(text).toMatch(/<text\b/);
    expect(text).not.toMatch(/href|url\(|@import/);
    const image = sharp(file);
    expect(await image.metadata()).toMatchObject({ format: "svg", width: 283, height: 425 });
    await expectNotBlank(image);
  });
});

describe("ZIP", () => {
  test("holds the PDF and a note, which other unpackers read too", async () => {
    const file = await zipHoldingPdf(dir);
    const entries = readZip(await readFile(file));
    expect(entries.map((entry) => entry.name)).toEqual(["artwork/box.pdf", "readme.txt"]);
    for (const entry of entries) {
      const content = contentOf(entry);
      expect(content).toHaveLength(entry.size);
      expect(crc32(content)).toBe(entry.crc);
      expect(entry.local).toEqual({
        crc: entry.crc,
        compressedSize: entry.compressedSize,
        size: entry.size,
        name: entry.name,
      });
    }
    const pdf = contentOf(entries[0] as ZipListing);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(await detectArtworkKind(pdf)).toBe("pdf");

    const listed = await run("python3", ["-m", "zipfile", "-t", file]);
    expect(listed.code, listed.stderr).toBe(0);
    expect((await run("python3", ["-m", "zipfile", "-l", file])).stdout).toMatch(/artwork\/box\.pdf[\s\S]*readme\.txt/);
  });

  test("stores or deflates each entry, and can lie about its size", async () => {
    const data = Buffer.from("stored as it is ".repeat(20));
    const file = await zip(dir, "mixed.zip", [
      { name: "stored.txt", data, method: 0 },
      { name: "deflated.txt", data },
      { name: "lying.txt", data, declaredSize: 7 },
    ]);
    const [stored, deflated, lying] = readZip(await readFile(file));
    expect(stored).toMatchObject({ method: 0, compressedSize: data.length, size: data.length });
    expect(stored?.data.equals(data)).toBe(true);
    expect(deflated?.method).toBe(8);
    expect(deflated?.compressedSize).toBeLessThan(data.length);
    expect(contentOf(deflated as ZipListing).equals(data)).toBe(true);
    expect(lying).toMatchObject({ size: 7, local: { size: 7 } });
    expect(contentOf(lying as ZipListing).equals(data)).toBe(true);
  });
});

describe("hostile PostScript", () => {
  const gsArgs = (file: string) => [
    "-dSAFER",
    "-dBATCH",
    "-dNOPAUSE",
    "-dEPSCrop",
    "-sDEVICE=png16m",
    `-sOutputFile=${path.join(path.dirname(file), "out.png")}`,
    file,
  ];
  const firstLineOfPasswd = async () => (await readFile("/etc/passwd", "utf8")).split("\n")[0] ?? "";

  test("is taken for an EPS", async () => {
    const file = await postScriptReadingPasswd(await folder("detect"), path.join(dir, "never-run"));
    expect(await kindOf(file)).toBe("eps");
  });

  test("does what it says without -dSAFER: shows /etc/passwd and writes the marker", async () => {
    const place = await folder("unsafe");
    const marker = path.join(place, "marker it's");
    const file = await postScriptReadingPasswd(place, marker);
    const shown = await run("gs", [
      "-dNOSAFER",
      "-dBATCH",
      "-dNOPAUSE",
      "-dEPSCrop",
      "-sDEVICE=txtwrite",
      "-sOutputFile=-",
      file,
    ]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain(await firstLineOfPasswd());
    expect(existsSync(marker)).toBe(true);
  });

  test("fails under -dSAFER, writing nothing, when Ghostscript's temp folder is elsewhere", async () => {
    const place = await folder("safe");
    const gsTemp = await folder("safe-gs-temp");
    const marker = path.join(place, "marker");
    const file = await postScriptReadingPasswd(place, marker);
    const result = await run("gs", gsArgs(file), { env: { ...process.env, TMPDIR: gsTemp, TEMP: gsTemp } });
    expect(result.code).not.toBe(0);
    expect(`${result.stdout}${result.stderr}`).toMatch(/invalidfileaccess/);
    expect(existsSync(marker)).toBe(false);
    expect(existsSync(path.join(place, "out.png"))).toBe(false);
  });

  // Ghostscript (10.00 here) lets a -dSAFER job read and write in its own temp
  // folder (TMPDIR, else /tmp), which it needs for its work files: the file
  // operator writes the marker there; only %pipe% stays shut. A preview must
  // give gs a temp folder of its own, holding nothing else.
  test("under -dSAFER still writes the marker when it lies in Ghostscript's temp folder", async () => {
    const place = await folder("gs-temp");
    const marker = path.join(place, "marker");
    const file = await postScriptReadingPasswd(place, marker);
    const result = await run("gs", gsArgs(file), { env: { ...process.env, TMPDIR: place, TEMP: place } });
    expect(result.code).not.toBe(0);
    expect(await readFile(marker, "utf8")).toBe("written by the file operator\n");
  });
});

// What Poppler 22.12 makes of the hostile PDFs (both well under a second):
// - huge page count: pdfinfo and pdftoppm -f 1 -l 1 both exit 99 at once. Poppler
//   says "Page count (2000000000) larger than number of objects (6)", takes the
//   document as having 0 pages, and then rejects page 1 as out of range.
// - 200 000-deep array: pdfinfo exits 0 (Pages: 1) in about 20 ms; pdftoppm
//   -f 1 -l 1 exits 0 in about 100 ms, drawing the page with its Resources
//   unusable (Poppler's parser stops descending at a fixed depth).
// Ghostscript 10.00 renders both with exit 0: the first in 0.1 s, the second in about 2 s.
describe("hostile PDFs", () => {
  test("a page tree claiming two thousand million pages, in a small sound PDF", async () => {
    const file = await pdfHugePageCount(dir);
    const bytes = await readFile(file);
    expect(bytes.length).toBeLessThan(2000);
    expectSoundXref(bytes);
    expect(bytes.toString("latin1")).toMatch(/\/Type \/Pages \/Kids \[3 0 R\] \/Count 2000000000/);

    const info = await run("pdfinfo", [file]);
    expect(info.stderr).toContain("Page count (2000000000)");
    expect(info.stderr).not.toMatch(/xref|trailer/i);
    expect(info.ms).toBeLessThan(5000);
    const page = await run("pdftoppm", ["-f", "1", "-l", "1", "-r", "20", "-png", file, path.join(dir, "huge-count")]);
    expect(page.code).not.toBe(0);
    expect(page.ms).toBeLessThan(5000);
  });

  test("a page whose Resources are an array 200 000 deep, in a sound PDF", async () => {
    const file = await pdfDeeplyNested(dir);
    const bytes = await readFile(file);
    expectSoundXref(bytes);
    expect(bytes.includes(`${"[".repeat(DEEP_NESTING)}${"]".repeat(DEEP_NESTING)}`)).toBe(true);
    expect(bytes.toString("latin1")).toMatch(/\/Resources 5 0 R/);

    const info = await run("pdfinfo", [file]);
    expect(info.code).toBe(0);
    expect(info.stdout).toMatch(/^Pages:\s+1$/m);
    expect(info.stderr).not.toMatch(/xref|trailer/i);
    const page = await run("pdftoppm", ["-f", "1", "-l", "1", "-r", "20", "-png", file, path.join(dir, "deep")]);
    expect(page.code).toBe(0);
    expect(page.ms).toBeLessThan(5000);
  });

  test("a PDF cut off at 40 %", async () => {
    const file = await truncatedPdf(await folder("truncated"));
    const whole = await stat(await goodPdf(await folder("whole")));
    const bytes = await readFile(file);
    // Ghostscript's output differs run to run only in its dates and ID.
    expect(Math.abs(bytes.length - whole.size * 0.4)).toBeLessThan(200);
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(bytes.includes("%%EOF")).toBe(false);
    expect(await detectArtworkKind(bytes)).toBe("pdf");
    expect((await run("pdfinfo", [file])).code).not.toBe(0);
  });
});

describe("hostile ZIPs", () => {
  test("the bomb: honest headers, 300 MB of zeros from well over 100 times fewer bytes", async () => {
    const file = await zipBomb(dir);
    const bytes = await readFile(file);
    const [entry, ...others] = readZip(bytes);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({ method: 8, size: ZIP_BOMB_BYTES, local: { size: ZIP_BOMB_BYTES } });
    expect(entry?.local.compressedSize).toBe(entry?.compressedSize);
    expect(ZIP_BOMB_BYTES / bytes.length).toBeGreaterThan(100);

    // Inflated piece by piece: what it holds, and its CRC, are what the headers say.
    const zeros = Buffer.alloc(1 << 20);
    let inflated = 0;
    let crc = 0;
    let allZeros = true;
    const inflater = createInflateRaw({ chunkSize: zeros.length });
    inflater.end(entry?.data);
    for await (const piece of inflater as AsyncIterable<Buffer>) {
      inflated += piece.length;
      crc = crc32(piece, crc);
      allZeros &&= piece.equals(zeros.subarray(0, piece.length));
    }
    expect(inflated).toBe(ZIP_BOMB_BYTES);
    expect(allZeros).toBe(true);
    expect(crc).toBe(entry?.crc);
  });

  test("the liar: says 1000 bytes, inflates to 50 MB", async () => {
    const [entry] = readZip(await readFile(await zipLyingAboutSize(dir)));
    expect(entry).toMatchObject({ size: LYING_ZIP.declaredSize, local: { size: LYING_ZIP.declaredSize } });
    const content = contentOf(entry as ZipListing);
    expect(content.length).toBe(LYING_ZIP.realSize);
    expect(crc32(content)).toBe(entry?.crc);
  });

  test("entries that would land outside the folder, each a PDF", async () => {
    const entries = readZip(await readFile(await zipWithTraversal(dir, "escaped.pdf")));
    expect(entries.map((entry) => entry.name)).toEqual(["../../escaped.pdf", "/tmp/escaped.pdf"]);
    for (const entry of entries) {
      const pdf = contentOf(entry);
      expect(await detectArtworkKind(pdf)).toBe("pdf");
      expectSoundXref(pdf);
    }
  });

  test("many entries, one more than 100 by default", async () => {
    const entries = readZip(await readFile(await zipWithManyEntries(dir)));
    expect(entries).toHaveLength(101);
    expect(new Set(entries.map((entry) => entry.name)).size).toBe(101);
    expect(await detectArtworkKind(contentOf(entries[100] as ZipListing))).toBe("pdf");
    expect(readZip(await readFile(await zipWithManyEntries(dir, 3)))).toHaveLength(3);
  });
});

describe("hostile images", () => {
  test("a PNG declaring 60000 × 60000 pixels in a few KB, every chunk's CRC right", async () => {
    const file = await pngHuge(dir);
    const bytes = await readFile(file);
    expect(bytes.length).toBeLessThan(10_000);
    expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
    const chunks: string[] = [];
    for (let at = 8; at < bytes.length; ) {
      const length = bytes.readUInt32BE(at);
      chunks.push(bytes.toString("latin1", at + 4, at + 8));
      expect(bytes.readUInt32BE(at + 8 + length)).toBe(crc32(bytes.subarray(at + 4, at + 8 + length)));
      at += 12 + length;
    }
    expect(chunks).toEqual(["IHDR", "IDAT", "IEND"]);
    expect(await kindOf(file)).toBe("png");
    const header = await sharp(file, { limitInputPixels: false }).metadata();
    expect(header).toMatchObject({ width: HUGE_PNG_SIDE, height: HUGE_PNG_SIDE });
    // sharp's default limit refuses it from the header alone.
    await expect(sharp(file).metadata()).rejects.toThrow(/pixel limit/);
  });

  test("an SVG pointing at local files", async () => {
    const file = await svgWithLocalReference(dir);
    expect(await kindOf(file)).toBe("svg");
    const text = await readFile(file, "utf8");
    expect(text).toMatch(/<image href="file:\/\/\/etc\/passwd"/);
    expect(text).toMatch(/<image xlink:href="\/etc\/hostname"/);
    expect(text).toMatch(/<use href="file:\/\/\/etc\/hostname#x"/);
    expect(await sharp(file).metadata()).toMatchObject({ format: "svg", width: 283, height: 425 });
  });

  test("an SVG fetching a URL as an image, a stylesheet and a paint", async () => {
    // Port 9 (discard) on the loopback: nothing answers if a reader does fetch.
    const url = "http://127.0.0.1:9/art.css?a=1&b=2";
    const file = await svgWithRemoteReference(dir, url);
    expect(await kindOf(file)).toBe("svg");
    const text = await readFile(file, "utf8");
    const inXml = "http://127.0.0.1:9/art.css?a=1&amp;b=2";
    expect(text).toContain(`<image href="${inXml}"`);
    expect(text).toContain(`@import url(${inXml});`);
    expect(text).toContain(`style="fill:url(${inXml}#g)"`);
    // Well-formed despite the "&": libxml2 parses it.
    expect(await sharp(file).metadata()).toMatchObject({ format: "svg", width: 283, height: 425 });
  });

  test("an SVG of nested entities expanding to thousands of millions of characters", async () => {
    const file = await svgWithEntities(dir);
    expect(await kindOf(file)).toBe("svg");
    const text = await readFile(file, "utf8");
    expect(text.length).toBeLessThan(2000);
    // The expansion worked out from the declarations themselves.
    const lengths = new Map<string, number>();
    for (const [, name, value] of text.matchAll(/<!ENTITY (\w+) "([^"]*)">/g)) {
      const references = [...(value ?? "").matchAll(/&(\w+);/g)].map(([, ref]) => lengths.get(ref ?? "") ?? Number.NaN);
      const plain = (value ?? "").replace(/&\w+;/g, "").length;
      lengths.set(name ?? "", plain + references.reduce((sum, length) => sum + length, 0));
    }
    expect(lengths.size).toBe(ENTITY_LEVELS);
    const used = /<text[^>]*>&(\w+);<\/text>/.exec(text)?.[1] ?? "";
    expect(lengths.get(used)).toBe(3e9);
    // libxml2 (under librsvg) recognises the attack and refuses it.
    await expect(sharp(file).metadata()).rejects.toThrow(/amplification/);
  });
});

describe("samples in the folder", () => {
  test("each maker writes one file there, under a fixed name, and leaves no scratch folder", async () => {
    const place = await folder("names");
    const made = [await zipHoldingPdf(place), await truncatedPdf(place), await svg(place)];
    expect(made.map((file) => path.relative(place, file))).toEqual(["artwork.zip", "truncated.pdf", "sample.svg"]);
    expect((await readdir(place)).sort()).toEqual(["artwork.zip", "sample.svg", "truncated.pdf"]);
  });
});
