import { createReadStream } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createArtworkChecker } from "../app/server/previews/check-artwork.server.ts";
import type { ArtworkRequest } from "../app/server/previews/requested-size.ts";
import { findTools, sandboxFor } from "../app/server/previews/tools.server.ts";
import { detectArtworkKind } from "../app/server/uploads/artwork-kind.server.ts";
import { formatBytes } from "../app/server/uploads/artwork-kinds.ts";
import * as samples from "../tests/support/artwork-samples.ts";
import * as printSamples from "../tests/support/print-check-samples.ts";
import { writePsd } from "../tests/support/psd.ts";
import { zipHoldingPdf } from "../tests/support/zip-samples.ts";
import { median } from "./results.ts";

/** How long the check of one sample file took: its preview and report, as the server's background job makes them. */
export type ArtworkTiming = {
  sample: string;
  kind: string;
  bytes: number;
  /** Milliseconds per run, and their median. */
  runs: number[];
  medianMs: number;
  previews: number;
  noPreview?: string;
  /** The median of each part of the check, by the part's name; the parts run side by side, two cores kept busy. */
  steps?: Record<string, number>;
};

/** The goal for a 50-page PDF, on this machine. */
export const FIFTY_PAGES_GOAL_MS = 5000;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Times the checks of the test samples of every kind, of the print check's
 * samples (cartons, a leaflet with its bleed in the page, barcodes, text near
 * the trim) with the requests they are checked against, and of a 50-page PDF
 * with an image on every page, each run several times one after another (as
 * the job runs them), through the same checker the server uses, in its sandbox.
 */
