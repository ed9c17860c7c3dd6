import { describe, expect, test } from "vitest";
import type { JavaScriptPart, JavaScriptSplit } from "./bytes.ts";
import type { Finding, RunSummary } from "./lighthouse.ts";
import { KB } from "./page-budgets.ts";
import { type BenchReport, type MachineState, renderMarkdown } from "./report.ts";
import type { PageResult, VariantResult } from "./results.ts";

const contrast: Finding = {
  category: "accessibility",
  id: "color-contrast",
  title: "Background and foreground colors do not have a sufficient contrast ratio.",
  score: 0,
  weight: 7,
  items: ["a.footer | link", "p.note", "span.badge", "small.legal", "em.fifth"],
};

function run(performance: number, findings: Finding[] = [], lcpElement?: string): RunSummary {
  return {
    scores: { performance, accessibility: 96, "best-practices": 100, seo: 100 },
    metrics: { fcp: 1234, lcp: 2460, tbt: 30.4, cls: 0.0004, si: 1750 },
    observed: { fcp: 300, lcp: 400, si: 500 },
    lcpElement,
    requests: [],
    findings,
    userAgent: "Chromium",
    lighthouseVersion: "13.0.0",
    benchmarkIndex: 2000,
    loadAverage: 0.5,
    runWarnings: [],
  };
}

function home(findings: Finding[]): PageResult {
  const typical = run(97, findings, "h1.hero | title");
  return {
    path: "/",
    formFactors: {
      mobile: {
        runs: [run(90), typical, run(99)],
        median: { scores: typical.scores, metrics: typical.metrics, observed: typical.observed },
        typical,
        errors: [],
      },
      desktop: { runs: [], errors: ["timed out", "browser crashed"] },
    },
    bytes: {
      html: 5 * KB,
      css: 2 * KB,
      js: 40 * KB,
      font: 0,
      image: 0,
      other: 0,
      total: 47 * KB,
      requests: 6,
      firstHtml: 6 * KB,
      resources: [],
    },
    uncovered: { preloaderGoneMs: 5100, lcpMs: 400, contentVisibleMs: 5100 },
  };
}

const part = (name: string, library: boolean, gzipBytes: number): JavaScriptPart => ({
  name,
  library,
  rawBytes: gzipBytes * 3,
  gzipBytes,
  sources: [],
});

function split(parts: JavaScriptPart[]): JavaScriptSplit {
  const sum = (list: JavaScriptPart[]) => list.reduce((total, each) => total + each.gzipBytes, 0);
  return {
    total: sum(parts),
    own: sum(parts.filter((each) => !each.library)),
    libraries: sum(parts.filter((each) => each.library)),
    parts,
    chunks: [{ file: "assets/entry-abc.js", rawBytes: sum(parts) * 3, gzipBytes: sum(parts), parts }],
  };
}

const quiet: MachineState = {
  cores: 4,
  loadAverage: { median: 8, max: 9 },
  benchmarkIndex: { median: 1500, min: 1000 },
};

function report(overrides: Partial<BenchReport> = {}): BenchReport {
  const preloader: VariantResult = {
    name: "preloader",
    label: "preloader 5000 ms",
    buildDir: "build-bench-preloader",
    preloaderMs: undefined,
    buildSeconds: 21.4,
    pages: [home([contrast])],
    homeJavaScript: split([part("react-dom", true, 40 * KB), part("own code", false, 6 * KB), part("css", false, 49)]),
    serverRestarts: 2,
  };
  const noPreloader: VariantResult = {
    name: "no-preloader",
    label: "preloader off",
    buildDir: "build-bench-no-preloader",
    preloaderMs: "0",
    buildSeconds: 19.6,
    pages: [{ ...home([contrast]), bytes: undefined, uncovered: undefined }],
  };
  return {
    startedAt: "2025-01-02T03:04:05.000Z",
    durationSeconds: 125.4,
    runsPerPage: 3,
    lighthouseVersion: "13.0.0",
    browser: "Chromium 140",
    node: "24.1.0",
    machine: quiet,
    method: ["One method line."],
    variants: [preloader, noPreloader],
    budgets: [
      { budget: "Mobile SEO 100 on every page", variant: "preloader", status: "PASS", detail: "/ 100" },
      { budget: "Mobile SEO 100 on every page", variant: "no-preloader", status: "NO DATA", detail: "not measured" },
      { budget: "Performance ≥ 98 (mobile)", variant: "no-preloader", status: "MISS", detail: "/ 97" },
    ],
    errors: [],
    ...overrides,
  };
}

const linesOf = (markdown: string) => markdown.split("\n");

