import "../scripts/require-node.mjs";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { clientManifestFile } from "../app/islands/island-chunks.ts";
import { type SiteServer, startSite } from "../tests/support/start-site.ts";
import { type ArtworkTiming, measureArtworkChecks } from "./artwork.ts";
import { checkBudgets } from "./budgets.ts";
import { buildSite } from "./build.ts";
import { measurePageBytes, splitJavaScript } from "./bytes.ts";
import { createLighthouseRunner, FORM_FACTORS, type Result } from "./lighthouse.ts";
import { benchPages } from "./page-budgets.ts";
import { islandChains } from "./page-javascript.ts";
import { type BenchReport, type MachineState, METHOD, renderMarkdown } from "./report.ts";
import {
  type FormFactorResult,
  median,
  mediansOf,
  type PageResult,
  typicalRun,
  type VariantResult,
} from "./results.ts";
import { measureUncovered } from "./uncovered.ts";

// Measures the production build with and without the preloader against the budgets
// of issue 5. Misses are findings, not failures: it exits non-zero only when it could
// not measure. Progress goes to stderr, the Markdown report to stdout and reports/.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// BENCH_PAGES=/,/hi measures only those pages (of benchPages), for a side-by-side look at a few.
const chosenPages = process.env.BENCH_PAGES?.split(",").filter((page) =>
  (benchPages as readonly string[]).includes(page),
);
const PAGES: readonly string[] = chosenPages?.length ? chosenPages : benchPages;
// BENCH_RUNS=1 gives a quick, noisier look while working on the bench itself.
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3) || 3);
const BUILD_TIMEOUT_MS = 5 * 60_000;
const RUN_TIMEOUT_MS = 2 * 60_000;
// A hung browser or server must not hold a machine forever; the whole bench normally takes about ten minutes.
const BENCH_TIMEOUT_MS = 40 * 60_000;

const VARIANTS = [
  { name: "preloader", label: "preloader 5000 ms", buildDir: "build-bench-preloader", preloaderMs: undefined },
  { name: "no-preloader", label: "preloader off", buildDir: "build-bench-no-preloader", preloaderMs: "0" },
];

const started = new Date();
const errors: string[] = [];
const log = (message: string) => console.error(`[bench ${elapsed()}] ${message}`);

function elapsed() {
  const seconds = Math.round((Date.now() - started.getTime()) / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

// Everything that must be stopped, newest first, on every way out: a normal end, an error, a signal or the time limit.
const cleanups: Array<() => Promise<void>> = [];
async function cleanUp() {
  for (let cleanup = cleanups.pop(); cleanup; cleanup = cleanups.pop()) {
    await cleanup().catch((error: unknown) => log(`Clean-up failed: ${(error as Error).message}`));
  }
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    log(`${signal} received: stopping the servers and the browser`);
    void cleanUp().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  });
}
setTimeout(() => {
  log(`Stopped after ${BENCH_TIMEOUT_MS / 60_000} minutes`);
  void cleanUp().finally(() => process.exit(1));
}, BENCH_TIMEOUT_MS).unref();

type Variant = (typeof VARIANTS)[number];
type Serving = { variant: Variant; server: SiteServer; dataDir: string; result: VariantResult };

async function startFor(variant: Variant, dataDir: string): Promise<SiteServer> {
  const server = await startSite({ buildDir: variant.buildDir, dataDir });
  void server.exited.then(({ code, signal }) => {
    if (!stopping.has(server)) log(`${variant.label}: the server exited on its own (${signal ?? `code ${code}`})`);
  });
  return server;
}

// Servers this process is stopping itself, so their exit is no news.
const stopping = new Set<SiteServer>();

async function stopServer(server: SiteServer) {
  stopping.add(server);
  await Promise.race([server.stop(), new Promise((resolve) => setTimeout(resolve, 15_000).unref())]);
  // Still running after that: a stop that hangs must not hold up the report.
  await server.stop("SIGKILL");
}

