import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Config, type Flags, type Result } from "lighthouse";

export type { Result };

import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { chromiumArgs, chromiumPath } from "../tests/support/chromium.ts";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];
export const FORM_FACTORS = ["mobile", "desktop"] as const;
export type FormFactor = (typeof FORM_FACTORS)[number];

export const METRICS = {
  fcp: "first-contentful-paint",
  lcp: "largest-contentful-paint",
  tbt: "total-blocking-time",
  cls: "cumulative-layout-shift",
  si: "speed-index",
} as const;
export type Metric = keyof typeof METRICS;

/** An audit that kept its category from full marks, with enough detail to find the cause. */
export type Finding = {
  category: Category;
  id: string;
  title: string;
  score: number;
  weight: number;
  displayValue?: string;
  items: string[];
};

export type NetworkRequest = { url: string; resourceType: string; statusCode: number; transferSize: number };

export type RunSummary = {
  /** Category scores ×100. */
  scores: Record<Category, number>;
  /** Lighthouse's reported (simulated) values: ms, except CLS. */
  metrics: Record<Metric, number>;
  /**
   * What the unthrottled browser actually saw, in ms. Simulated throttling models the
   * network and the CPU, not a CSS animation delay, so the preloader shows here.
   */
  observed: { fcp: number; lcp: number; si: number };
  lcpElement?: string;
  requests: NetworkRequest[];
  findings: Finding[];
  userAgent: string;
  lighthouseVersion: string;
  /** Lighthouse's measure of how fast this machine was just then; a busy machine scores low. */
  benchmarkIndex: number;
  /** The machine's one-minute load average when the run ended. */
  loadAverage: number;
  runWarnings: string[];
};

export type LighthouseRun = { summary: RunSummary; lhr: Result };

export type LighthouseRunner = {
  run: (url: string, formFactor: FormFactor) => Promise<LighthouseRun>;
  close: () => Promise<void>;
};

type Chrome = { launched: chromeLauncher.LaunchedChrome; profileDir: string };

/**
 * One headless Chromium for many sequential Lighthouse runs (Lighthouse resets
 * storage and cache before each). A run that fails or hangs takes the browser
 * down with it and the next run starts a fresh one.
 */
export function createLighthouseRunner({
  runTimeoutMs,
  warmUpUrl,
}: {
  runTimeoutMs: number;
  /** Loaded once, unmeasured, by each new browser: a cold one paints its first page seconds late. */
  warmUpUrl: string;
}): LighthouseRunner {
  let chrome: Chrome | undefined;

  const start = async (): Promise<Chrome> => {
    const profileDir = mkdtempSync(path.join(tmpdir(), "bench-chromium-"));
    try {
      const launched = await chromeLauncher.launch({
        chromePath: chromiumPath,
        chromeFlags: [...chromiumArgs, "--headless"],
        userDataDir: profileDir,
        // This process stops the browser itself, on every way out.
        handleSIGINT: false,
        logLevel: "silent",
      });
      return { launched, profileDir };
    } catch (error) {
      rmSync(profileDir, { recursive: true, force: true });
      throw error;
    }
  };

  const stop = async () => {
    const current = chrome;
    chrome = undefined;
    if (!current) return;
    const browser = current.launched.process;
    const running = () => browser.exitCode === null && browser.signalCode === null;
    const exited = new Promise<void>((resolve) => {
      if (!running()) resolve();
      else browser.once("exit", () => resolve());
    });
    current.launched.kill();
    await Promise.race([exited, sleep(5_000)]);
    if (running()) browser.kill("SIGKILL");
    rmSync(current.profileDir, { recursive: true, force: true, maxRetries: 3 });
  };

  const run = async (url: string, formFactor: FormFactor): Promise<LighthouseRun> => {
    if (!chrome) {
      chrome = await start();
      await audit(warmUpUrl, "mobile");
    }
    const lhr = await audit(url, formFactor);
    return { summary: summarise(lhr), lhr };
  };

  const audit = async (url: string, formFactor: FormFactor): Promise<Result> => {
    if (!chrome) throw new Error("No browser to run Lighthouse in");
    const flags: Flags = {
      port: chrome.launched.port,
      hostname: "127.0.0.1",
      logLevel: "error",
      output: "json",
      onlyCategories: [...CATEGORIES],
    };
    // No config means Lighthouse's defaults: mobile emulation with simulated throttling.
    const config: Config | undefined = formFactor === "desktop" ? desktopConfig : undefined;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`Lighthouse took longer than ${runTimeoutMs / 1000} s on ${url}`)),
        runTimeoutMs,
      );
    });
    const running = lighthouse(url, flags, config);
    // After a timeout the run fails later on its own, when its browser is gone; that is expected.
    running.catch(() => {});
    try {
      const result = await Promise.race([running, timeout]);
      if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
      if (result.lhr.runtimeError) {
        throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
      }
      return result.lhr;
    } catch (error) {
      await stop();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };

  return { run, close: stop };
}