describe("the benchmark report", () => {
  test("gives each budget a row and each build a column, marking budgets a build is exempt from", () => {
    const lines = linesOf(renderMarkdown(report()));

    expect(lines).toContain("| Budget | preloader 5000 ms | preloader off |");
    expect(lines).toContain("| Mobile SEO 100 on every page | **PASS** / 100 | **NO DATA** not measured |");
    expect(lines).toContain("| Performance ≥ 98 (mobile) | not a budget | **MISS** / 97 |");
  });

  test("shows a page's medians, and why a form factor has none", () => {
    const lines = linesOf(renderMarkdown(report()));

    expect(lines).toContain("| / | mobile | 97 | 96 | 100 | 100 | 1.2 s | 2.5 s | 30 ms | 0.000 | 1.8 s | 3 |");
    expect(lines).toContain("| / | desktop | no result: timed out; browser crashed |  |  |  |  |  |  |  |  |  |");
  });

  test("says how often a build's server had to be started again, only when it was", () => {
    const markdown = renderMarkdown(report());

    expect(markdown).toContain(
      "## Lighthouse: preloader 5000 ms (build-bench-preloader, built in 21 s)\n\n" +
        "Its server stopped answering and was started again 2 time(s).\n\n| Page |",
    );
    expect(markdown).toContain("## Lighthouse: preloader off (build-bench-no-preloader, built in 20 s)\n\n| Page |");
  });

  test("marks what was not measured instead of leaving it out", () => {
    const lines = linesOf(renderMarkdown(report()));

    expect(lines).toContain("| / | 0.4 s | 5.1 s | – | – |");
    expect(lines).toContain("| / | preloader 5000 ms | 5.0 | 2.0 | 40.0 | 0.0 | 0.0 | 0.0 | 47.0 | 6 |");
    expect(lines).toContain("| / | preloader off | not measured |  |  |  |  |  |  |  |");
  });

  test("splits home page JavaScript into parts, leaving out parts too small to show", () => {
    const lines = linesOf(renderMarkdown(report()));

    expect(lines).toContain("| react-dom (library) | 40.0 | – |");
    expect(lines).toContain("| own code (ours) | 6.0 | – |");
    expect(lines.some((line) => line.startsWith("| css"))).toBe(false);
    expect(lines).toContain("| **Our own code** | **6.0** | **–** |");
    expect(lines).toContain("| **Libraries** | **40.0** | **–** |");
    expect(lines).toContain("| **Total** | **46.0** | **–** |");
    expect(lines).toContain("| assets/entry-abc.js | 46.0 | react-dom 40.0, own code 6.0 |");
  });

  test("lists a failed audit once, with every place it happened and at most four of its items", () => {
    const markdown = renderMarkdown(report());

    expect(markdown).toContain(
      [
        `- **accessibility · color-contrast** (weight 7): ${contrast.title}`,
        "  - preloader 5000 ms: / mobile",
        "  - preloader off: / mobile",
        "  - a.footer \\| link",
        "  - p.note",
        "  - span.badge",
        "  - small.legal",
        "",
      ].join("\n"),
    );
    expect(markdown).not.toContain("em.fifth");
    expect(linesOf(markdown)).toContain("| preloader 5000 ms | / | mobile | `h1.hero \\| title` |");
  });

  test("says so when every audit passed", () => {
    const passing = report();
    for (const variant of passing.variants) variant.pages = [home([])];

    expect(renderMarkdown(passing)).toContain(
      "## What kept scores from 100 (the run with the median performance score)\n\nNone: every audit passed.\n",
    );
  });

  test("warns when other work competed for the CPU, judged by load and by Lighthouse's benchmark", () => {
    const warning = "**Other work competed for the CPU during the runs";
    const busyLoad = { ...quiet, loadAverage: { median: 8.1, max: 9 } };
    const slowMachine = { ...quiet, benchmarkIndex: { median: 1500, min: 999 } };

    expect(renderMarkdown(report({ machine: quiet }))).not.toContain(warning);
    expect(renderMarkdown(report({ machine: busyLoad }))).toContain(warning);
    expect(renderMarkdown(report({ machine: slowMachine }))).toContain(warning);
  });

  test("states how long the run took", () => {
    expect(renderMarkdown(report())).toContain("3 runs per page and form factor · took 2 min 5 s.");
  });

  test("ends with the errors, one line each, only when there were any", () => {
    expect(renderMarkdown(report())).not.toContain("## Errors");
    expect(renderMarkdown(report({ errors: ["first\nsecond", "third"] }))).toMatch(
      /\n\n## Errors\n\n- first second\n- third\n$/,
    );
  });
});
