import { createWriteStream } from "node:fs";
import { chmod, mkdir, mkdtemp, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ArtworkKind } from "../uploads/artwork-kinds.ts";
import { epsFontLines, firstSvg, pictureLines } from "./check-lines.ts";
import {
  type CheckContext,
  type Files,
  type KindResult,
  noPreview,
  type PreviewImage,
  type StepTiming,
  timed,
} from "./check-result.ts";
import { checkZip } from "./check-zip.server.ts";
import type { ImageInfo, ImageJob } from "./image-tool.ts";
import {
  fontLines,
  hasTrimBox,
  imageLines,
  pageLines,
  parsePageBoxes,
  parsePdfFonts,
  parsePdfImages,
  parsePdfInfo,
  rgbImages,
} from "./pdf-report.ts";
import { type PrintCheckRunner, printChecks, printLines, RENDER_PAGES } from "./print-checks.server.ts";
import { defaultPrintCheckSettings, type PrintCheckSettings } from "./print-settings.ts";
import {
  type CheckOutcome,
  check,
  fine,
  mmFromPoints,
  plural,
  type ReportLine,
  type ZipEntryFindings,
} from "./report.ts";
import { type ArtworkRequest, sizeLine } from "./requested-size.ts";
import { hasBytes, nodeFiles, readHead, writeNew } from "./scratch-files.server.ts";
import {
  defaultRunLimits,
  failureOf,
  firstLine,
  type RunLimits,
  runTool,
  type Sandbox,
  type ToolName,
  type ToolSet,
  toolPackages,
} from "./tools.server.ts";

export type { PreviewImage } from "./check-result.ts";

/** What a check found and made, and how long each of its parts took (for the benchmark; not stored). */
export type CheckedFile = { outcome: CheckOutcome; images: PreviewImage[]; steps?: StepTiming[] };

export type CheckerOptions = {
  tools: ToolSet;
  /** The script that renders pictures with sharp in a process of its own (image-tool.ts). */
  imageTool: string;
  /** Where scratch folders are made; the system's temporary folder by default. */
  scratchRoot?: string;
  limits?: Partial<RunLimits>;
  /** Pixels a picture may have; more is refused before it is decoded. */
  maxPixels?: number;
  /** bubblewrap, when start-up found it works here (sandboxFor); otherwise the programs run as the server's user. */
  sandbox?: Sandbox;
  /** One check's time, all its programs and a ZIP's files together. */
  budgetMs?: number;
  /** The print check's thresholds (the PRINT_CHECK_* settings); the defaults where left out. */
  print?: Partial<PrintCheckSettings>;
  /** Programs one check runs at once: two cores are kept busy while one program waits on its files. */
  parallel?: number;
};

/** A check's time, however many files a ZIP holds: each program has the least of its own limit and what is left. */
export const CHECK_BUDGET_MS = 120_000;

export const previewSize = { longSide: 1200, smallSide: 320 } as const;

/** Above this many pages a PDF is not read at all; fonts and images are read on the first pagesRead. */
const MAX_PAGES = 5000;
const PAGES_READ = 200;
/** An SVG is read whole to check its references: bigger than this is not previewed. */
const MAX_SVG_BYTES = 20 * 1024 * 1024;

