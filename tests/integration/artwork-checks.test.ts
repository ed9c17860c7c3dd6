import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import yauzl from "yauzl";
import {
  type ArtworkChecker,
  type CheckedFile,
  createArtworkChecker,
  type PreviewImage,
} from "../../app/server/previews/check-artwork.server.ts";
import type { ReportLine } from "../../app/server/previews/report.ts";
import type { RequestedSize } from "../../app/server/previews/requested-size.ts";
import { findTools, type Sandbox, sandboxFor, type ToolName } from "../../app/server/previews/tools.server.ts";
import { detectArtworkKind } from "../../app/server/uploads/artwork-kind.server.ts";
import type { ArtworkKind } from "../../app/server/uploads/artwork-kinds.ts";
import * as samples from "../support/artwork-samples.ts";
import { writePsd } from "../support/psd.ts";

// The checker on real files, with the real Poppler, Ghostscript, libcdr and
// sharp, one file after another as the worker runs them.

const imageTool = path.resolve(import.meta.dirname, "../../app/server/previews/image-tool.ts");
const cdrFile = path.resolve(import.meta.dirname, "../fixtures/artwork/sample.cdr");

const TIMEOUT_MS = 10_000;
/** Writing the input, starting Node for sharp and deleting the scratch folder come on top of a tool's own time. */
const MARGIN_MS = 3_000;

const card: RequestedSize = { width: 100, height: 150, label: "100 × 150 mm" };

let dir: string;
let scratchRoot: string;
let checker: ArtworkChecker;
let sandbox: Sandbox;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "artwork-checks-samples-"));
  scratchRoot = await mkdtemp(path.join(tmpdir(), "artwork-checks-scratch-"));
  // As the server runs them: every program of the checks under bubblewrap.
  sandbox = await sandboxFor(await findTools(), dir);
  expect(sandbox).toEqual({ kind: "bubblewrap" });
  checker = createArtworkChecker({
    tools: await findTools(),
    imageTool,
    scratchRoot,
    sandbox,
    limits: { timeoutMs: TIMEOUT_MS },
  });
});

afterEach(async () => {
  // Each check deletes its own folder, whatever the file did.
  expect(await readdir(scratchRoot)).toEqual([]);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(scratchRoot, { recursive: true, force: true });
});

type Checked = CheckedFile & { kind: ArtworkKind; wallMs: number };

/** Checks a file as the worker does: its kind from its bytes, the bytes as a stream. */
async function checkFile(
  file: string,
  options: { requested?: RequestedSize; signal?: AbortSignal; using?: ArtworkChecker } = {},
): Promise<Checked> {
  const bytes = await readFile(file);
  const kind = await detectArtworkKind(bytes);
  if (!kind) throw new Error(`${path.basename(file)} is not taken as artwork`);
  const started = performance.now();
  const result = await (options.using ?? checker).check(
    { kind, read: async () => Readable.from([bytes]) },
    options.requested,
    options.signal,
  );
  const wallMs = performance.now() - started;
  expect(await readdir(scratchRoot)).toEqual([]);
  expect(result.outcome.previews).toBe(result.images.length);
  return { ...result, kind, wallMs };
}

const isWebp = (bytes: Buffer) =>
  bytes.subarray(0, 4).toString("latin1") === "RIFF" && bytes.subarray(8, 12).toString("latin1") === "WEBP";

/** Both sizes are WebP, within their bounds, and show something rather than a blank page. */
async function expectPreview(image: PreviewImage | undefined) {
  if (!image) throw new Error("no preview image");
  for (const [size, longSide] of [
    ["large", 1200],
    ["small", 320],
  ] as const) {
    const bytes = image[size];
    expect(isWebp(bytes), `${size} is WebP`).toBe(true);
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe("webp");
    expect(Math.min(meta.width ?? 0, meta.height ?? 0)).toBeGreaterThan(0);
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(longSide);
  }
  const { channels } = await sharp(image.large).stats();
  expect(Math.max(...channels.map((channel) => channel.stdev))).toBeGreaterThan(5);
  return sharp(image.large).metadata();
}