function summarise(lhr: Result): RunSummary {
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => {
      const score = lhr.categories[id]?.score;
      if (typeof score !== "number") throw new Error(`Lighthouse gave no ${id} score for ${lhr.finalDisplayedUrl}`);
      return [id, Math.round(score * 100)];
    }),
  ) as Record<Category, number>;
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([key, id]) => {
      const value = lhr.audits[id]?.numericValue;
      if (typeof value !== "number") throw new Error(`Lighthouse gave no ${id} for ${lhr.finalDisplayedUrl}`);
      return [key, value];
    }),
  ) as Record<Metric, number>;
  const observedItem = tableItems(lhr.audits.metrics?.details)[0] ?? {};
  const observedValue = (key: string) => (typeof observedItem[key] === "number" ? (observedItem[key] as number) : NaN);
  return {
    scores,
    metrics,
    observed: {
      fcp: observedValue("observedFirstContentfulPaint"),
      lcp: observedValue("observedLargestContentfulPaint"),
      si: observedValue("observedSpeedIndex"),
    },
    lcpElement: lcpElementOf(lhr),
    requests: tableItems(lhr.audits["network-requests"]?.details).map((item) => ({
      url: String(item.url),
      resourceType: String(item.resourceType ?? "Other"),
      statusCode: Number(item.statusCode ?? 0),
      transferSize: Number(item.transferSize ?? 0),
    })),
    findings: findingsOf(lhr),
    userAgent: lhr.environment.hostUserAgent,
    lighthouseVersion: lhr.lighthouseVersion,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    loadAverage: loadavg()[0] ?? Number.NaN,
    runWarnings: lhr.runWarnings,
  };
}

type Item = Record<string, unknown>;

/** Rows of a table-like audit detail, also when they sit inside a list (as the insights put them). */
function tableItems(details: unknown): Item[] {
  if (!isItem(details) || !Array.isArray(details.items)) return [];
  return details.items.filter(isItem).flatMap((item) => (item.type === "table" ? tableItems(item) : [item]));
}

function lcpElementOf(lhr: Result): string | undefined {
  const details: unknown = lhr.audits["lcp-breakdown-insight"]?.details;
  if (!isItem(details) || !Array.isArray(details.items)) return undefined;
  const node = details.items.find((item) => isItem(item) && item.type === "node");
  return isItem(node) ? describeNode(node) : undefined;
}

const SKIPPED_MODES = new Set(["informative", "notApplicable", "manual", "error"]);
const MAX_ITEMS = 6;

function findingsOf(lhr: Result): Finding[] {
  const findings: Finding[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1 || SKIPPED_MODES.has(audit.scoreDisplayMode)) continue;
      // Below-par performance audits that carry no weight are leads, not causes, once they pass 0.9.
      if (category === "performance" && ref.weight === 0 && audit.score >= 0.9) continue;
      findings.push({
        category,
        id: ref.id,
        title: audit.title,
        score: audit.score,
        weight: ref.weight,
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
        items: tableItems(audit.details)
          .map(describeItem)
          .filter((line) => line !== "")
          .slice(0, MAX_ITEMS),
      });
    }
  }
  return findings;
}

/** One line for one row of an audit's table: what it is about, and what it costs. */
function describeItem(item: Item): string {
  const parts: string[] = [];
  const subject = item.node ?? item.source ?? item.url ?? item.label ?? item.description ?? item.name;
  if (isItem(subject)) parts.push(subject.type === "node" ? describeNode(subject) : String(subject.url ?? ""));
  else if (subject !== undefined) parts.push(String(subject));
  for (const key of ["totalBytes", "wastedBytes", "transferSize"] as const) {
    if (typeof item[key] === "number") parts.push(`${key} ${Math.round(item[key] as number)}`);
  }
  for (const key of ["wastedMs", "duration"] as const) {
    if (typeof item[key] === "number") parts.push(`${key} ${Math.round(item[key] as number)} ms`);
  }
  if (isItem(item.node) && typeof item.node.explanation === "string") {
    parts.push(item.node.explanation.replace(/\s+/g, " ").trim());
  }
  return parts.join(" · ");
}

function describeNode(node: Item): string {
  const label = typeof node.nodeLabel === "string" ? ` "${node.nodeLabel.slice(0, 60)}"` : "";
  return `${String(node.selector ?? node.snippet ?? "node")}${label}`;
}

function isItem(value: unknown): value is Item {
  return typeof value === "object" && value !== null;
}

function sleep(ms: number) {
  return new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
}
