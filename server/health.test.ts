import { once } from "node:events";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, test } from "vitest";
import type { Readiness } from "../app/server/readiness.server.ts";
import { healthChecks } from "./health.ts";
import type { Log } from "./log.ts";

type Logged = { level: "info" | "warn" | "error"; line: string };

let server: Server | undefined;

afterEach(() => {
  server?.closeAllConnections();
  server?.close();
  server = undefined;
});

/** The checks in an app of their own on 127.0.0.1, with everything after them answering "the site". */
async function serve(readiness: () => Promise<Readiness>, timeoutMs?: number) {
  const logged: Logged[] = [];
  const log: Log = {
    info: (line: string) => logged.push({ level: "info", line }),
    warn: (line: string) => logged.push({ level: "warn", line }),
    error: (line: string) => logged.push({ level: "error", line }),
  };
  const app = express();
  app.use(healthChecks({ readiness, log, ...(timeoutMs === undefined ? {} : { timeoutMs }) }));
  app.use((_req, res) => {
    res.send("the site");
  });
  server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, logged };
}

async function answerOf(response: Response) {
  return {
    status: response.status,
    cacheControl: response.headers.get("cache-control"),
    type: response.headers.get("content-type"),
    body: await response.text(),
  };
}

const ready = async (): Promise<Readiness> => ({ ready: true });

describe("GET /healthz", () => {
  test("answers 200 while the process runs, whatever the readiness, never kept by a cache", async () => {
    const { url } = await serve(async () => ({ ready: false, reason: "the store does not answer" }));
    expect(await answerOf(await fetch(`${url}/healthz`))).toEqual({
      status: 200,
      cacheControl: "no-store",
      type: "application/json; charset=utf-8",
      body: '{"alive":true}',
    });
  });

  test("answers HEAD with the status and no body, and refuses other methods", async () => {
    const { url } = await serve(ready);
    const head = await fetch(`${url}/healthz`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const post = await fetch(`${url}/healthz`, { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
  });
});

describe("GET /readyz", () => {
  test("answers 200 when the build says it is ready", async () => {
    const { url, logged } = await serve(ready);
    expect(await answerOf(await fetch(`${url}/readyz`))).toEqual({
      status: 200,
      cacheControl: "no-store",
      type: "application/json; charset=utf-8",
      body: '{"ready":true}',
    });
    expect(logged).toEqual([]);
  });

  test("answers 503 with the reason when it is not", async () => {
    const { url } = await serve(async () => ({ ready: false, reason: "the store does not answer" }));
    const answer = await answerOf(await fetch(`${url}/readyz`));
    expect(answer).toMatchObject({ status: 503, cacheControl: "no-store" });
    expect(JSON.parse(answer.body)).toEqual({ ready: false, reason: "the store does not answer" });
    const head = await fetch(`${url}/readyz`, { method: "HEAD" });
    expect(head.status).toBe(503);
    expect(await head.text()).toBe("");
  });

  test("answers 503 when the check fails, keeping the error's words for the log", async () => {
    const { url, logged } = await serve(async () => {
      throw new Error("connect ECONNREFUSED 10.0.0.5:5432 for user shop_owner");
    });
    const answer = await answerOf(await fetch(`${url}/readyz`));
    expect(answer.status).toBe(503);
    expect(JSON.parse(answer.body)).toEqual({ ready: false, reason: "the readiness check failed" });
    expect(answer.body).not.toContain("shop_owner");
    expect(logged).toEqual([{ level: "warn", line: expect.stringContaining("ECONNREFUSED 10.0.0.5:5432") }]);
  });

  test("answers 503 when the check throws before it even returns a promise", async () => {
    const { url } = await serve((() => {
      throw new Error("no store");
    }) as () => Promise<Readiness>);
    expect((await fetch(`${url}/readyz`)).status).toBe(503);
  });

  test("answers 503 in time when the check takes too long", async () => {
    const { url } = await serve(() => new Promise(() => {}), 200);
    const started = performance.now();
    const answer = await answerOf(await fetch(`${url}/readyz`));
    expect(performance.now() - started).toBeLessThan(2000);
    expect(answer.status).toBe(503);
    expect(JSON.parse(answer.body)).toEqual({
      ready: false,
      reason: "no answer from the readiness check in 200 ms",
    });
  });

  test("logs a change between ready and not ready once, not at every probe", async () => {
    let state: Readiness = { ready: true };
    const { url, logged } = await serve(async () => state);
    const probe = async () => (await fetch(`${url}/readyz`)).status;
    expect(await probe()).toBe(200);
    state = { ready: false, reason: "the store does not answer" };
    expect([await probe(), await probe(), await probe()]).toEqual([503, 503, 503]);
    state = { ready: true };
    expect([await probe(), await probe()]).toEqual([200, 200]);
    expect(logged).toEqual([
      { level: "warn", line: "Not ready, /readyz answers 503: the store does not answer" },
      { level: "info", line: "Ready again: /readyz answers 200." },
    ]);
  });
});

test("every other address goes on to the site", async () => {
  const { url } = await serve(ready);
  for (const path of ["/", "/healthz/x", "/readyzz", "/contact"]) {
    expect(await (await fetch(`${url}${path}`)).text(), path).toBe("the site");
  }
});
