import { type ArtworkTiming, artworkTable, FIFTY_PAGES_GOAL_MS } from "./artwork.ts";
import type { BudgetResult } from "./budgets.ts";
import { type Finding, FORM_FACTORS } from "./lighthouse.ts";
import { KB } from "./page-budgets.ts";
import type { VariantResult } from "./results.ts";

export type MachineState = {
  cores: number;
  loadAverage: { median: number; max: number };
  benchmarkIndex: { median: number; min: number };
};

export type BenchReport = {
  startedAt: string;
  durationSeconds: number;
  runsPerPage: number;
  lighthouseVersion?: string;
  browser?: string;
  node: string;
  machine: MachineState;
  method: string[];
  variants: VariantResult[];
  budgets: BudgetResult[];
  /** Previews and print checks of artwork, per kind. */
  artwork?: ArtworkTiming[];
  errors: string[];
};

export const METHOD = [
  "Lighthouse through its Node API on Debian's Chromium (headless, a fresh profile per browser start), against the production server (server.ts) on 127.0.0.1.",
  "Mobile: Lighthouse's default emulation and simulated throttling. Desktop: lighthouse/core/config/desktop-config.js.",
  "Every score and metric is the median of its own over the runs. Scores ×100; FCP, LCP and Speed Index in seconds, TBT in ms.",
  "Content visible: the later of LCP and the moment the preloader has finished hiding, from one unthrottled load in Debian's Chromium, driven by Playwright, at 412×823. Lighthouse does not show the preloader's cost: LCP counts text painted beneath the overlay, and the trace usually ends before the overlay leaves.",
  "Bytes: every request Lighthouse's mobile run saw, fetched again from the server, a page accepting what Chromium accepts (the server sends it as brotli), any other file with Accept-Encoding: gzip; body bytes on the wire (files under 1 KB are sent uncompressed). 1 KB = 1024 bytes. Requests: all requests of that run. The first HTML response's budget counts its headers too, as they travel in the same first round trip.",
  "JavaScript split: the builds write hidden client source maps (not referenced by the chunks, so the served files equal a plain build's). Each byte of a chunk goes to the source its mapping names: a package under node_modules is a library, anything else our own code, as are bundler glue and React Router's generated route manifest. Gzip bytes of a chunk are shared out in proportion to raw bytes.",
];

const seconds = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : "–");
const millis = (ms: number) => (Number.isFinite(ms) ? `${Math.round(ms)} ms` : "–");
const whole = (value: number) => (Number.isFinite(value) ? String(Math.round(value)) : "–");
const kb = (bytes: number) => (bytes / KB).toFixed(1);

function table(head: string[], align: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(head), line(align), ...rows.map(line)].join("\n");
}

function budgetTable(report: BenchReport): string {
  const variants = report.variants;
  const names = [...new Set(report.budgets.map((result) => result.budget))];
  const rows = names.map((name) => [
    name,
    ...variants.map((variant) => {
      const result = report.budgets.find((entry) => entry.budget === name && entry.variant === variant.name);
      return result ? `**${result.status}** ${result.detail}` : "not a budget";
    }),
  ]);
  return table(["Budget", ...variants.map((variant) => variant.label)], ["---", ...variants.map(() => "---")], rows);
}

function lighthouseTable(variant: VariantResult): string {
  const rows: string[][] = [];
  for (const page of variant.pages) {
    for (const formFactor of FORM_FACTORS) {
      const result = page.formFactors[formFactor];
      const m = result.median;
      if (!m) {
        rows.push([page.path, formFactor, `no result: ${result.errors.join("; ")}`, ...Array(9).fill("")]);
        continue;
      }
      rows.push([
        page.path,
        formFactor,
        whole(m.scores.performance),
        whole(m.scores.accessibility),
        whole(m.scores["best-practices"]),
        whole(m.scores.seo),
        seconds(m.metrics.fcp),
        seconds(m.metrics.lcp),
        millis(m.metrics.tbt),
        m.metrics.cls.toFixed(3),
        seconds(m.metrics.si),
        `${result.runs.length}`,
      ]);
    }
  }
  return table(
    ["Page", "Form factor", "Perf", "A11y", "BP", "SEO", "FCP", "LCP", "TBT", "CLS", "SI", "Runs"],
    ["---", "---", ...Array(10).fill("--:")],
    rows,
  );
}

