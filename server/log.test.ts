import { afterEach, describe, expect, test, vi } from "vitest";
import { createLog, requestIdFrom } from "./log.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

function jsonLog() {
  const out: string[] = [];
  const err: string[] = [];
  const log = createLog("json", { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { log, out, err, parsed: () => [...out, ...err].map((line) => JSON.parse(line)) };
}

describe("LOG_FORMAT=json", () => {
  test("writes one JSON object a line: time, level and message; warnings and errors to stderr", () => {
    const { log, out, err } = jsonLog();
    log.info("Site ready at http://127.0.0.1:3000");
    log.warn("Something to look at");
    log.error("Something failed");
    expect(out.map((line) => JSON.parse(line))).toEqual([
      {
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        level: "info",
        message: "Site ready at http://127.0.0.1:3000",
      },
    ]);
    expect(err.map((line) => JSON.parse(line))).toMatchObject([
      { level: "warn", message: "Something to look at" },
      { level: "error", message: "Something failed" },
    ]);
  });

  test("keeps an error on its line: its name and message, and its stack as a field", () => {
    const { log, err } = jsonLog();
    log.error(new TypeError("x is not a function"));
    expect(err).toHaveLength(1);
    expect(JSON.parse(err[0] ?? "")).toMatchObject({
      level: "error",
      message: "TypeError: x is not a function",
      stack: expect.stringContaining("log.test.ts"),
    });
  });

  test("marks the lines about a request with its id", () => {
    const { log, parsed } = jsonLog();
    log.forRequest("req-1").error("A page failed");
    log.info("Not about a request");
    expect(parsed()).toMatchObject([
      { message: "Not about a request" },
      { message: "A page failed", requestId: "req-1" },
    ]);
    expect(parsed()[0]).not.toHaveProperty("requestId");
  });

  test("logs an answered request's fields, never its query", () => {
    const { log, out } = jsonLog();
    log.request({
      requestId: "req-2",
      method: "GET",
      path: "/contact",
      query: true,
      status: 200,
      durationMs: 12.3456,
      clientAddress: "203.0.113.7",
    });
    expect(JSON.parse(out[0] ?? "")).toEqual({
      time: expect.any(String),
      level: "info",
      message: "request",
      requestId: "req-2",
      method: "GET",
      path: "/contact",
      status: 200,
      durationMs: 12.3,
      clientAddress: "203.0.113.7",
    });
  });
});

describe("LOG_FORMAT=text", () => {
  test("a request's line says what it was, the query only as there, and the request's id", () => {
    const console = vi.spyOn(globalThis.console, "log").mockImplementation(() => {});
    const log = createLog("text");
    const entry = { requestId: "req-3", method: "GET", status: 200, durationMs: 4.04, clientAddress: "127.0.0.1" };
    log.request({ ...entry, path: "/", query: false });
    log.request({ ...entry, path: "/inbox", query: true });
    expect(console.mock.calls).toEqual([["GET / 200 4.0ms [req-3]"], ["GET /inbox?… 200 4.0ms [req-3]"]]);
  });

  test("writes what it is given as the console does, a request's lines marked with its id", () => {
    const error = vi.spyOn(globalThis.console, "error").mockImplementation(() => {});
    const failure = new Error("failed");
    createLog("text").error(failure);
    createLog("text").forRequest("req-4").error(failure);
    expect(error.mock.calls).toEqual([[failure], ["[req-4]", failure]]);
  });
});

describe("a request's id", () => {
  test.each(["abc", "0f8fad5b-d9cb-469f-a165-70867728950e", "proxy.host:1234-5_6", "a".repeat(128)])(
    "%s from the proxy is kept",
    (header) => {
      expect(requestIdFrom(header)).toBe(header);
    },
  );

  test.each([
    ["missing", undefined],
    ["empty", ""],
    ["too long", "a".repeat(129)],
    ["with a space", "a b"],
    ["with a newline", "abc\ndef"],
    ["with quotes", '"><script>'],
    ["sent twice", ["abc", "def"]],
  ])("%s is replaced by a new one", (_name, header) => {
    const id = requestIdFrom(header);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(requestIdFrom(header)).not.toBe(id);
  });
});
