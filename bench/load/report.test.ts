import type autocannon from "autocannon";
import { expect, test } from "vitest";
import { type LoadReport, renderLoadMarkdown, summarize } from "./report.ts";

function histogram(values: Partial<autocannon.Histogram>): autocannon.Histogram {
  return {
    total: 0,
    average: 0,
    mean: 0,
    stddev: 0,
    min: 0,
    max: 0,
    p50: 0,
    p99: 0,
    ...values,
  } as autocannon.Histogram;
}

function result(values: Partial<autocannon.Result>): autocannon.Result {
  return {
    requests: { ...histogram({ total: 4470, average: 447.2 }), sent: 4480 },
    latency: histogram({ p50: 12, p99: 124.5, max: 300 }),
    throughput: histogram({}),
    duration: 10.02,
    errors: 0,
    timeouts: 0,
    "1xx": 0,
    "2xx": 0,
    "3xx": 4470,
    "4xx": 0,
    "5xx": 0,
    non2xx: 4470,
    statusCodeStats: { "303": { count: 4470 } },
    ...values,
  } as autocannon.Result;
}

test("a form's 303 is a good answer, and refusals and failures are counted apart", () => {
  expect(summarize("POST /contact", result({}))).toEqual({
    target: "POST /contact",
    responses: 4470,
    durationSeconds: 10.02,
    requestsPerSecond: 447.2,
    latencyMs: { p50: 12, p99: 124.5, max: 300 },
    errors: 0,
    timeouts: 0,
    unexpected: 0,
    statusCodes: { "303": 4470 },
  });
  const refused = summarize(
    "POST /contact",
    result({
      errors: 3,
      timeouts: 2,
      "4xx": 5,
      "5xx": 1,
      statusCodeStats: { "303": { count: 10 }, "429": { count: 5 } },
    }),
  );
  expect(refused).toMatchObject({ errors: 3, timeouts: 2, unexpected: 6, statusCodes: { "303": 10, "429": 5 } });
});

test("the report has one row per set-up and target, with the notes and errors after it", () => {
  const report: LoadReport = {
    startedAt: "2026-11-23T16:51:38.887Z",
    durationSeconds: 95,
    node: "v24.21.0",
    nginx: "1.22.1",
    machine: { cores: 2, cpu: "AMD EPYC", loadAverage: { median: 2.5, max: 4.2 } },
    options: { durationSeconds: 10, warmupSeconds: 2, connections: 10 },
    method: ["autocannon on 127.0.0.1."],
    setups: [
      {
        name: "sqlite",
        label: "SQLite, 1 instance",
        targets: [
          {
            ...summarize("GET /", result({ "3xx": 0, statusCodeStats: { "200": { count: 15810 } } })),
            requestsPerSecond: 1581.4,
            latencyMs: { p50: 3, p99: 0.52, max: 60 },
          },
          { ...summarize("POST /contact", result({})), stored: 4480 },
        ],
        notes: ["POST /contact: 5 answers were 429."],
      },
    ],
    errors: ["PostgreSQL: scripts/ensure-postgres.sh failed with exit code 1"],
  };
  const markdown = renderLoadMarkdown(report);
  expect(markdown).toContain(
    "Node v24.21.0 · nginx 1.22.1 · 10 connections, 10 s per target after 2 s of warm-up · took 1 min 35 s.",
  );
  expect(markdown).toContain(
    "| Set-up | Target | Req/s | p50 | p99 | Errors | Not 2xx/3xx | Inquiries stored | Answers |\n" +
      "| --- | --- | --: | --: | --: | --: | --: | --: | --- |\n" +
      "| SQLite, 1 instance | `GET /` | 1,581 | 3 ms | 0.5 ms | 0 | 0 |  | 200: 15810 |\n" +
      "| SQLite, 1 instance | `POST /contact` | 447 | 12 ms | 125 ms | 0 | 0 | 4,480 | 303: 4470 |\n",
  );
  expect(markdown).toContain("load average before the targets median 2.5, highest 4.2.");
  expect(markdown).toContain("Other work competed for the CPU");
  expect(markdown).toContain("## Notes\n\n- SQLite, 1 instance: POST /contact: 5 answers were 429.");
  expect(markdown).toContain("## Errors\n\n- PostgreSQL: scripts/ensure-postgres.sh failed with exit code 1\n");
});