function uncoveredTable(variants: VariantResult[]): string {
  const paths = variants[0]?.pages.map((page) => page.path) ?? [];
  const rows = paths.map((pagePath) => [
    pagePath,
    ...variants.flatMap((variant) => {
      const uncovered = variant.pages.find((page) => page.path === pagePath)?.uncovered;
      return uncovered ? [seconds(uncovered.lcpMs), seconds(uncovered.contentVisibleMs)] : ["–", "–"];
    }),
  ]);
  return table(
    ["Page", ...variants.flatMap((variant) => [`LCP, ${variant.label}`, `Content visible, ${variant.label}`])],
    ["---", ...variants.flatMap(() => ["--:", "--:"])],
    rows,
  );
}

function bytesTable(variants: VariantResult[]): string {
  const rows: string[][] = [];
  const paths = variants[0]?.pages.map((page) => page.path) ?? [];
  for (const pagePath of paths) {
    for (const variant of variants) {
      const bytes = variant.pages.find((page) => page.path === pagePath)?.bytes;
      rows.push(
        bytes
          ? [
              pagePath,
              variant.label,
              kb(bytes.html),
              kb(bytes.css),
              kb(bytes.js),
              kb(bytes.font),
              kb(bytes.image),
              kb(bytes.other),
              kb(bytes.total),
              String(bytes.requests),
            ]
          : [pagePath, variant.label, "not measured", "", "", "", "", "", "", ""],
      );
    }
  }
  return table(
    ["Page", "Build", "HTML", "CSS", "JS", "Font", "Images", "Other", "Total", "Requests"],
    ["---", "---", "--:", "--:", "--:", "--:", "--:", "--:", "--:", "--:"],
    rows,
  );
}

function javaScriptTable(variants: VariantResult[]): string {
  const names: string[] = [];
  for (const variant of variants) {
    for (const part of variant.homeJavaScript?.parts ?? []) if (!names.includes(part.name)) names.push(part.name);
  }
  const cell = (variant: VariantResult, pick: (split: NonNullable<VariantResult["homeJavaScript"]>) => number) =>
    variant.homeJavaScript ? kb(pick(variant.homeJavaScript)) : "–";
  // Parts below 50 bytes, such as a stylesheet import's empty module, would only add rows of 0.0.
  const visible = names.filter((name) =>
    variants.some(
      (variant) => (variant.homeJavaScript?.parts.find((part) => part.name === name)?.gzipBytes ?? 0) >= 50,
    ),
  );
  const rows = [
    ...visible.map((name) => {
      const library = variants.some((variant) =>
        variant.homeJavaScript?.parts.some((part) => part.name === name && part.library),
      );
      return [
        `${name} (${library ? "library" : "ours"})`,
        ...variants.map((variant) =>
          cell(variant, (split) => split.parts.find((part) => part.name === name)?.gzipBytes ?? 0),
        ),
      ];
    }),
    ["**Our own code**", ...variants.map((variant) => `**${cell(variant, (split) => split.own)}**`)],
    ["**Libraries**", ...variants.map((variant) => `**${cell(variant, (split) => split.libraries)}**`)],
    ["**Total**", ...variants.map((variant) => `**${cell(variant, (split) => split.total)}**`)],
  ];
  return table(
    ["Home page JavaScript, KB gzip", ...variants.map((variant) => variant.label)],
    ["---", ...variants.map(() => "--:")],
    rows,
  );
}

function chunkTable(variant: VariantResult): string {
  const rows = (variant.homeJavaScript?.chunks ?? []).map((chunk) => [
    chunk.file,
    kb(chunk.gzipBytes),
    chunk.parts
      .filter((part) => part.gzipBytes >= 50)
      .sort((a, b) => b.gzipBytes - a.gzipBytes)
      .map((part) => `${part.name} ${kb(part.gzipBytes)}`)
      .join(", "),
  ]);
  return table(["Chunk", "KB gzip", "Made of"], ["---", "--:", "---"], rows);
}

/**
 * Every audit that kept a page from full marks, once, with where it happened:
 * the same contrast failure on ten page loads is one thing to fix.
 */
function findingsList(variants: VariantResult[]): string {
  const grouped = new Map<string, { finding: Finding; where: Map<string, string[]> }>();
  for (const variant of variants) {
    for (const page of variant.pages) {
      for (const formFactor of FORM_FACTORS) {
        for (const finding of page.formFactors[formFactor].typical?.findings ?? []) {
          const key = `${finding.category}/${finding.id}`;
          const entry = grouped.get(key) ?? { finding, where: new Map<string, string[]>() };
          const places = entry.where.get(variant.label) ?? [];
          places.push(`${page.path} ${formFactor}${finding.displayValue ? ` (${finding.displayValue})` : ""}`);
          entry.where.set(variant.label, places);
          grouped.set(key, entry);
        }
      }
    }
  }
  if (grouped.size === 0) return "None: every audit passed.";
  const order = ["accessibility", "best-practices", "seo", "performance"];
  const entries = [...grouped.values()].sort(
    (a, b) =>
      order.indexOf(a.finding.category) - order.indexOf(b.finding.category) || b.finding.weight - a.finding.weight,
  );
  return entries
    .map(({ finding, where }) => {
      const lines = [
        `- **${finding.category} · ${finding.id}** (weight ${finding.weight}): ${finding.title}`,
        ...[...where].map(([label, places]) => `  - ${label}: ${places.join(", ")}`),
        ...finding.items.slice(0, 4).map((item) => `  - ${item.replaceAll("|", "\\|")}`),
      ];
      return lines.join("\n");
    })
    .join("\n");
}

