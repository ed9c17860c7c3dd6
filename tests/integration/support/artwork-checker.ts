import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import yauzl from "yauzl";
import {
  type ArtworkChecker,
  type CheckedFile,
  createArtworkChecker,
  type PreviewImage,
} from "../../../app/server/previews/check-artwork.server.ts";
import type { ReportLine } from "../../../app/server/previews/report.ts";
import type { ArtworkRequest, RequestedSize } from "../../../app/server/previews/requested-size.ts";
import { findTools, type Sandbox, sandboxFor } from "../../../app/server/previews/tools.server.ts";
import { detectArtworkKind } from "../../../app/server/uploads/artwork-kind.server.ts";
import type { ArtworkKind } from "../../../app/server/uploads/artwork-kinds.ts";

// The checker on real files, with the real Poppler, Ghostscript, libcdr and
// sharp, one file after another as the worker runs them.

export const imageTool = path.resolve(import.meta.dirname, "../../../app/server/previews/image-tool.ts");
export const cdrFile = path.resolve(import.meta.dirname, "../../fixtures/artwork/sample.cdr");

export const TIMEOUT_MS = 10_000;
/** Writing the input, starting Node for sharp and deleting the scratch folder come on top of a tool's own time. */
export const MARGIN_MS = 3_000;

export const card: RequestedSize = { width: 100, height: 150, label: "100 × 150 mm" };

export let dir: string;
export let scratchRoot: string;
export let checker: ArtworkChecker;
export let sandbox: Sandbox;

/** Makes the checker, as the server runs it, before the file's tests; after each, its scratch folder must be empty. */
export function prepareArtworkChecker(): void {
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
}

export type Checked = CheckedFile & { kind: ArtworkKind; wallMs: number };

/** Checks a file as the worker does: its kind from its bytes, the bytes as a stream. */
export async function checkFile(
  file: string,
  options: { requested?: RequestedSize; request?: ArtworkRequest; signal?: AbortSignal; using?: ArtworkChecker } = {},
): Promise<Checked> {
  const bytes = await readFile(file);
  const kind = await detectArtworkKind(bytes);
  if (!kind) throw new Error(`${path.basename(file)} is not taken as artwork`);
  const started = performance.now();
  const result = await (options.using ?? checker).check(
    { kind, read: async () => Readable.from([bytes]) },
    options.request ?? (options.requested ? { size: options.requested } : undefined),
    options.signal,
  );
  const wallMs = performance.now() - started;
  expect(await readdir(scratchRoot)).toEqual([]);
  expect(result.outcome.previews).toBe(result.images.length);
  return { ...result, kind, wallMs };
}

export const isWebp = (bytes: Buffer) =>
  bytes.subarray(0, 4).toString("latin1") === "RIFF" && bytes.subarray(8, 12).toString("latin1") === "WEBP";

/** Both sizes are WebP, within their bounds, and show something rather than a blank page. */
export async function expectPreview(image: PreviewImage | undefined) {
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

export function expectNoPreview(checked: Checked) {
  expect(checked.outcome.previews).toBe(0);
  expect(checked.images).toEqual([]);
  expect(checked.outcome.noPreview).toEqual(expect.any(String));
  expect(checked.outcome.noPreview?.length).toBeGreaterThan(0);
}

export function expectWithinLimit(checked: Checked) {
  expect(checked.outcome.ms).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
  expect(checked.wallMs).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
}

export const fine = (text: string): ReportLine => ({ mark: "fine", text });
export const check = (text: string): ReportLine => ({ mark: "check", text });
export const problem = (text: string): ReportLine => ({ mark: "problem", text });
export const marked = (report: readonly ReportLine[], mark: ReportLine["mark"]) =>
  report.filter((line) => line.mark === mark);

/** The report of goodPdf when no size was asked for. */
export const goodPdfReport = (sizeLine: string) => [
  fine("1 page"),
  fine(sizeLine),
  fine("Bleed 3 mm on every side"),
  fine("The one font is embedded"),
  fine("1 image at 300 ppi or more at print size"),
  fine("Ink at most 271 % (the limit is 300 %)"),
  fine("No RGB: images, vector art and text are in CMYK, greyscale or spot colours"),
  fine("No white set to overprint"),
  fine("No live text within 3 mm of the cut"),
];

/** The lines of the print check every sample drawn in RGB gets: its vector art is RGB, nothing else is amiss. */
export const rgbDrawingLines = (mostInk: number, rgbShare: number) => [
  fine(`Ink at most ${mostInk} % (the limit is 300 %)`),
  check(`RGB in vector art or text on page 1, ${rgbShare} % of it: colours will shift in CMYK print`),
  fine("No white set to overprint"),
  fine("No live text within 3 mm of the cut"),
];

/** The files a ZIP lists, with their sizes, as another reader sees them. */
export async function zipSizes(file: string): Promise<Map<string, number>> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false });
  try {
    const sizes = new Map<string, number>();
    for await (const entry of zip.eachEntry()) sizes.set(entry.fileName, entry.uncompressedSize);
    return sizes;
  } finally {
    zip.close();
  }
}

/** The disk a folder's files take, folders within it included. */
export async function diskUsage(folder: string): Promise<number> {
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
export async function endlessEps(): Promise<string> {
  const file = path.join(dir, "endless.eps");
  await writeFile(file, "%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 283 425\n%%EndComments\n{ 1 pop } loop\n%%EOF\n");
  return file;
}
