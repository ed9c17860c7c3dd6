import type autocannon from "autocannon";
import type { UploadResult } from "./uploads.ts";

/** One target (a method and a path) measured on one set-up. */
export type TargetResult = {
  target: string;
  /** Responses received in the measured window. */
  responses: number;
  durationSeconds: number;
  /** autocannon's mean of the responses counted in each second. */
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number; max: number };
  /** Connection errors and timeouts: requests that got no answer. */
  errors: number;
  timeouts: number;
  /** Answers other than 2xx and 3xx (a form post is answered with a 303). */
  unexpected: number;
  statusCodes: Record<string, number>;
  /** For the form: how many inquiries the database gained during the measured window. */
  stored?: number;
};

export type SetupResult = {
  name: string;
  label: string;
  targets: TargetResult[];
  /** What the reader must know to trust these figures (or not). */
  notes: string[];
};

export type LoadReport = {
  startedAt: string;
  durationSeconds: number;
  node: string;
  nginx?: string;
  postgres?: string;
  /** The one-minute load average, taken before each target: the bench's own load, and anything else's. */
  machine: { cores: number; cpu: string; loadAverage: { median: number; max: number } };
  options: { durationSeconds: number; warmupSeconds: number; connections: number };
  method: string[];
  setups: SetupResult[];
  /** Artwork uploads, per set-up that takes them. */
  uploads?: UploadResult[];
  errors: string[];
};

/** The figures the report keeps from one autocannon run. */
export function summarize(target: string, result: autocannon.Result): TargetResult {
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count ?? 0]),
  );
  return {
    target,
    responses: result.requests.total,
    durationSeconds: result.duration,
    requestsPerSecond: result.requests.average,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    errors: result.errors,
    timeouts: result.timeouts,
    // autocannon's own non2xx counts the form's 303 as a failure.
    unexpected: result["1xx"] + result["4xx"] + result["5xx"],
    statusCodes,
  };
}

function table(head: string[], align: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(head), line(align), ...rows.map(line)].join("\n");
}

const millis = (ms: number) =>
  Number.isFinite(ms) ? `${Number.isInteger(ms) || ms >= 10 ? Math.round(ms) : ms.toFixed(1)} ms` : "–";

function codes(statusCodes: Record<string, number>): string {
  return Object.entries(statusCodes)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, count]) => `${code}: ${count}`)
    .join(", ");
}

/** Every set-up and target in one table: the figures a reader compares. */
export function resultsTable(setups: SetupResult[]): string {
  const rows = setups.flatMap((setup) =>
    setup.targets.map((result) => [
      setup.label,
      `\`${result.target}\``,
      Math.round(result.requestsPerSecond).toLocaleString("en"),
      millis(result.latencyMs.p50),
      millis(result.latencyMs.p99),
      String(result.errors),
      String(result.unexpected),
      result.stored === undefined ? "" : result.stored.toLocaleString("en"),
      codes(result.statusCodes),
    ]),
  );
  return table(
    ["Set-up", "Target", "Req/s", "p50", "p99", "Errors", "Not 2xx/3xx", "Inquiries stored", "Answers"],
    ["---", "---", "--:", "--:", "--:", "--:", "--:", "--:", "---"],
    rows,
  );
}

/** Parallel uploads per set-up: throughput, the servers' memory, and the bytes a cut cost. */
export function uploadsTable(uploads: UploadResult[]): string {
  return table(
    ["Set-up", "Files", "MB/s", "Seconds", "RSS per instance: at start → peak", "Sent again after a cut", "Failures"],
    ["---", "---", "--:", "--:", "---", "--:", "---"],
    uploads.map((result) => [
      result.setup,
      `${result.files} × ${result.fileMB} MB`,
      result.mbPerSecond.toFixed(1),
      result.seconds.toFixed(1),
      result.peakRssMB.map((mb, index) => `${result.startRssMB[index] ?? "?"} → ${mb} MB`).join(", "),
      `${result.resentAfterCutMB.toFixed(1)} MB`,
      result.failures.length === 0 ? "none" : result.failures.join("; "),
    ]),
  );
}

function machineLine(machine: LoadReport["machine"]): string {
  const { cores, cpu, loadAverage } = machine;
  const state =
    `Machine: ${cores} cores (${cpu}), shared by the load generator, the server(s), nginx and PostgreSQL; ` +
    `load average before the targets median ${loadAverage.median.toFixed(1)}, highest ${loadAverage.max.toFixed(1)}.`;
  // The bench keeps two or three processes busy; beyond twice the cores, other work competed for the CPU.
  return loadAverage.max > 2 * cores
    ? `${state} **Other work competed for the CPU during the runs: the figures are lower than on a quiet machine; compare only with a run made on a quiet one.**`
    : state;
}

export function renderLoadMarkdown(report: LoadReport): string {
  const minutes = `${Math.floor(report.durationSeconds / 60)} min ${Math.round(report.durationSeconds % 60)} s`;
  const { durationSeconds, warmupSeconds, connections } = report.options;
  const tools = [
    `Node ${report.node}`,
    ...(report.nginx ? [`nginx ${report.nginx}`] : []),
    ...(report.postgres ? [`PostgreSQL ${report.postgres}`] : []),
  ];
  const sections = [
    `# Load benchmark, ${report.startedAt}`,
    [
      `${tools.join(" · ")} · ${connections} connections, ${durationSeconds} s per target after ${warmupSeconds} s of warm-up · took ${minutes}.`,
      "",
      machineLine(report.machine),
      "",
      ...report.method.map((line) => `- ${line}`),
    ].join("\n"),
    `## Results\n\n${resultsTable(report.setups)}`,
  ];
  if (report.uploads && report.uploads.length > 0)
    sections.push(`## Artwork uploads\n\n${uploadsTable(report.uploads)}`);
  const notes = report.setups.flatMap((setup) => setup.notes.map((note) => `- ${setup.label}: ${note}`));
  if (notes.length > 0) sections.push(`## Notes\n\n${notes.join("\n")}`);
  if (report.errors.length > 0) {
    sections.push(`## Errors\n\n${report.errors.map((error) => `- ${error.replaceAll("\n", " ")}`).join("\n")}`);
  }
  return `${sections.join("\n\n")}\n`;
}