function expectNoPreview(checked: Checked) {
  expect(checked.outcome.previews).toBe(0);
  expect(checked.images).toEqual([]);
  expect(checked.outcome.noPreview).toEqual(expect.any(String));
  expect(checked.outcome.noPreview?.length).toBeGreaterThan(0);
}

function expectWithinLimit(checked: Checked) {
  expect(checked.outcome.ms).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
  expect(checked.wallMs).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
}

const fine = (text: string): ReportLine => ({ mark: "fine", text });
const check = (text: string): ReportLine => ({ mark: "check", text });
const problem = (text: string): ReportLine => ({ mark: "problem", text });
const marked = (report: readonly ReportLine[], mark: ReportLine["mark"]) => report.filter((line) => line.mark === mark);

/** The report of goodPdf when no size was asked for. */
const goodPdfReport = (sizeLine: string) => [
  fine("1 page"),
  fine(sizeLine),
  fine("Bleed 3 mm on every side"),
  fine("The one font is embedded"),
  fine("1 image at 300 ppi or more at print size"),
  fine("Images in CMYK or greyscale"),
];

describe("good files get a preview and their report", () => {
  test("a print-ready PDF at the size asked for: every line fine", async () => {
    const checked = await checkFile(await samples.goodPdf(dir), { requested: card });
    expect(checked.kind).toBe("pdf");
    expect(checked.outcome.previews).toBe(1);
    expect(checked.outcome.noPreview).toBeUndefined();
    expect(checked.outcome.report).toEqual(
      goodPdfReport("Trim size 100 × 150 mm (trim box): matches the 100 × 150 mm asked for"),
    );
    expect(marked(checked.outcome.report, "fine")).toHaveLength(checked.outcome.report.length);
    // The whole page with its bleed, 106 × 156 mm, drawn to the long side.
    const large = await expectPreview(checked.images[0]);
    expect(large.height).toBe(1200);
    expect(Math.abs((large.width ?? 0) - (1200 * 106) / 156)).toBeLessThan(3);
  });

  test("a flawed PDF: no bleed, a font not embedded and a blurred image, and RGB to check", async () => {
    const checked = await checkFile(await samples.flawedPdf(dir));
    await expectPreview(checked.images[0]);
    expect(checked.outcome.report).toEqual([
      fine("1 page"),
      fine("Trim size 100 × 150 mm (page size; no trim box)"),
      problem("No bleed: the artwork stops at the trim edge; ask for 3 mm bleed on every side"),
      problem("1 font not embedded (Helvetica): ask for text in outlines or embedded fonts"),
      problem("1 image below 150 ppi (lowest 96 ppi, page 1): will print blurred"),
      check("1 image in RGB: colours will shift in CMYK print"),
    ]);
    expect(marked(checked.outcome.report, "problem")).toHaveLength(3);
  });

  test("an Illustrator file is read as the PDF it holds", async () => {
    const checked = await checkFile(await samples.illustratorPdf(dir));
    expect(checked.kind).toBe("ai");
    await expectPreview(checked.images[0]);
    expect(checked.outcome.report).toEqual([
      fine("1 page"),
      fine("Trim size 100 × 150 mm (page size; no trim box)"),
      problem("No bleed: the artwork stops at the trim edge; ask for 3 mm bleed on every side"),
      problem("1 font not embedded (Helvetica): ask for text in outlines or embedded fonts"),
      fine("No raster images"),
    ]);
  });

  test("an Illustrator file from before version 9, PostScript inside, is read like an EPS", async () => {
    const legacy = path.join(dir, "legacy.ai");
    await writeFile(
      legacy,
      [
        "%!PS-Adobe-3.0",
        "%%Creator: Adobe Illustrator(R) 8.0",
        "%%BoundingBox: 0 0 283 425",
        "%%EndComments",
        "0 0.5 1 0 setcmykcolor 20 20 243 385 rectfill",
        "showpage",
        "%%EOF",
        "",
      ].join("\n"),
    );
    const checked = await checkFile(legacy);
    expect(checked.kind).toBe("ai");
    await expectPreview(checked.images[0]);
    expect(checked.outcome.report).toContainEqual(fine("Trim size 99.8 × 149.9 mm (bounding box)"));
  });

  test("a self-contained EPS", async () => {
    const checked = await checkFile(await samples.eps(dir), { requested: card });
    expect(checked.kind).toBe("eps");
    await expectPreview(checked.images[0]);
    // 283 × 425 pt, as its bounding box is in whole points: within a millimetre of the card.
    expect(checked.outcome.report).toEqual([
      fine("1 page"),
      fine("Trim size 99.8 × 149.9 mm (bounding box): matches the 100 × 150 mm asked for"),
      check("An EPS does not mark its trim: check the bleed on the preview"),
      fine("No fonts needed from outside the file"),
      fine("No raster images"),
    ]);
  });

  test("an EPS that needs a font it does not carry", async () => {
    const checked = await checkFile(await samples.epsNeedingFont(dir));
    await expectPreview(checked.images[0]);
    expect(marked(checked.outcome.report, "problem")).toEqual([
      problem("1 font not included (Helvetica): ask for text in outlines"),
    ]);
    expect(checked.outcome.report[1]).toEqual(fine("Trim size 99.8 × 149.9 mm (bounding box)"));
  });

  test.each([
    ["PNG", samples.png, "png", check("RGB colours: they will shift in CMYK print")],
    ["JPEG", samples.jpeg, "jpeg", check("RGB colours: they will shift in CMYK print")],
    ["TIFF", samples.tiff, "tiff", fine("CMYK colours")],
  ] as const)("a %s at 300 ppi: its print size in mm, and its colours", async (_, make, kind, colours) => {
    const checked = await checkFile(await make(dir));
    expect(checked.kind).toBe(kind);
    const large = await expectPreview(checked.images[0]);
    // 1181 × 1772 pixels, shrunk to fit 1200, never enlarged.
    expect(large).toMatchObject({ width: 800, height: 1200 });
    expect(checked.outcome.report).toEqual([
      fine("1181 × 1772 pixels: at 300 ppi it prints 100 × 150 mm"),
      fine("Saved at 300 ppi, for 100 × 150 mm"),
      colours,
    ]);
  });

  test("a raster too small for the size asked for", async () => {
    const checked = await checkFile(await samples.png(dir, { widthPx: 591, heightPx: 886, ppi: 72 }), {
      requested: card,
    });
    await expectPreview(checked.images[0]);
    expect(checked.outcome.report).toEqual([
      fine("591 × 886 pixels: at 300 ppi it prints 50 × 75 mm"),
      check("At the 100 × 150 mm asked for: 150 ppi: may print soft"),
      check("RGB colours: they will shift in CMYK print"),
    ]);
  });

  test("a CMYK Photoshop file with a PackBits image", async () => {
    const file = path.join(dir, "sample.psd");
    await writeFile(
      file,
      writePsd({
        width: 600,
        height: 400,
        mode: "cmyk",
        compression: 1,
        ppi: 300,
        pixel: (x, y) => [Math.round((x / 599) * 255), Math.round((y / 399) * 255), x < 300 ? 200 : 0, 0],
      }),
    );
    const checked = await checkFile(file);
    expect(checked.kind).toBe("psd");
    const large = await expectPreview(checked.images[0]);
    expect(large).toMatchObject({ width: 600, height: 400 });
    expect(checked.outcome.report).toEqual([
      fine("600 × 400 pixels: at 300 ppi it prints 50.8 × 33.9 mm"),
      fine("Saved at 300 ppi, for 50.8 × 33.9 mm"),
      fine("CMYK colours"),
    ]);
  });

  test("an SVG", async () => {
    const checked = await checkFile(await samples.svg(dir), { requested: card });
    expect(checked.kind).toBe("svg");
    await expectPreview(checked.images[0]);
    expect(checked.outcome.report).toEqual([
      fine("Trim size 100 × 150 mm (drawing size): matches the 100 × 150 mm asked for"),
      fine("Vector drawing: prints sharp at any size"),
      check("Text is live: the printer's fonts may replace the designer's; ask for text in outlines"),
    ]);
  });

  test("a ZIP lists its files, and the PDF in it has its own preview and report", async () => {
    const file = await samples.zipHoldingPdf(dir);
    const sizes = await zipSizes(file);
    const checked = await checkFile(file);
    expect(checked.kind).toBe("zip");
    expect(checked.outcome).toMatchObject({ previews: 1, report: [fine("2 files in the ZIP")] });
    expect(checked.outcome.noPreview).toBeUndefined();
    expect(checked.outcome.entries).toEqual([
      {
        name: "artwork/box.pdf",
        size: sizes.get("artwork/box.pdf"),
        kind: "PDF",
        findings: { previews: 1, report: goodPdfReport("Trim size 100 × 150 mm (trim box)"), preview: 0 },
      },
      { name: "readme.txt", size: 43 },
    ]);
    expect(sizes.get("artwork/box.pdf")).toBeGreaterThan(1000);
    await expectPreview(checked.images[0]);
  });

  test("the CorelDRAW sample: a preview, and its US Letter page", async () => {
    const checked = await checkFile(cdrFile);
    expect(checked.kind).toBe("cdr");
    await expectPreview(checked.images[0]);
    expect(checked.outcome.report).toEqual([
      fine("Trim size 215.9 × 279.4 mm (drawing size)"),
      fine("Vector drawing: prints sharp at any size"),
      check("CorelDRAW files are read for their page and drawing only: check fonts and colours in CorelDRAW"),
    ]);
  });
});

