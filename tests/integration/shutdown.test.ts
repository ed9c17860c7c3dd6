import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import net, { type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, inject, test } from "vitest";
import { type SiteServer, startSite } from "../support/start-site.ts";
import { newTestStoreLocation, type TestStoreLocation } from "../support/test-store.ts";
import { goodFields, openForm, readDatabase } from "./support/contact-form.ts";
import { type MailCatcher, startMailCatcher } from "./support/mail-catcher.ts";

const buildDir = inject("siteBuildDir");

let dataDir: string;
let store: TestStoreLocation;
let smtp: MailCatcher;
let server: SiteServer;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "shutdown-"));
  store = await newTestStoreLocation("shutdown");
  smtp = await startMailCatcher();
  server = await startSite({
    buildDir,
    dataDir,
    env: {
      ...store.env,
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(smtp.port),
      MAIL_TO: "sales@example.com",
      // One client sends the whole burst; the limit is not what is tested here.
      CONTACT_RATE_LIMIT: "10000",
    },
  });
});

afterEach(async () => {
  await server?.stop("SIGKILL");
  await smtp?.close();
  await store?.remove();
  await rm(dataDir, { recursive: true, force: true });
});

type Outcome = {
  method: "GET" | "POST";
  /** The connection it went on, the same object for requests that shared one. */
  socket: Socket | undefined;
  /** When that connection was established: from then on, the server's kernel had it. */
  connectedAt: number;
  endedAt: number;
  status?: number;
  connection?: string | undefined;
  reference?: string | undefined;
  error?: string;
};

type Sending = { agent: http.Agent | false; slowBody: boolean; onConnected?: () => void };

const connectedAt = new WeakMap<Socket, number>();

/** One request. A slow sender's body arrives in two parts, so that some are still arriving at the stop. */
function exchange(method: "GET" | "POST", url: string, body: string | undefined, sending: Sending): Promise<Outcome> {
  return new Promise((resolve) => {
    let socket: Socket | undefined;
    const headers: http.OutgoingHttpHeaders = body
      ? { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body) }
      : {};
    const request = http.request(url, { method, agent: sending.agent, headers });
    request.on("socket", (given: Socket) => {
      socket = given;
      if (!given.connecting) return;
      given.once("connect", () => {
        connectedAt.set(given, performance.now());
        sending.onConnected?.();
      });
    });
    const settle = (result: Partial<Outcome>) =>
      resolve({
        method,
        socket,
        connectedAt: (socket && connectedAt.get(socket)) ?? Number.POSITIVE_INFINITY,
        endedAt: performance.now(),
        ...result,
      });
    request.on("response", (response) => {
      response.resume();
      response.on("end", () =>
        settle({
          status: response.statusCode,
          connection: response.headers.connection,
          reference: /[?&]sent=(ENQ-\d{4}-\d+)/.exec(response.headers.location ?? "")?.[1],
        }),
      );
    });
    request.on("error", (error: NodeJS.ErrnoException) => settle({ error: error.code ?? error.message }));
    if (!body || !sending.slowBody) {
      request.end(body);
      return;
    }
    const half = Math.floor(body.length / 2);
    request.write(body.slice(0, half));
    setTimeout(() => request.end(body.slice(half)), 150);
  });
}

const SENDERS = 16;

/**
 * Visitors reading a page and sending forms, SENDERS at a time, each sending
 * again as soon as it has its answer, up to `perSender` requests (and for 20 s
 * at most). SIGTERM goes once 40 are answered, as one more form arrives; the
 * visitors carry on.
 */
async function burstWithStop(agent: http.Agent | false, perSender: number) {
  const token = await openForm(server.url);
  const started = performance.now();
  let answered = 0;
  let stopping = false;
  let stoppedAt = Number.POSITIVE_INFINITY;
  let witness: Promise<Outcome> | undefined;
  // The stop goes while one more form is half sent, so that some request is
  // certainly on its way in, however the machine's load spaces the others.
  const stopWhileWitnessArrives = () => {
    stopping = true;
    witness = exchange("POST", `${server.url}/contact`, formBody(token), {
      agent: false,
      slowBody: true,
      onConnected: () =>
        setImmediate(() => {
          stoppedAt = performance.now();
          process.kill(server.pid, "SIGTERM");
        }),
    });
  };
  const sender = async (index: number) => {
    const outcomes: Outcome[] = [];
    for (let i = 0; i < perSender && performance.now() - started < 20_000; i++) {
      const sending = { agent, slowBody: (index + i) % 3 === 0 };
      const outcome = await (i % 4 === 3
        ? exchange("GET", `${server.url}/about`, undefined, sending)
        : exchange("POST", `${server.url}/contact`, formBody(token), sending));
      outcomes.push(outcome);
      if (outcome.status !== undefined) answered += 1;
      if (answered >= 40 && !stopping) stopWhileWitnessArrives();
      if (outcome.error) break;
    }
    return outcomes;
  };
  const outcomes = (await Promise.all(Array.from({ length: SENDERS }, (_, index) => sender(index)))).flat();
  if (!witness) throw new Error("The burst ended before 40 requests were answered: no stop was sent.");
  const witnessed = await witness;
  const exit = await server.exited;
  return { outcomes: [...outcomes, witnessed], witnessed, stoppedAt, exit, stoppedFor: performance.now() - stoppedAt };
}