function lcpElements(variants: VariantResult[]): string {
  const rows: string[][] = [];
  for (const variant of variants) {
    for (const page of variant.pages) {
      for (const formFactor of FORM_FACTORS) {
        const element = page.formFactors[formFactor].typical?.lcpElement;
        if (element) rows.push([variant.label, page.path, formFactor, `\`${element.replaceAll("|", "\\|")}\``]);
      }
    }
  }
  return table(["Build", "Page", "Form factor", "LCP element"], ["---", "---", "---", "---"], rows);
}

function machineLine(machine: MachineState): string {
  const state =
    `Machine: ${machine.cores} cores; load average during the runs median ${machine.loadAverage.median.toFixed(1)}, ` +
    `highest ${machine.loadAverage.max.toFixed(1)}; Lighthouse CPU benchmark index median ${Math.round(machine.benchmarkIndex.median)}, ` +
    `lowest ${Math.round(machine.benchmarkIndex.min)}.`;
  // The bench itself keeps about two processes busy; beyond twice the cores, or when Lighthouse's
  // own CPU benchmark drops below 1000 (its mark for an underpowered machine), others compete for the CPU.
  const busy = machine.loadAverage.median > 2 * machine.cores || machine.benchmarkIndex.min < 1000;
  return busy
    ? `${state} **Other work competed for the CPU during the runs: performance scores and TBT are lower than on a quiet machine; compare with a run made on a quiet one.**`
    : state;
}

export function renderMarkdown(report: BenchReport): string {
  const minutes = `${Math.floor(report.durationSeconds / 60)} min ${Math.round(report.durationSeconds % 60)} s`;
  const sections = [
    `# Benchmark, ${report.startedAt}`,
    [
      `Lighthouse ${report.lighthouseVersion ?? "?"} · ${report.browser ?? "Chromium"} · Node ${report.node} · ` +
        `${report.runsPerPage} runs per page and form factor · took ${minutes}.`,
      "",
      machineLine(report.machine),
      "",
      ...report.method.map((line) => `- ${line}`),
      "- The run with each page's median performance score is kept whole in reports/bench-latest-lighthouse/ (open it in the Lighthouse viewer).",
    ].join("\n"),
    `## Budgets\n\n${budgetTable(report)}`,
    ...report.variants.map(
      (variant) =>
        `## Lighthouse: ${variant.label} (${variant.buildDir}, built in ${variant.buildSeconds.toFixed(0)} s)\n\n` +
        (variant.serverRestarts
          ? `Its server stopped answering and was started again ${variant.serverRestarts} time(s).\n\n`
          : "") +
        lighthouseTable(variant),
    ),
    `## When the content is visible (one unthrottled load at a phone's size)\n\n${uncoveredTable(report.variants)}`,
    `## Bytes transferred, KB on the wire (pages brotli, other files gzip)\n\n${bytesTable(report.variants)}`,
    `## Home page JavaScript\n\n${javaScriptTable(report.variants)}`,
    ...report.variants
      .filter((variant) => variant.homeJavaScript)
      .map((variant) => `### Home page chunks: ${variant.label}\n\n${chunkTable(variant)}`),
    `## Largest Contentful Paint elements\n\n${lcpElements(report.variants)}`,
    `## What kept scores from 100 (the run with the median performance score)\n\n${findingsList(report.variants)}`,
  ];
  if (report.artwork) {
    sections.push(
      "## Artwork previews and print checks\n\n" +
        "Each sample checked three times in a row, as the background job checks a file: copied to a scratch folder, " +
        `previewed and reported on by Poppler, Ghostscript, libcdr and sharp under their limits. Goal for the 50-page PDF: under ${FIFTY_PAGES_GOAL_MS / 1000} s.\n\n` +
        artworkTable(report.artwork),
    );
  }
  if (report.errors.length > 0) {
    sections.push(`## Errors\n\n${report.errors.map((error) => `- ${error.replaceAll("\n", " ")}`).join("\n")}`);
  }
  return `${sections.join("\n\n")}\n`;
}
