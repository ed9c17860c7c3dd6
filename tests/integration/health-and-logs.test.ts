import http from "node:http";
import { describe, expect, test } from "vitest";
import type { SiteServer } from "../support/start-site.ts";
import { goodFields, openForm, postContact, referenceOf } from "./support/contact-form.ts";
import { rawRequest } from "./support/raw-http.ts";
import { siteForTests } from "./support/site-for-tests.ts";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Every line the server wrote, each parsed as the JSON it must be; one that is not fails the test. */
function jsonLines(server: SiteServer): Record<string, unknown>[] {
  return server.logs.map((line) => {
    const text = line.replace(/^stderr: /, "");
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new Error(`Not a JSON line: ${text}`);
    }
  });
}

/** The request log's line for the request with this id, once it is written. */
async function requestLine(server: SiteServer, requestId: string): Promise<Record<string, unknown>> {
  await server.waitForLog(new RegExp(`"message":"request","requestId":"${requestId.replace(/[.]/g, "\\.")}"`));
  const line = jsonLines(server).find((entry) => entry.message === "request" && entry.requestId === requestId);
  if (!line) throw new Error(`No request line for ${requestId}`);
  return line;
}

describe("LOG_FORMAT=json", () => {
  const site = siteForTests({ env: { LOG_FORMAT: "json", QUIET: "0", ERROR_DRILL: "1" } });

  test("/healthz and /readyz answer 200 with JSON no cache keeps, and stay out of the request log", async () => {
    const healthz = await fetch(`${site.server.url}/healthz`);
    expect(healthz.status).toBe(200);
    expect(healthz.headers.get("cache-control")).toBe("no-store");
    expect(await healthz.json()).toEqual({ alive: true });

    const readyz = await fetch(`${site.server.url}/readyz`);
    expect(readyz.status).toBe(200);
    expect(readyz.headers.get("cache-control")).toBe("no-store");
    expect(await readyz.json()).toEqual({ ready: true });

    for (const path of ["/healthz", "/readyz"]) {
      const head = await fetch(`${site.server.url}${path}`, { method: "HEAD" });
      expect(head.status, path).toBe(200);
      expect(await head.text(), path).toBe("");
    }

    // A request after them is logged; had they been, their lines would be there first.
    await fetch(`${site.server.url}/about`, { headers: { "X-Request-Id": "after-probes" } });
    await requestLine(site.server, "after-probes");
    expect(site.server.logs.join("\n")).not.toMatch(/healthz|readyz/);
  });

  test("a request is one JSON line: time, id, method, path without its query, status, duration, client", async () => {
    const response = await fetch(`${site.server.url}/contact?service=packaging-box&email=asha%40example.in`, {
      headers: { "X-Request-Id": "lb-7f3a.1:2" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBe("lb-7f3a.1:2");
    const line = await requestLine(site.server, "lb-7f3a.1:2");
    expect(line).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      level: "info",
      message: "request",
      requestId: "lb-7f3a.1:2",
      method: "GET",
      path: "/contact",
      status: 200,
      durationMs: expect.any(Number),
      clientAddress: "127.0.0.1",
    });
    expect(Math.abs(Date.parse(String(line.time)) - Date.now())).toBeLessThan(60_000);
    expect(site.server.logs.join("\n")).not.toContain("asha");
  });

  test("a posted form's details never reach the log, and every line is JSON", async () => {
    const fields = goodFields();
    const token = await openForm(site.server.url);
    const headers = { "X-Request-Id": "form-post-1" };
    const sent = await postContact(site.server.url, { ...fields, form_token: token }, headers);
    expect(referenceOf(sent)).toMatch(/^ENQ-/);
    const line = await requestLine(site.server, "form-post-1");
    expect(line).toMatchObject({ method: "POST", path: "/contact", status: 303 });

    // A bot's form is logged by the contact action itself, marked with the request's id.
    const bot = goodFields({ website: "https://spam.example" });
    const botToken = await openForm(site.server.url);
    await postContact(site.server.url, { ...bot, form_token: botToken }, { "X-Request-Id": "form-bot-1" });
    await requestLine(site.server, "form-bot-1");
    expect(jsonLines(site.server)).toContainEqual(
      expect.objectContaining({
        level: "info",
        requestId: "form-bot-1",
        message: expect.stringMatching(/sent by a bot/),
      }),
    );

    const lines = jsonLines(site.server);
    expect(lines.every((entry) => typeof entry.time === "string" && typeof entry.level === "string")).toBe(true);
    const log = site.server.logs.join("\n");
    for (const visitor of [fields, bot]) {
      for (const value of [visitor.email, visitor.name, visitor.phone_number, visitor.message.split("\n")[0] ?? ""]) {
        expect(log).not.toContain(value);
      }
    }
  });

  test("X-Request-Id from the proxy is kept when it is a plain token, and replaced when it is not", async () => {
    const kept = await rawRequest(site.server.url, "/about", { headers: { "X-Request-Id": "nginx-4f1c2d" } });
    expect(kept.headers["x-request-id"]).toBe("nginx-4f1c2d");

    for (const forged of ["x".repeat(500), '"><script>alert(1)</script>', "two words", "a,b"]) {
      const answer = await rawRequest(site.server.url, "/about", { headers: { "X-Request-Id": forged } });
      expect(answer.status, forged).toBe(200);
      const id = answer.headers["x-request-id"] ?? "";
      expect(id, forged).toMatch(uuid);
      expect(await requestLine(site.server, id)).toMatchObject({ requestId: id, path: "/about" });
    }
    expect(site.server.logs.join("\n")).not.toContain("<script>");
    expect(site.server.logs.join("\n")).not.toContain("x".repeat(129));
  });

  test("a new id is made when there is none, a different one for each request", async () => {
    const first = (await fetch(`${site.server.url}/about`)).headers.get("x-request-id") ?? "";
    const second = (await fetch(`${site.server.url}/about`)).headers.get("x-request-id") ?? "";
    expect(first).toMatch(uuid);
    expect(second).toMatch(uuid);
    expect(first).not.toBe(second);
  });

  test("the error page quotes the request's id, which the error's log line carries too", async () => {
    const response = await fetch(`${site.server.url}/error-drill`, { headers: { "X-Request-Id": "drill-ref-1" } });
    expect(response.status).toBe(500);
    expect(response.headers.get("x-request-id")).toBe("drill-ref-1");
    const html = await response.text();
    expect(html).toContain("Something went wrong");
    expect(html).toContain("If you write to us about this, quote reference drill-ref-1.");

    await requestLine(site.server, "drill-ref-1");
    const errors = jsonLines(site.server).filter((line) => line.requestId === "drill-ref-1" && line.level === "error");
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toMatchObject({ message: expect.stringContaining("Error drill"), stack: expect.any(String) });

    const unnamed = await fetch(`${site.server.url}/error-drill`);
    const id = unnamed.headers.get("x-request-id") ?? "";
    expect(id).toMatch(uuid);
    expect(await unnamed.text()).toContain(`quote reference ${id}.`);
  });
});

describe("LOG_FORMAT=text (the default)", () => {
  const site = siteForTests({ env: { QUIET: "0", ERROR_DRILL: "1" } });

  test("keeps its one line per request, without probes or queries, each with the request's id", async () => {
    await fetch(`${site.server.url}/healthz`);
    await fetch(`${site.server.url}/readyz`);
    await fetch(`${site.server.url}/contact?email=asha%40example.in`, { headers: { "X-Request-Id": "text-1" } });
    await fetch(`${site.server.url}/about`);
    await site.server.waitForLog(/^GET \/about 200/);
    const requests = site.server.logs.filter((line) => /^(GET|HEAD|POST) /.test(line));
    expect(requests).toEqual([
      expect.stringMatching(/^GET \/contact\?… 200 \d+\.\dms \[text-1\]$/),
      expect.stringMatching(/^GET \/about 200 \d+\.\dms \[[\w-]+\]$/),
    ]);
    expect(site.server.logs.join("\n")).not.toMatch(/asha|healthz|readyz/);
  });

  test("an error page's reference finds the failure's lines in the text log", async () => {
    const response = await fetch(`${site.server.url}/error-drill`, { headers: { "X-Request-Id": "drill-text-1" } });
    expect(response.status).toBe(500);
    expect(await response.text()).toContain("quote reference drill-text-1.");
    await site.server.waitForLog(/^GET \/error-drill 500 [\d.]+ms \[drill-text-1\]$/);
    const failure = site.server.logs.filter((line) => line.startsWith("stderr: [drill-text-1]"));
    expect(failure.join("\n")).toContain("Error drill");
  });
});

describe("a stopping instance", () => {
  const site = siteForTests();

  test("answers /readyz with 503 once its stop has begun, while it finishes what it has", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        http
          .get(`${site.server.url}${path}`, { agent }, (response) => {
            let body = "";
            response.setEncoding("utf8");
            response.on("data", (chunk: string) => (body += chunk));
            response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
          })
          .on("error", reject);
      });
    try {
      expect(await get("/readyz")).toEqual({ status: 200, body: '{"ready":true}' });
      // On the connection already open: a stopping server takes no new ones.
      process.kill(site.server.pid, "SIGTERM");
      await site.server.waitForLog(/SIGTERM received/);
      const answer = await get("/readyz");
      expect(answer.status).toBe(503);
      expect(JSON.parse(answer.body)).toEqual({ ready: false, reason: "stopping" });
    } finally {
      agent.destroy();
    }
    expect(await site.server.exited).toEqual({ code: 0, signal: null });
  });
});
