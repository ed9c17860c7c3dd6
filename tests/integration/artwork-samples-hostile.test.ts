import { existsSync } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { crc32, createInflateRaw } from "node:zlib";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { detectArtworkKind } from "../../app/server/uploads/artwork-kind.server.ts";
import { goodPdf, svg } from "../support/artwork-samples.ts";
import {
  DEEP_NESTING,
  ENTITY_LEVELS,
  HUGE_PNG_SIDE,
  LYING_ZIP,
  pdfDeeplyNested,
  pdfHugePageCount,
  pngHuge,
  postScriptReadingPasswd,
  svgWithEntities,
  svgWithLocalReference,
  svgWithRemoteReference,
  truncatedPdf,
  ZIP_BOMB_BYTES,
  zipBomb,
  zipLyingAboutSize,
  zipWithManyEntries,
  zipWithTraversal,
} from "../support/hostile-artwork-samples.ts";
import { zipHoldingPdf } from "../support/zip-samples.ts";
import {
  contentOf,
  dir,
  expectSoundXref,
  folder,
  kindOf,
  readZip,
  run,
  sampleFolder,
  type ZipListing,
} from "./support/artwork-sample-files.ts";

sampleFolder();

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
