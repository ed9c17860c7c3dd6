import { describe, expect, test } from "vitest";
import type { RunSummary } from "./lighthouse.ts";
import { median, mediansOf, typicalRun } from "./results.ts";

function run(
  performance: number,
  metrics: RunSummary["metrics"] = { fcp: 1000, lcp: 2000, tbt: 0, cls: 0, si: 1500 },
  observed: RunSummary["observed"] = { fcp: 300, lcp: 400, si: 500 },
): RunSummary {
  return {
    scores: { performance, accessibility: 100, "best-practices": 100, seo: 100 },
    metrics,
    observed,
    requests: [],
    findings: [],
    userAgent: "Chromium",
    lighthouseVersion: "13.0.0",
    benchmarkIndex: 2000,
    loadAverage: 0.5,
    runWarnings: [],
  };
}

describe("the median of a set of numbers", () => {
  test("of an odd count, the middle value", () => {
    expect(median([3, 1, 2])).toBe(2);
  });

  test("of an even count, the mean of the middle two", () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  test("numbers are ordered by value, not as text", () => {
    expect(median([10, 9, 100])).toBe(10);
  });

  test("a value that could not be measured does not count", () => {
    expect(median([1, Number.NaN, 3, Number.POSITIVE_INFINITY])).toBe(2);
  });

  test("of nothing, not a number rather than a made-up zero", () => {
    expect(median([])).toBeNaN();
    expect(median([Number.NaN])).toBeNaN();
  });

  test("the values keep their order", () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe("the medians of a page's runs", () => {
  test("every score and metric is the median of its own, whichever run it came from", () => {
    const runs = [
      run(90, { fcp: 900, lcp: 3000, tbt: 50, cls: 0.1, si: 1000 }, { fcp: 200, lcp: 5200, si: 700 }),
      run(100, { fcp: 1100, lcp: 1000, tbt: 0, cls: 0, si: 3000 }, { fcp: 400, lcp: 5000, si: 500 }),
      run(95, { fcp: 1000, lcp: 2000, tbt: 150, cls: 0.2, si: 2000 }, { fcp: 300, lcp: 5100, si: 600 }),
    ];

    expect(mediansOf(runs)).toEqual({
      scores: { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 },
      metrics: { fcp: 1000, lcp: 2000, tbt: 50, cls: 0.1, si: 2000 },
      observed: { fcp: 300, lcp: 5100, si: 600 },
    });
  });

  test("a page with no successful run has no medians", () => {
    expect(mediansOf([])).toBeUndefined();
  });
});

describe("the typical run of a page", () => {
  test("is the run with the median performance score", () => {
    const middle = run(95);
    expect(typicalRun([run(100), run(80), middle])).toBe(middle);
  });

  test("with an even number of runs, is the lower of the middle two", () => {
    const lowerMiddle = run(90);
    expect(typicalRun([run(100), lowerMiddle, run(80), run(95)])).toBe(lowerMiddle);
  });

  test("leaves the runs in the order they were made", () => {
    const runs = [run(100), run(80), run(95)];
    typicalRun(runs);
    expect(runs.map((each) => each.scores.performance)).toEqual([100, 80, 95]);
  });

  test("of no runs, is none", () => {
    expect(typicalRun([])).toBeUndefined();
  });
});