/** The files a ZIP lists, with their sizes, as another reader sees them. */
async function zipSizes(file: string): Promise<Map<string, number>> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false });
  try {
    const sizes = new Map<string, number>();
    for await (const entry of zip.eachEntry()) sizes.set(entry.fileName, entry.uncompressedSize);
    return sizes;
  } finally {
    zip.close();
  }
}

describe("hostile files end as 'no preview', within their time, leaving nothing behind", () => {
  test("PostScript reading /etc/passwd and writing outside its folder", async () => {
    const elsewhere = await mkdtemp(path.join(tmpdir(), "artwork-checks-marker-"));
    try {
      const marker = path.join(elsewhere, "marker");
      const checked = await checkFile(await samples.postScriptReadingPasswd(dir, marker));
      expect(checked.kind).toBe("eps");
      expectNoPreview(checked);
      expectWithinLimit(checked);
      expect(existsSync(marker)).toBe(false);
      expect(await readdir(elsewhere)).toEqual([]);
      const firstLine = (await readFile("/etc/passwd", "utf8")).split("\n")[0] ?? "";
      expect(firstLine.length).toBeGreaterThan(0);
      const told = JSON.stringify(checked.outcome);
      expect(told).not.toContain(firstLine);
      for (const field of firstLine.split(":").filter((part) => part.length > 3)) expect(told).not.toContain(field);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });

  // Ghostscript under -dSAFER still makes temporary files at will: this one makes 20 of 100 MB,
  // 2 GB held at once when nothing measures the scratch space.
  test("PostScript filling its temporary folder without end is stopped at the check's scratch limit", async () => {
    const file = path.join(dir, "flood.eps");
    await writeFile(
      file,
      "%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 100 100\n%%EndComments\n/chunk 1048576 string def\n" +
        "20 { null (w) .tempfile exch pop 100 { dup chunk writestring } repeat pop } repeat\nshowpage\n%%EOF\n",
    );
    const scratchBytes = 64 * 1024 * 1024;
    for (const confined of [sandbox, undefined]) {
      const bounded = createArtworkChecker({
        tools: await findTools(),
        imageTool,
        scratchRoot,
        ...(confined ? { sandbox: confined } : {}),
        limits: { timeoutMs: TIMEOUT_MS, scratchBytes },
      });
      // What the server's disk holds meanwhile; in the sandbox the files are in a space of its own.
      let peak = 0;
      const watching = setInterval(async () => {
        peak = Math.max(peak, await diskUsage(scratchRoot));
      }, 20);
      try {
        const checked = await checkFile(file, { using: bounded });
        expectNoPreview(checked);
        expectWithinLimit(checked);
        expect(checked.outcome.noPreview).toBe("Ghostscript wrote more than a preview needs and was stopped");
      } finally {
        clearInterval(watching);
      }
      // The watch looks every 50 ms: at most a few hundred MB/s more than the limit, never the 2 GB.
      expect(peak).toBeLessThan(scratchBytes + 256 * 1024 * 1024);
    }
  });

  test("a PDF claiming two thousand million pages", async () => {
    const checked = await checkFile(await samples.pdfHugePageCount(dir));
    expectNoPreview(checked);
    expectWithinLimit(checked);
  });

  test("a PDF whose page resources are nested 200 000 deep", async () => {
    const checked = await checkFile(await samples.pdfDeeplyNested(dir));
    expectWithinLimit(checked);
    // Poppler 22.12 stops descending at a fixed depth and draws the page
    // without its resources: it gets a preview. Another Poppler may refuse the
    // page; either way the check ends, with a reason when there is no preview.
    if (checked.outcome.previews === 0) expectNoPreview(checked);
    else await expectPreview(checked.images[0]);
    expect(checked.outcome.report[0]).toEqual(fine("1 page"));
  });

  test("a PDF whose page tree's Kids are the deeply nested array: the page cannot be drawn", async () => {
    const nested = await readFile(await samples.pdfDeeplyNested(dir), "latin1");
    expect(nested).toContain("/Kids [3 0 R]");
    // Padded to the same length, so the cross-reference offsets stay right and nothing needs repair.
    const file = path.join(dir, "nested-kids.pdf");
    await writeFile(file, nested.replace("/Kids [3 0 R]", "/Kids 5 0 R  "), "latin1");
    const checked = await checkFile(file);
    expectNoPreview(checked);
    expectWithinLimit(checked);
    expect(checked.outcome.noPreview).toMatch(/^the first page could not be drawn/);
  });

  test("a PDF cut off part way", async () => {
    const checked = await checkFile(await samples.truncatedPdf(dir));
    expectNoPreview(checked);
    expectWithinLimit(checked);
  });

  test("a zip bomb is refused from its listing", async () => {
    const checked = await checkFile(await samples.zipBomb(dir));
    expectNoPreview(checked);
    expectWithinLimit(checked);
    expect(checked.outcome.noPreview).toMatch(/more than 100 times/);
  });

  test("a ZIP's file names lose their control and direction characters before they are kept or shown", async () => {
    const pdf = await readFile(await samples.goodPdf(await mkdtemp(path.join(dir, "named-"))));
    const file = await samples.zip(dir, "hidden-characters.zip", [
      { name: "invoice\u202Efdp.exe", data: pdf },
      { name: "art\u200Bwork/\u2066card\u0007.pdf\u2069", data: Buffer.from("notes") },
    ]);
    const checked = await checkFile(file);
    expect(checked.outcome.entries?.map((entry) => entry.name)).toEqual(["invoicefdp.exe", "artwork/card.pdf"]);
    // The file is still found by its listing and read: its preview is made.
    expect(checked.outcome.entries?.[0]?.findings?.preview).toBe(0);
    await expectPreview(checked.images[0]);
  });

  test("a ZIP with a good PDF, then a file larger than it says: the PDF's preview stays, and the rest is a problem", async () => {
    const file = await samples.zip(dir, "good-then-lying.zip", [
      {
        name: "artwork/card.pdf",
        data: await readFile(await samples.goodPdf(await mkdtemp(path.join(dir, "good-then-lying-")))),
      },
      { name: "artwork/poster.pdf", data: Buffer.alloc(samples.LYING_ZIP.realSize), declaredSize: 1000 },
    ]);
    const checked = await checkFile(file);
    expect(checked.outcome.previews).toBe(1);
    expect(checked.outcome.noPreview).toBeUndefined();
    expect(checked.outcome.entries?.[0]?.findings?.preview).toBe(0);
    expect(checked.outcome.entries?.[1]?.findings).toBeUndefined();
    expect(marked(checked.outcome.report, "problem")).toEqual([
      problem("a file in the ZIP is larger than the ZIP says"),
    ]);
    await expectPreview(checked.images[0]);
  });

  test("a ZIP whose listed files all point at the same packed data is refused for what the whole unpacks to", async () => {
    const file = await samples.zipOfOverlappingEntries(dir);
    const { size } = await stat(file);
    const { entries, entryBytes } = samples.OVERLAPPING_ZIP;
    expect(entries * entryBytes).toBeGreaterThan(size * 100);
    const checked = await checkFile(file);
    expectNoPreview(checked);
    expectWithinLimit(checked);
    expect(checked.outcome.noPreview).toBe("the ZIP unpacks to more than 100 times its size");
  });

  test("a ZIP whose file inflates to far more than it says", async () => {
    const checked = await checkFile(await samples.zipLyingAboutSize(dir));
    expectNoPreview(checked);
    expectWithinLimit(checked);
    expect(checked.outcome.entries).toEqual([{ name: "artwork/poster.pdf", size: samples.LYING_ZIP.declaredSize }]);
    expect(checked.outcome.noPreview).toBe("a file in the ZIP is larger than the ZIP says");
  });

  test("a ZIP whose names climb out of the folder or are absolute", async () => {
    const escapeName = `escaped-${process.pid}-${Date.now()}.pdf`;
    const checked = await checkFile(await samples.zipWithTraversal(dir, escapeName));
    expectNoPreview(checked);
    expectWithinLimit(checked);
    // Unpacked two folders below the scratch root, "../../" lands in it; every folder above and /tmp are looked at too.
    const aimedAt = ["/tmp"];
    for (let folder = scratchRoot; ; folder = path.dirname(folder)) {
      aimedAt.push(folder);
      if (folder === path.dirname(folder)) break;
    }
    for (const folder of aimedAt) expect(existsSync(path.join(folder, escapeName)), folder).toBe(false);
  });

  test("a ZIP of 101 files", async () => {
    const checked = await checkFile(await samples.zipWithManyEntries(dir));
    expectNoPreview(checked);
    expectWithinLimit(checked);
    expect(checked.outcome.noPreview).toMatch(/101 files/);
  });

  test("a PNG declaring 60000 × 60000 pixels", async () => {
    const checked = await checkFile(await samples.pngHuge(dir));
    expect(checked.kind).toBe("png");
    expectNoPreview(checked);
    expectWithinLimit(checked);
    expect(checked.outcome.noPreview).toBe("the picture has too many pixels to preview");
  });

  test("an SVG pointing at files of the server", async () => {
    const checked = await checkFile(await samples.svgWithLocalReference(dir));
    expectNoPreview(checked);
    expectWithinLimit(checked);
    const told = JSON.stringify(checked.outcome);
    expect(told).not.toContain((await readFile("/etc/hostname", "utf8")).trim() || "no hostname");
  });

  test("an SVG pointing at a web address, which is never asked", async () => {
    const asked: string[] = [];
    let connections = 0;
    const lure: Server = createServer((request, response) => {
      asked.push(request.url ?? "");
      response.end("svg { fill: red }");
    });
    lure.on("connection", () => connections++);
    await new Promise<void>((resolve) => lure.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = lure.address() as AddressInfo;
      const checked = await checkFile(
        await samples.svgWithRemoteReference(dir, `http://127.0.0.1:${port}/artwork.css?from=svg`),
      );
      expectNoPreview(checked);
      expectWithinLimit(checked);
    } finally {
      await new Promise((resolve) => lure.close(resolve));
    }
    expect(asked).toEqual([]);
    expect(connections).toBe(0);
  });

  test("an SVG of nested entities (billion laughs)", async () => {
    const checked = await checkFile(await samples.svgWithEntities(dir));
    expectNoPreview(checked);
    expectWithinLimit(checked);
  });

  test("an SVG written to make its reading slow ends at its time limit, never holding up the server's thread", async () => {
    // Thousands of "url(" never closed: a pattern looking for each one's end reads on to the end of
    // the file every time, seconds of work at this size, and hours at the 20 MB allowed.
    const file = path.join(dir, "slow-to-read.svg");
    await writeFile(
      file,
      `<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm">${"url(".repeat(150_000)}`,
    );
    const quick = createArtworkChecker({
      tools: await findTools(),
      imageTool,
      scratchRoot,
      limits: { timeoutMs: 3000 },
    });
    let longestGapMs = 0;
    let last = performance.now();
    const ticking = setInterval(() => {
      const now = performance.now();
      longestGapMs = Math.max(longestGapMs, now - last);
      last = now;
    }, 20);
    try {
      const checked = await checkFile(file, { using: quick });
      expectNoPreview(checked);
      expect(checked.outcome.noPreview).toMatch(/took too long/);
    } finally {
      clearInterval(ticking);
    }
    expect(longestGapMs).toBeLessThan(1000);
  });
});

/** The disk a folder's files take, folders within it included. */
async function diskUsage(folder: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true }).catch(() => [])) {
    if (!entry.isFile()) continue;
    total += await stat(path.join(entry.parentPath, entry.name)).then(
      (info) => info.blocks * 512,
      () => 0,
    );
  }
  return total;
}

