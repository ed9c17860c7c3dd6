import type { JavaScriptSplit, PageBytes } from "./bytes.ts";
import { CATEGORIES, type Category, type FormFactor, METRICS, type Metric, type RunSummary } from "./lighthouse.ts";
import type { IslandChain } from "./page-javascript.ts";
import type { Uncovered } from "./uncovered.ts";

export type Medians = {
  scores: Record<Category, number>;
  metrics: Record<Metric, number>;
  observed: RunSummary["observed"];
};

export type FormFactorResult = {
  runs: RunSummary[];
  median?: Medians;
  /** The run whose performance score is the median one: its audits explain the medians best. */
  typical?: RunSummary;
  errors: string[];
};

export type PageResult = {
  path: string;
  formFactors: Record<FormFactor, FormFactorResult>;
  bytes?: PageBytes;
  uncovered?: Uncovered;
};

export type VariantResult = {
  name: string;
  label: string;
  buildDir: string;
  preloaderMs: string | undefined;
  buildSeconds: number;
  pages: PageResult[];
  homeJavaScript?: JavaScriptSplit;
  /** How many requests deep each island's code is, read from the build's manifest. */
  islandChains?: IslandChain[];
  /** How often its server stopped answering and was started again. */
  serverRestarts?: number;
};

export function median(values: number[]): number {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * Each number is the median of its own across the runs, as a single "median run"
 * would hide that, say, LCP and TBT peaked in different runs.
 */
export function mediansOf(runs: RunSummary[]): Medians | undefined {
  if (runs.length === 0) return undefined;
  const of = <T>(pick: (run: RunSummary) => T) => runs.map(pick) as number[];
  return {
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, median(of((run) => run.scores[id]))])) as Medians["scores"],
    metrics: Object.fromEntries(
      Object.keys(METRICS).map((key) => [key, median(of((run) => run.metrics[key as Metric]))]),
    ) as Medians["metrics"],
    observed: {
      fcp: median(of((run) => run.observed.fcp)),
      lcp: median(of((run) => run.observed.lcp)),
      si: median(of((run) => run.observed.si)),
    },
  };
}

export function typicalRun(runs: RunSummary[]): RunSummary | undefined {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}
