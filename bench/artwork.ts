import { createReadStream } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createArtworkChecker } from "../app/server/previews/check-artwork.server.ts";
import { findTools } from "../app/server/previews/tools.server.ts";
import { detectArtworkKind } from "../app/server/uploads/artwork-kind.server.ts";
import { formatBytes } from "../app/server/uploads/artwork-kinds.ts";
import * as samples from "../tests/support/artwork-samples.ts";
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
};

/** The goal for a 50-page PDF, on this machine. */
export const FIFTY_PAGES_GOAL_MS = 5000;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Times the checks of the test samples of every kind, and of a 50-page PDF
 * with an image on every page, each run several times one after another
 * (as the job runs them), through the same checker the server uses.
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
    const files: [string, string][] = [
      ["PDF, print-ready", await samples.goodPdf(folder)],
      ["PDF, three problems", await samples.flawedPdf(folder)],
      ["PDF, 50 pages", await samples.manyPagePdf(folder, 50)],
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
    const checker = createArtworkChecker({
      tools: await findTools(),
      imageTool: path.join(root, "app/server/previews/image-tool.ts"),
    });
    const timings: ArtworkTiming[] = [];
    for (const [sample, file] of files) {
      const bytes = await readFile(file);
      const kind = (await detectArtworkKind(bytes)) ?? "unknown";
      if (kind === "unknown") throw new Error(`${sample} is of no kind the site takes`);
      const times: number[] = [];
      let last: Awaited<ReturnType<typeof checker.check>> | undefined;
      for (let run = 0; run < runs; run++) {
        const started = performance.now();
        last = await checker.check({ kind, read: async () => createReadStream(file) });
        times.push(performance.now() - started);
      }
      timings.push({
        sample,
        kind,
        bytes: bytes.length,
        runs: times,
        medianMs: median(times),
        previews: last?.outcome.previews ?? 0,
        ...(last?.outcome.noPreview ? { noPreview: last.outcome.noPreview } : {}),
      });
    }
    return timings;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

export function artworkTable(timings: readonly ArtworkTiming[]): string {
  const rows = timings.map((timing) => {
    const size = formatBytes(timing.bytes);
    const result = timing.noPreview ? `no preview: ${timing.noPreview}` : `${timing.previews} preview(s)`;
    return `| ${timing.sample} | ${timing.kind} | ${size} | ${(timing.medianMs / 1000).toFixed(2)} s | ${timing.runs.map((ms) => (ms / 1000).toFixed(2)).join(", ")} | ${result} |`;
  });
  return ["| sample | kind | size | median | runs (s) | outcome |", "|---|---|---|---|---|---|", ...rows].join("\n");
}

// `node bench/artwork.ts` prints the table alone, without the pages' measurements.
if (import.meta.main) {
  const timings = await measureArtworkChecks();
  process.stdout.write(`${artworkTable(timings)}\n`);
}