/** Both builds are served at once, so that their runs can take turns. */
async function serve(variant: Variant, buildSeconds: number): Promise<Serving> {
  // The server opens its inquiry store at start; the bench's stays apart from the one in data/.
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-data-"));
  try {
    const server = await startFor(variant, dataDir);
    const pages = PAGES.map(
      (pagePath): PageResult => ({
        path: pagePath,
        formFactors: { mobile: { runs: [], errors: [] }, desktop: { runs: [], errors: [] } },
      }),
    );
    const serving: Serving = { variant, server, dataDir, result: { ...variant, buildSeconds, pages } };
    cleanups.push(async () => {
      await stopServer(serving.server);
      rmSync(dataDir, { recursive: true, force: true });
    });
    return serving;
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`The server for ${variant.buildDir} did not start: ${(error as Error).message}`);
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/`, { signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Starts a build's server again when it no longer answers, so that one lost
 * server costs a note rather than the rest of the measurement. On a shared
 * machine something else may stop it; the log says so when it happens.
 */
async function keepServing(serving: Serving) {
  if (await answers(serving.server.url)) return;
  log(`${serving.variant.label}: no answer from ${serving.server.url}; starting the server again`);
  await stopServer(serving.server);
  serving.server = await startFor(serving.variant, serving.dataDir);
  serving.result.serverRestarts = (serving.result.serverRestarts ?? 0) + 1;
}

const pageName = (pagePath: string) => (pagePath === "/" ? "home" : pagePath.slice(1).replaceAll("/", "-"));

async function measureLighthouse(servings: Serving[], lhrDir: string) {
  const runner = createLighthouseRunner({ runTimeoutMs: RUN_TIMEOUT_MS, warmUpUrl: `${servings[0]?.server.url}/` });
  cleanups.push(runner.close);
  for (const [pageIndex, pagePath] of PAGES.entries()) {
    for (const formFactor of FORM_FACTORS) {
      const reports = new Map<Serving, Result[]>(servings.map((serving) => [serving, []]));
      // The builds take turns run by run, so whatever else the machine is doing burdens both alike.
      for (let round = 1; round <= RUNS; round++) {
        for (const serving of servings) {
          const measured = serving.result.pages[pageIndex]?.formFactors[formFactor] as FormFactorResult;
          // One retry, so a browser hiccup does not cost a page its median.
          for (let attempt = 1; attempt <= 2; attempt++) {
            const runStarted = Date.now();
            try {
              await keepServing(serving);
              const { summary, lhr } = await runner.run(serving.server.url + pagePath, formFactor);
              measured.runs.push(summary);
              reports.get(serving)?.push(lhr);
              log(
                `${serving.variant.label} ${pagePath} ${formFactor} run ${round}: performance ${summary.scores.performance}, ` +
                  `LCP ${Math.round(summary.metrics.lcp)} ms, TBT ${Math.round(summary.metrics.tbt)} ms ` +
                  `(${((Date.now() - runStarted) / 1000).toFixed(0)} s, load ${summary.loadAverage.toFixed(1)})`,
              );
              break;
            } catch (error) {
              measured.errors.push((error as Error).message);
              log(
                `${serving.variant.label} ${pagePath} ${formFactor} attempt ${attempt} failed: ${(error as Error).message}`,
              );
            }
          }
        }
      }
      for (const serving of servings) {
        const measured = serving.result.pages[pageIndex]?.formFactors[formFactor] as FormFactorResult;
        measured.median = mediansOf(measured.runs);
        measured.typical = typicalRun(measured.runs);
        const typicalReport = reports.get(serving)?.[measured.typical ? measured.runs.indexOf(measured.typical) : -1];
        if (typicalReport) {
          const name = `${serving.variant.name}--${pageName(pagePath)}--${formFactor}.json`;
          writeFileSync(path.join(lhrDir, name), JSON.stringify(typicalReport));
        }
        if (measured.runs.length < RUNS) {
          errors.push(
            `${serving.variant.label} ${pagePath} ${formFactor}: ${measured.runs.length} of ${RUNS} runs succeeded`,
          );
        }
      }
    }
  }
  cleanups.splice(cleanups.indexOf(runner.close), 1);
  await runner.close();
}

async function measureBytesAndVisibility(serving: Serving) {
  const { variant, result } = serving;
  await keepServing(serving);
  for (const page of result.pages) {
    // The requests of one mobile page load; they are the same in every run of a prerendered page.
    const requests = page.formFactors.mobile.typical?.requests;
    if (!requests) continue;
    try {
      page.bytes = await measurePageBytes(requests, serving.server.url);
    } catch (error) {
      errors.push(`${variant.label} ${page.path}: bytes not measured: ${(error as Error).message}`);
    }
  }
  const manifestFile = path.join(root, variant.buildDir, clientManifestFile);
  result.islandChains = islandChains(JSON.parse(readFileSync(manifestFile, "utf8")));
  const home = result.pages.find((page) => page.path === "/")?.bytes;
  if (home) {
    const clientDir = path.join(root, variant.buildDir, "client");
    const scripts = home.resources.filter((resource) => resource.kind === "js" && resource.status === 200);
    result.homeJavaScript = splitJavaScript(clientDir, scripts);
  }
  await keepServing(serving);
  const { server } = serving;
  try {
    const { results, failures } = await measureUncovered(
      PAGES.map((pagePath) => server.url + pagePath),
      RUN_TIMEOUT_MS,
    );
    for (const page of result.pages) page.uncovered = results.get(server.url + page.path);
    for (const failure of failures) errors.push(`${variant.label}: content visibility not measured for ${failure}`);
    const visible = result.pages.map(
      (page) => `${page.path} ${Math.round(page.uncovered?.contentVisibleMs ?? NaN)} ms`,
    );
    log(`${variant.label}: content visible after ${visible.join(", ")}`);
  } catch (error) {
    errors.push(`${variant.label}: when the content is visible was not measured: ${(error as Error).message}`);
  }
}

function machineState(variants: VariantResult[]): MachineState {
  const runs = variants.flatMap((variant) =>
    variant.pages.flatMap((page) => FORM_FACTORS.flatMap((formFactor) => page.formFactors[formFactor].runs)),
  );
  const loads = runs.map((run) => run.loadAverage);
  const indexes = runs.map((run) => run.benchmarkIndex);
  return {
    cores: availableParallelism(),
    loadAverage: { median: median(loads), max: Math.max(...loads) },
    benchmarkIndex: { median: median(indexes), min: Math.min(...indexes) },
  };
}

try {
  log(`${VARIANTS.length} builds, ${PAGES.length} pages, ${FORM_FACTORS.join(" and ")}, ${RUNS} runs each`);
  const buildSeconds = new Map<string, number>();
  for (const variant of VARIANTS) {
    const ms = await buildSite({
      buildDir: variant.buildDir,
      preloaderMs: variant.preloaderMs,
      timeoutMs: BUILD_TIMEOUT_MS,
    });
    buildSeconds.set(variant.name, ms / 1000);
    log(`Built ${variant.buildDir} (PRELOADER_MS ${variant.preloaderMs ?? "unset"}) in ${(ms / 1000).toFixed(1)} s`);
  }

  const servings: Serving[] = [];
  for (const variant of VARIANTS) servings.push(await serve(variant, buildSeconds.get(variant.name) ?? 0));
  // The run with each page's median performance score, whole, for a closer look in the Lighthouse viewer.
  const lhrDir = path.join(root, "reports", "bench-latest-lighthouse");
  rmSync(lhrDir, { recursive: true, force: true });
  mkdirSync(lhrDir, { recursive: true });
  await measureLighthouse(servings, lhrDir);
  for (const serving of servings) await measureBytesAndVisibility(serving);
  await cleanUp();
  let artwork: ArtworkTiming[] | undefined;
  try {
    artwork = await measureArtworkChecks();
    const fifty = artwork.find((timing) => timing.sample.includes("50 pages"));
    log(`Artwork checks: ${artwork.length} samples; the 50-page PDF in ${Math.round(fifty?.medianMs ?? NaN)} ms`);
  } catch (error) {
    errors.push(`artwork checks not measured: ${(error as Error).message}`);
  }
  const variants = servings.map((serving) => serving.result);

  const anyRun = variants
    .flatMap((variant) => variant.pages)
    .flatMap((page) => FORM_FACTORS.flatMap((formFactor) => page.formFactors[formFactor].runs))[0];
  const report: BenchReport = {
    startedAt: started.toISOString(),
    durationSeconds: (Date.now() - started.getTime()) / 1000,
    runsPerPage: RUNS,
    lighthouseVersion: anyRun?.lighthouseVersion,
    browser: anyRun?.userAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0],
    node: process.version,
    machine: machineState(variants),
    method: METHOD,
    variants,
    budgets: checkBudgets(variants),
    ...(artwork ? { artwork } : {}),
    errors,
  };

  const markdown = renderMarkdown(report);
  const reportsDir = path.join(root, "reports");
  mkdirSync(reportsDir, { recursive: true });
  const stamp = started.toISOString().slice(0, 19).replaceAll(":", "-");
  const json = `${JSON.stringify(report, null, 2)}\n`;
  for (const name of [`bench-${stamp}`, "bench-latest"]) {
    writeFileSync(path.join(reportsDir, `${name}.json`), json);
    writeFileSync(path.join(reportsDir, `${name}.md`), markdown);
  }
  process.stdout.write(markdown);
  const misses = report.budgets.filter((budget) => budget.status !== "PASS").length;
  log(`Done: ${misses} budget result(s) not PASS; reports/bench-${stamp}.{json,md} and reports/bench-latest.{json,md}`);
  if (errors.length > 0) {
    log(`Incomplete: ${errors.length} measurement(s) failed`);
    process.exitCode = 1;
  }
} catch (error) {
  log(`The benchmark could not run: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