/** PostScript that never ends, so only a kill stops Ghostscript. */
async function endlessEps(): Promise<string> {
  const file = path.join(dir, "endless.eps");
  await writeFile(file, "%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 283 425\n%%EndComments\n{ 1 pop } loop\n%%EOF\n");
  return file;
}

describe("a check cut short through its signal", () => {
  test("ends soon after the abort, with no preview and no scratch folder left", async () => {
    const file = await endlessEps();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 500);
    try {
      const checked = await checkFile(file, { signal: controller.signal });
      expectNoPreview(checked);
      expect(checked.wallMs).toBeLessThan(TIMEOUT_MS / 2);
    } finally {
      clearTimeout(timer);
    }
  });

  test("a signal aborted before the check starts runs no tool: the check is refused at once", async () => {
    const quick = createArtworkChecker({
      tools: await findTools(),
      imageTool,
      scratchRoot,
      limits: { timeoutMs: 4000 },
    });
    const started = performance.now();
    // A stop, not the file's doing: the check refuses to start, and the worker leaves the file queued.
    await expect(checkFile(await endlessEps(), { signal: AbortSignal.abort(), using: quick })).rejects.toThrow(
      /aborted/,
    );
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe("without the programs", () => {
  test("each kind names the Debian package to install; pictures need only prlimit, which every kind needs", async () => {
    const bare = createArtworkChecker({
      tools: new Set<ToolName>(["prlimit"]),
      imageTool,
      scratchRoot,
      limits: { timeoutMs: TIMEOUT_MS },
    });
    const unavailable = (packages: string) =>
      `previews of this kind are not available on this server (${packages} not installed)`;
    for (const [file, packages] of [
      [await samples.goodPdf(dir), "poppler-utils"],
      [await samples.illustratorPdf(dir), "poppler-utils"],
      [await samples.eps(dir), "ghostscript"],
      [cdrFile, "libcdr-tools"],
    ] as const) {
      const checked = await checkFile(file, { using: bare });
      expectNoPreview(checked);
      expect(checked.outcome.noPreview).toBe(unavailable(packages));
    }
    const picture = await checkFile(await samples.png(dir), { using: bare });
    expect(picture.outcome.previews).toBe(1);
    await expectPreview(picture.images[0]);

    const none = createArtworkChecker({ tools: new Set<ToolName>(), imageTool, scratchRoot });
    const unlimited = await checkFile(await samples.png(dir), { using: none });
    expectNoPreview(unlimited);
    expect(unlimited.outcome.noPreview).toBe(unavailable("util-linux"));
  });
});