/** Runs work at most `count` at a time, the rest waiting their turn; work marked first goes to the front. */
function limited(count: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>, first = false): Promise<T> => {
    while (active >= count) {
      await new Promise<void>((resolve) => (first ? waiting.unshift(resolve) : waiting.push(resolve)));
    }
    active++;
    try {
      return await work();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

/**
 * Checks uploaded artwork: one preview of its first page or artboard, and a
 * print-readiness report, made by Debian's tools and sharp, each in a
 * process of its own with time and memory limits, inside a scratch folder
 * that is deleted afterwards. Whatever a file does to a tool, the outcome is
 * a report, with "no preview" and the reason when none could be made.
 */
export function createArtworkChecker(options: CheckerOptions) {
  const { tools, imageTool, limits = {} } = options;
  const maxPixels = options.maxPixels ?? 100_000_000;
  const budgetMs = options.budgetMs ?? CHECK_BUDGET_MS;
  // Node, the image tool beside its modules, and sharp's libvips: read-only in the sandbox.
  const imageToolFiles = imageTool ? nodeFiles(imageTool) : [];
  // Our own scripts live beside the image tool, which the server names: the layer reader is one.
  const layerTool = imageTool ? path.join(path.dirname(imageTool), "pdf-layers-tool.ts") : undefined;
  const layerToolFiles = layerTool ? nodeFiles(layerTool) : [];
  const print: PrintCheckSettings = { ...defaultPrintCheckSettings, ...options.print };
  const slot = limited(options.parallel ?? 3);

  /**
   * A program of the check's, under the check's sandbox and within what is left
   * of its time once it starts; the preview's programs go first, as staff wait for it.
   */
  function runIn(
    ctx: CheckContext,
    command: string,
    args: string[],
    files: Files,
    extra: Partial<RunLimits> = {},
    first = false,
  ) {
    return slot(() => {
      const own = extra.timeoutMs ?? limits.timeoutMs ?? defaultRunLimits.timeoutMs;
      const timeoutMs = Math.max(1, Math.min(own, ctx.deadline - performance.now()));
      return runTool(command, args, {
        cwd: ctx.dir,
        limits: { ...limits, ...extra, timeoutMs },
        signal: ctx.signal,
        ...(options.sandbox ? { sandbox: options.sandbox } : {}),
        ...files,
      });
    }, first);
  }

  /** The print checks' way to run programs and our layer reader, within this check. */
  function printRunner(ctx: CheckContext): PrintCheckRunner {
    return {
      run: (tool, args, files, extra) => runIn(ctx, tool, args, files, extra),
      ...(layerTool
        ? {
            runScript: (script: string, args: string[], reads: readonly string[]) =>
              runIn(ctx, process.execPath, ["--max-old-space-size=256", script, ...args], {
                reads: [...reads, ...layerToolFiles],
              }),
          }
        : {}),
      has: (tool) => tools.has(tool),
      settings: ctx.print,
    };
  }

  async function run(ctx: CheckContext, tool: ToolName, args: string[], files: Files, extra: Partial<RunLimits> = {}) {
    return runIn(ctx, tool, args, files, extra);
  }

  function missing(needed: ToolName[]): string | undefined {
    const absent = needed.filter((tool) => !tools.has(tool));
    if (absent.length === 0) return undefined;
    const packages = [...new Set(absent.map((tool) => toolPackages[tool]))].join(", ");
    return `previews of this kind are not available on this server (${packages} not installed)`;
  }

  /** Renders a picture file into large and small WebP, reading what it is. */
  async function render(
    ctx: CheckContext,
    input: string,
    mode: ImageJob["mode"],
  ): Promise<{ info: ImageInfo; image: PreviewImage } | { failure: string }> {
    const output = await mkdtemp(path.join(ctx.dir, "render-"));
    const timeoutMs = limits.timeoutMs ?? defaultRunLimits.timeoutMs;
    const job: ImageJob = {
      input,
      output,
      mode,
      maxPixels,
      ...previewSize,
      timeoutSeconds: Math.ceil(timeoutMs / 1000),
    };
    const large = path.join(output, "large.webp");
    const small = path.join(output, "small.webp");
    // V8's own heap is kept small: the pixels are libvips', outside it, and under prlimit's limit.
    const result = await runIn(
      ctx,
      process.execPath,
      ["--max-old-space-size=256", imageTool, JSON.stringify(job)],
      { reads: [input, ...imageToolFiles], writes: [large, small] },
      {},
      true,
    );
    const failure = failureOf("the image reader", result);
    if (failure)
      return { failure: result.code === 2 ? (result.stderr.trim().split("\n")[0] ?? failure).slice(0, 200) : failure };
    const [largeImage, smallImage] = await Promise.all([readFile(large), readFile(small)]);
    return {
      info: JSON.parse(result.stdout.toString("utf8")) as ImageInfo,
      image: { large: largeImage, small: smallImage },
    };
  }

  async function pdf(ctx: CheckContext, input: string, sizeFrom?: ReportLine[]): Promise<KindResult> {
    const absent = missing(["pdfinfo", "pdftoppm", "pdffonts", "pdfimages"]);
    if (absent) return noPreview(absent);
    const reads = { reads: [input] };
    const infoRun = await timed(ctx, "pages", () =>
      run(ctx, "pdfinfo", ["-box", "-f", "1", "-l", String(RENDER_PAGES), input], reads),
    );
    const failed = failureOf("pdfinfo", infoRun);
    if (failed) return noPreview(failed);
    const infoText = infoRun.stdout.toString("latin1");
    const info = parsePdfInfo(infoText);
    if (info.pages < 1) return noPreview("the PDF has no pages");
    if (info.pages > MAX_PAGES) return noPreview(`the PDF says it has ${info.pages} pages, more than ${MAX_PAGES}`);
    // A page tree that leads nowhere gives no first page to measure or draw.
    if (!info.media && !info.crop) return noPreview("the first page could not be drawn (the PDF gives it no size)");
    const pageReport = sizeFrom
      ? [fine(plural(info.pages, "page")), ...sizeFrom]
      : pageLines(info, ctx.request?.size, ctx.print);

    const last = String(Math.min(info.pages, PAGES_READ));
    const [fonts, images, preview, found] = await Promise.all([
      sizeFrom
        ? []
        : timed(ctx, "fonts", async () => {
            const fonts = await run(ctx, "pdffonts", ["-l", last, input], reads);
            return failureOf("pdffonts", fonts)
              ? [check("Fonts could not be read: check them in the file")]
              : fontLines(parsePdfFonts(fonts.stdout.toString("latin1")));
          }),
      timed(ctx, "images", async () => {
        const images = await run(ctx, "pdfimages", ["-list", "-l", last, input], reads);
        return failureOf("pdfimages", images) ? undefined : parsePdfImages(images.stdout.toString("latin1"));
      }),
      timed(ctx, "preview", () => firstPage(ctx, input)),
      printChecks(printRunner(ctx), ctx, input, {
        pages: info.pages,
        boxes: parsePageBoxes(infoText),
        layerTool,
      }),
    ]);
    // A carton's page is not its trim: without a trim box, the bleed is what runs past the dieline.
    if (found.dielineBleed && !sizeFrom && !hasTrimBox(info)) pageReport[pageReport.length - 1] = found.dielineBleed;
    const report = [
      ...pageReport,
      ...fonts,
      ...(images ? imageLines(images) : [check("Images could not be read: check their resolution in the file")]),
      ...(info.pages > PAGES_READ ? [check(`Fonts and images were read on the first ${PAGES_READ} pages only`)] : []),
      ...printLines(found, ctx, ctx.print, images ? rgbImages(images) : 0),
    ];
    if ("failure" in preview) return noPreview(preview.failure, report);
    return { findings: { previews: 1, report }, images: [preview.image] };
  }

  /** The first page, drawn by Poppler and made into the preview images. */
  async function firstPage(ctx: CheckContext, input: string): Promise<{ image: PreviewImage } | { failure: string }> {
    const pageFile = path.join(ctx.dir, "page.png");
    const page = await runIn(
      ctx,
      "pdftoppm",
      [
        "-f",
        "1",
        "-l",
        "1",
        "-singlefile",
        "-png",
        "-scale-to",
        String(previewSize.longSide),
        input,
        path.join(ctx.dir, "page"),
      ],
      { reads: [input], writes: [pageFile] },
      {},
      true,
    );
    const pageFailure = failureOf("pdftoppm", page);
    if (pageFailure) return { failure: pageFailure };
    // Poppler may end well and draw nothing, when the page tree leads nowhere: the file made for it stays empty.
    if (!(await hasBytes(pageFile))) return { failure: `the first page could not be drawn${saying(page.stderr)}` };
    const rendered = await render(ctx, pageFile, "raster");
    return "failure" in rendered ? rendered : { image: rendered.image };
  }

  /** EPS through Ghostscript (always -dSAFER) into a PDF, which the PDF checks read; its size and fonts from its own comments. */
  async function eps(ctx: CheckContext, input: string): Promise<KindResult> {
    const absent = missing(["gs"]);
    if (absent) return noPreview(absent);
    const head = await readHead(input);
    const box =
      head.match(/^%%HiResBoundingBox:\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)/m) ??
      head.match(/^%%BoundingBox:\s*(-?\d+)\s+(-?\d+)\s+(-?\d+)\s+(-?\d+)/m);
    const converted = path.join(ctx.dir, "eps.pdf");
    const gs = await run(
      ctx,
      "gs",
      [
        "-dSAFER",
        "-dBATCH",
        "-dNOPAUSE",
        "-dQUIET",
        "-dEPSCrop",
        "-sDEVICE=pdfwrite",
        "-dAutoRotatePages=/None",
        `-sOutputFile=${converted}`,
        input,
      ],
      { reads: [input], writes: [converted] },
    );
    const failure = failureOf("Ghostscript", gs);
    if (failure) return noPreview(failure);
    const lines: ReportLine[] = [];
    if (box) {
      const [x1, y1, x2, y2] = box.slice(1, 5).map(Number) as [number, number, number, number];
      lines.push(
        ...sizeLine({ width: mmFromPoints(x2 - x1), height: mmFromPoints(y2 - y1) }, "bounding box", ctx.request?.size),
      );
    }
    lines.push(check("An EPS does not mark its trim: check the bleed on the preview"));
    lines.push(...epsFontLines(head));
    return pdf(ctx, converted, lines);
  }

  async function cdr(ctx: CheckContext, input: string): Promise<KindResult> {
    const absent = missing(["cdr2xhtml"]);
    if (absent) return noPreview(absent);
    const result = await run(ctx, "cdr2xhtml", [input], { reads: [input] }, { outputBytes: 64 * 1024 * 1024 });
    const svg = result.code === 0 ? firstSvg(result.stdout.toString("utf8")) : undefined;
    if (!svg) return noPreview("no preview for this CorelDRAW version");
    const file = path.join(ctx.dir, "page.svg");
    await writeNew(file, svg);
    const result2 = await vector(ctx, file);
    result2.findings.report.push(
      check("CorelDRAW files are read for their page and drawing only: check fonts and colours in CorelDRAW"),
    );
    return result2;
  }

  /** An SVG, or a CorelDRAW page turned into one: read and drawn in the image tool's process, under its limits. */
  async function vector(ctx: CheckContext, file: string): Promise<KindResult> {
    const rendered = await render(ctx, file, "svg");
    if ("failure" in rendered) return noPreview(rendered.failure);
    const { sizeMm, liveText } = rendered.info;
    const report = [
      ...(sizeMm ? sizeLine(sizeMm, "drawing size", ctx.request?.size) : []),
      fine("Vector drawing: prints sharp at any size"),
      ...(liveText
        ? [check("Text is live: the printer's fonts may replace the designer's; ask for text in outlines")]
        : []),
    ];
    return { findings: { previews: 1, report }, images: [rendered.image] };
  }

  async function svg(ctx: CheckContext, input: string): Promise<KindResult> {
    const { size } = await stat(input);
    if (size > MAX_SVG_BYTES) return noPreview("the SVG is too large to preview (over 20 MB)");
    return vector(ctx, input);
  }

  async function picture(ctx: CheckContext, input: string, kind: ArtworkKind): Promise<KindResult> {
    const rendered = await render(ctx, input, kind === "psd" ? "psd" : "raster");
    if ("failure" in rendered) return noPreview(rendered.failure);
    return {
      findings: { previews: 1, report: pictureLines(rendered.info, ctx.request?.size) },
      images: [rendered.image],
    };
  }

  async function checkKind(ctx: CheckContext, input: string, kind: ArtworkKind): Promise<KindResult> {
    // Without prlimit no program runs under its limits, and none is run at all.
    const unlimited = missing(["prlimit"]);
    if (unlimited) return noPreview(unlimited);
    switch (kind) {
      case "pdf":
        return pdf(ctx, input);
      case "ai":
        // Illustrator's files are PDF inside since CS; older ones are PostScript, read like an EPS.
        return (await readHead(input)).startsWith("%!PS") ? eps(ctx, input) : pdf(ctx, input);
      case "eps":
        return eps(ctx, input);
      case "cdr":
        return cdr(ctx, input);
      case "svg":
        return svg(ctx, input);
      case "zip":
        return noPreview("a ZIP inside a ZIP is not opened");
      default:
        return picture(ctx, input, kind);
    }
  }

  return {
    /** Checks one stored file of the given kind; the stream is its bytes. */
    async check(
      file: { kind: ArtworkKind; read: () => Promise<Readable> },
      request?: ArtworkRequest,
      signal?: AbortSignal,
    ): Promise<CheckedFile> {
      signal?.throwIfAborted();
      const started = performance.now();
      const root = options.scratchRoot ?? os.tmpdir();
      await mkdir(root, { recursive: true });
      const dir = await mkdtemp(path.join(root, "artwork-check-"));
      await chmod(dir, 0o700);
      try {
        const input = path.join(dir, "input");
        await pipeline(await file.read(), createWriteStream(input, { flags: "wx", mode: 0o600 }));
        const budget = AbortSignal.timeout(budgetMs);
        const steps: StepTiming[] = [];
        const ctx: CheckContext = {
          dir,
          request,
          print,
          signal: signal ? AbortSignal.any([signal, budget]) : budget,
          deadline: performance.now() + budgetMs,
          steps,
        };
        let result: KindResult;
        let entries: ZipEntryFindings[] | undefined;
        if (file.kind === "zip") ({ result, entries } = await checkZip(ctx, input, checkKind, budgetMs));
        else result = await checkKind(ctx, input, file.kind);
        const ms = Math.round(performance.now() - started);
        return { outcome: { ...result.findings, ...(entries ? { entries } : {}), ms }, images: result.images, steps };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

export type ArtworkChecker = ReturnType<typeof createArtworkChecker>;

/** A tool's first line on stderr, to add to a reason. */
function saying(stderr: string): string {
  const line = firstLine(stderr);
  return line ? ` (${line.slice(0, 120)})` : "";
}