export async function measureArtworkChecks(runs = 3): Promise<ArtworkTiming[]> {
  const folder = await mkdtemp(path.join(tmpdir(), "bench-artwork-"));
  try {
    const psd = path.join(folder, "photo.psd");
    await writeFile(
      psd,
      writePsd({
        width: 2480,
        height: 3508,
        mode: "cmyk",
        compression: 1,
        ppi: 300,
        pixel: (x, y) => [(x * 7) % 256, (y * 5) % 256, ((x + y) * 3) % 256, 0],
      }),
    );
    const files: [string, string, ArtworkRequest?][] = [
      ["PDF, print-ready", await samples.goodPdf(folder)],
      ["PDF, three problems", await samples.flawedPdf(folder)],
      ["PDF, 50 pages", await samples.manyPagePdf(folder, 50)],
      [
        "Carton, flawed (400 %, spot, RGB, white overprint, hairline)",
        await printSamples.flawedCarton(folder),
        printSamples.cartonRequest,
      ],
      ["Carton, clean", await printSamples.cleanCarton(folder), printSamples.cartonRequest],
      ["A4, bleed in the page size", await printSamples.a4WithBleedInPage(folder), printSamples.a4Request],
      ["Barcodes, EAN-13 right and wrong", await printSamples.barcodes(folder)],
      ["Text 1 mm inside the trim", await printSamples.textNearTrim(folder)],
      ["Illustrator", await samples.illustratorPdf(folder)],
      ["EPS", await samples.eps(folder)],
      ["CorelDRAW 12", path.join(root, "tests/fixtures/artwork/sample.cdr")],
      ["PNG, 100 × 150 mm at 300 ppi", await samples.png(folder)],
      ["JPEG", await samples.jpeg(folder)],
      ["TIFF, CMYK", await samples.tiff(folder)],
      ["PSD, A4 at 300 ppi, CMYK", psd],
      ["SVG", await samples.svg(folder)],
      ["ZIP holding a PDF", await zipHoldingPdf(folder)],
    ];
    const tools = await findTools();
    const checker = createArtworkChecker({
      tools,
      imageTool: path.join(root, "app/server/previews/image-tool.ts"),
      sandbox: await sandboxFor(tools, tmpdir()),
    });
    const timings: ArtworkTiming[] = [];
    for (const [sample, file, request] of files) {
      const bytes = await readFile(file);
      const kind = (await detectArtworkKind(bytes)) ?? "unknown";
      if (kind === "unknown") throw new Error(`${sample} is of no kind the site takes`);
      const times: number[] = [];
      const steps = new Map<string, number[]>();
      let last: Awaited<ReturnType<typeof checker.check>> | undefined;
      for (let run = 0; run < runs; run++) {
        const started = performance.now();
        last = await checker.check({ kind, read: async () => createReadStream(file) }, request);
        times.push(performance.now() - started);
        for (const { step, ms } of last.steps ?? []) steps.set(step, [...(steps.get(step) ?? []), ms]);
      }
      timings.push({
        sample,
        kind,
        bytes: bytes.length,
        runs: times,
        medianMs: median(times),
        previews: last?.outcome.previews ?? 0,
        ...(last?.outcome.noPreview ? { noPreview: last.outcome.noPreview } : {}),
        ...(steps.size > 0 ? { steps: Object.fromEntries([...steps].map(([step, ms]) => [step, median(ms)])) } : {}),
      });
    }
    return timings;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

const seconds = (ms: number | undefined) => (ms === undefined ? "–" : `${(ms / 1000).toFixed(2)} s`);

/** One row a sample: its median, and the median of an earlier run of the same samples when given. */
export function artworkTable(timings: readonly ArtworkTiming[], before?: readonly ArtworkTiming[]): string {
  const earlier = new Map(before?.map((timing) => [timing.sample, timing.medianMs]));
  const rows = timings.map((timing) => {
    const size = formatBytes(timing.bytes);
    const result = timing.noPreview ? `no preview: ${timing.noPreview}` : `${timing.previews} preview(s)`;
    const was = before ? ` ${seconds(earlier.get(timing.sample))} |` : "";
    return `| ${timing.sample} | ${timing.kind} | ${size} |${was} ${seconds(timing.medianMs)} | ${timing.runs.map((ms) => (ms / 1000).toFixed(2)).join(", ")} | ${result} |`;
  });
  const head = before
    ? ["| sample | kind | size | before | median | runs (s) | outcome |", "|---|---|---|---|---|---|---|"]
    : ["| sample | kind | size | median | runs (s) | outcome |", "|---|---|---|---|---|---|"];
  return [...head, ...rows].join("\n");
}

/** The PDF samples' parts, each a column: how long each took from its start to its end, in the same runs. */
export function stepsTable(timings: readonly ArtworkTiming[]): string {
  const withSteps = timings.filter((timing) => timing.steps);
  if (withSteps.length === 0) return "No part was timed on its own.";
  const names = [...new Set(withSteps.flatMap((timing) => Object.keys(timing.steps ?? {})))];
  const rows = withSteps.map(
    (timing) =>
      `| ${timing.sample} | ${names.map((name) => seconds(timing.steps?.[name])).join(" | ")} | ${seconds(timing.medianMs)} |`,
  );
  return [
    `| sample | ${names.join(" | ")} | whole check |`,
    `|---|${names.map(() => "---|").join("")}---|`,
    ...rows,
  ].join("\n");
}

/** The report `npm run bench:artwork` writes: the samples' medians, before and after when given, and each part's time. */
export function artworkReport(timings: readonly ArtworkTiming[], before?: readonly ArtworkTiming[]): string {
  const fifty = timings.find((timing) => timing.sample.includes("50 pages"));
  const verdict = fifty && fifty.medianMs < FIFTY_PAGES_GOAL_MS ? "met" : "missed";
  return [
    "# Artwork previews and print checks",
    `Each sample checked three times in a row, as the background job checks a file, in the sandbox the server uses. Goal for the 50-page PDF: under ${FIFTY_PAGES_GOAL_MS / 1000} s; ${verdict} (${seconds(fifty?.medianMs)}).`,
    artworkTable(timings, before),
    "## Each part of a PDF's check",
    "Parts run side by side (at most three programs at once), so they add up to more than the whole check.",
    stepsTable(timings),
    "",
  ].join("\n\n");
}

// `npm run bench:artwork` (node bench/artwork.ts) measures the samples alone, without the pages' measurements,
// prints the report and writes it to reports/artwork-latest.{md,json}; --before=<json> adds an earlier run's medians.
if (import.meta.main) {
  const { values } = parseArgs({ options: { before: { type: "string" }, runs: { type: "string", default: "3" } } });
  const before = values.before ? (JSON.parse(await readFile(values.before, "utf8")) as ArtworkTiming[]) : undefined;
  const timings = await measureArtworkChecks(Number(values.runs));
  const report = artworkReport(timings, before);
  const reports = path.join(root, "reports");
  await mkdir(reports, { recursive: true });
  await writeFile(path.join(reports, "artwork-latest.json"), JSON.stringify(timings, null, 2));
  await writeFile(path.join(reports, "artwork-latest.md"), report);
  process.stdout.write(report);
}