function formBody(token: string): string {
  return new URLSearchParams({ ...goodFields(), form_token: token }).toString();
}

/** What happened to the requests, split by whether their connection reached the server before the stop. */
function tally(outcomes: Outcome[], stoppedAt: number) {
  const before = outcomes.filter((o) => o.connectedAt < stoppedAt);
  const after = outcomes.filter((o) => !(o.connectedAt < stoppedAt));
  const answered = outcomes.filter((o) => o.status !== undefined);
  const posts = answered.filter((o) => o.method === "POST");
  return {
    sent: outcomes.length,
    answered: answered.length,
    answeredAfterTheStop: answered.filter((o) => o.connectedAt < stoppedAt && o.endedAt > stoppedAt).length,
    postStatuses: [...new Set(posts.map((o) => o.status))],
    pageStatuses: [...new Set(answered.filter((o) => o.method === "GET").map((o) => o.status))],
    references: posts.flatMap((o) => (o.reference ? [o.reference] : [])),
    reachedBeforeStop: before.length,
    reachedBeforeStopUnanswered: before.filter((o) => o.status === undefined).map((o) => o.error),
    // Connections made after the stop began: taken while the listen queue drained, or refused.
    laterAnswered: after.filter((o) => o.status !== undefined).length,
    laterRefused: after.filter((o) => o.error === "ECONNREFUSED").length,
    laterReset: after.filter((o) => o.error !== undefined && o.error !== "ECONNREFUSED").length,
  };
}

async function storedReferences(): Promise<string[]> {
  return (await readDatabase(store.location)).inquiries.map((row) => row.reference);
}

function report(label: string, result: ReturnType<typeof tally>, stored: string[]) {
  const { references, ...figures } = result;
  console.log(`${label}:`, { ...figures, stored: stored.length });
}

test("a stop during a burst answers every request that had reached the server", async () => {
  const { outcomes, witnessed, stoppedAt, exit } = await burstWithStop(false, 10);
  const result = tally(outcomes, stoppedAt);
  const stored = await storedReferences();
  report("one connection per request", result, stored);

  expect(witnessed).toMatchObject({ status: 303, reference: expect.stringMatching(/^ENQ-/) });
  expect(witnessed.connectedAt).toBeLessThan(stoppedAt);
  expect(result.reachedBeforeStopUnanswered).toEqual([]);
  expect(result.answeredAfterTheStop).toBeGreaterThan(0);
  expect(result.postStatuses).toEqual([303]);
  expect(result.pageStatuses).toEqual([200]);
  expect(stored.sort()).toEqual(result.references.sort());
  expect(exit).toEqual({ code: 0, signal: null });
  expect(server.logs.filter((line) => line.startsWith("stderr:"))).toEqual([]);
});

test("a stop tells kept-alive connections to close, answering what they send, and ends", async () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: SENDERS });
  try {
    const { outcomes, witnessed, stoppedAt, exit, stoppedFor } = await burstWithStop(agent, 400);
    const result = tally(outcomes, stoppedAt);
    const stored = await storedReferences();
    report("kept-alive connections", result, stored);

    expect(witnessed).toMatchObject({ status: 303, connection: "close" });
    expect(result.reachedBeforeStopUnanswered).toEqual([]);
    expect(result.answeredAfterTheStop).toBeGreaterThan(0);
    expect(result.postStatuses).toEqual([303]);
    expect(result.pageStatuses).toEqual([200]);
    expect(stored.sort()).toEqual(result.references.sort());
    // The last answer on each connection open at the stop said to close it.
    const lastOnEach = new Map<Socket | undefined, Outcome>();
    for (const outcome of outcomes) if (outcome.connectedAt < stoppedAt) lastOnEach.set(outcome.socket, outcome);
    expect(new Set([...lastOnEach.values()].map((o) => o.connection))).toEqual(new Set(["close"]));
    expect(stoppedFor).toBeLessThan(5_000);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(server.logs.filter((line) => line.startsWith("stderr:"))).toEqual([]);
  } finally {
    agent.destroy();
  }
});

test("a stop does not wait on connections with nothing to say", async () => {
  const agent = new http.Agent({ keepAlive: true });
  try {
    const page = await exchange("GET", `${server.url}/about`, undefined, { agent, slowBody: false });
    expect(page.connection).toBe("keep-alive");
    const { hostname, port } = new URL(server.url);
    const silent = net.connect(Number(port), hostname);
    await once(silent, "connect");
    const silentClosed = once(silent, "close");

    const stoppedAt = performance.now();
    process.kill(server.pid, "SIGTERM");
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(performance.now() - stoppedAt).toBeLessThan(3_000);
    await silentClosed;
    expect(server.logs.filter((line) => line.startsWith("stderr:"))).toEqual([]);
  } finally {
    agent.destroy();
  }
});
