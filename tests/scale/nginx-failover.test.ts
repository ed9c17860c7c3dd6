import { createHash, randomBytes } from "node:crypto";
import { once } from "node:events";
import net, { type AddressInfo } from "node:net";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { openStore } from "../../app/server/store/open-store.server.ts";
import { uploadPieceBytes } from "../../app/server/uploads/artwork-kinds.ts";
import { goodFields } from "../integration/support/contact-form.ts";
import type { SiteServer } from "../support/start-site.ts";
import { type Answer, type Sending, send, siteHost, startNginx } from "./support/nginx.ts";
import {
  answeredBy,
  buildDir,
  hiddenFields,
  instances,
  nginx,
  proxy,
  requestIdOf,
  s3,
  startProxiedSite,
  store,
  visit,
  workDir,
} from "./support/proxied-site.ts";

startProxiedSite();

describe("artwork uploads through nginx", () => {
  const MB = 1024 * 1024;
  const tus = { "Tus-Resumable": "1.0.0" };
  const b64 = (text: string) => Buffer.from(text).toString("base64");

  test("an upload begun on one instance is finished on the other, its pieces streamed through nginx into the shared bucket", async () => {
    const page = await visit("/quote?service=cake");
    const { form_token: token = "" } = hiddenFields(page.body);
    // Pieces as the page sends them.
    const file = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(20 * MB)]);
    const origin = { Origin: `https://${siteHost}:${proxy.httpsPort}` };
    const created = await visit("/quote/uploads", {
      method: "POST",
      headers: {
        ...tus,
        ...origin,
        "Upload-Length": String(file.length),
        "Upload-Metadata": `filename ${b64("carton.pdf")},token ${b64(token)}`,
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.location ?? "";
    expect(location).toMatch(/^\/quote\/uploads\/[0-9a-f]{32}$/);

    const answeredByInstance: (string | undefined)[] = [];
    for (let offset = 0; offset < file.length; offset += uploadPieceBytes) {
      // The next piece starts where the upload stands, whichever instance is asked.
      const head = await visit(location, { method: "HEAD", headers: tus });
      expect(Number(head.headers["upload-offset"])).toBe(offset);
      answeredByInstance.push(await answeredBy(requestIdOf(head)));
      const piece = await visit(location, {
        method: "PATCH",
        headers: {
          ...tus,
          ...origin,
          "Content-Type": "application/offset+octet-stream",
          "Upload-Offset": String(offset),
        },
        body: file.subarray(offset, offset + uploadPieceBytes),
      });
      expect(piece.status).toBe(204);
      answeredByInstance.push(await answeredBy(requestIdOf(piece)));
    }
    // nginx spread the requests over both instances: what one began, the other carried on.
    expect(new Set(answeredByInstance).size).toBe(2);
    expect(answeredByInstance).not.toContain(undefined);

    const id = location.split("/").pop() ?? "";
    expect(s3.keys()).toContain(id);
    const db = await openStore({ postgresUrl: store.env.DATABASE_URL ?? "" });
    try {
      const row = await db.get<{ sha256: string; kind: string }>("SELECT sha256, kind FROM uploads WHERE id = ?", [id]);
      expect(row).toEqual({ kind: "pdf", sha256: createHash("sha256").update(file).digest("hex") });
    } finally {
      await db.close();
    }
  }, 60_000);

  test("an upload address is never a way to read a file back, through nginx either", async () => {
    const answer = await visit("/quote/uploads/0123456789abcdef0123456789abcdef");
    expect(answer.status).toBe(404);
    expect(answer.headers["content-type"]).toMatch(/^text\/html/);
  });
});

test("a form whose instance resets the connection under it goes to the other instance, and is stored once", async () => {
  // An instance that takes the request and then resets the connection, as one does that closes
  // its listener while the connection still waits in the queue.
  const resetter = net.createServer((socket) => socket.once("data", () => socket.resetAndDestroy()));
  resetter.listen(0, "127.0.0.1");
  await once(resetter, "listening");
  const resetterAt = `127.0.0.1:${(resetter.address() as AddressInfo).port}`;
  const instance = instances[1] as SiteServer;
  const second = await startNginx({
    nginx: nginx as string,
    dir: path.join(workDir, "nginx-with-a-resetting-instance"),
    buildDir,
    instancePorts: [Number(resetterAt.split(":")[1]), Number(new URL(instance.url).port)],
  });
  try {
    const hidden = hiddenFields((await visit("/contact")).body);
    const through = { scheme: "https" as const, port: second.httpsPort, ca: second.ca };
    const answers: Answer[] = [];
    for (let i = 0; i < 3; i++) {
      answers.push(
        await send(through, "/contact", {
          from: `127.0.0.${10 + i}`,
          body: new URLSearchParams({ ...goodFields(), ...hidden }).toString(),
          headers: { Origin: `https://${siteHost}:${second.httpsPort}` },
        }),
      );
    }
    expect(answers.map((answer) => answer.status)).toEqual([303, 303, 303]);
    const references = answers.map((answer) => /[?&]sent=(ENQ-\d{4}-\d+)/.exec(answer.headers.location ?? "")?.[1]);
    const stored = await store.references();
    for (const reference of references) expect(stored.filter((entry) => entry === reference)).toHaveLength(1);
    const lines = await second.accessLog();
    expect(lines.map((line) => line.upstream)).toContain(`${resetterAt}, 127.0.0.1:${new URL(instance.url).port}`);
  } finally {
    await second.stop();
    resetter.close();
  }
});

type Outcome = {
  method: "GET" | "POST";
  target: string;
  startedAt: number;
  endedAt: number;
  status?: number;
  requestId?: string;
  reference?: string;
  error?: string;
};

test("stopping one instance in the middle of visitors' requests loses none of them", async () => {
  const token = hiddenFields((await visit("/contact")).body).form_token as string;
  const [stopping, staying] = instances as [SiteServer, SiteServer];
  const stoppingAt = `127.0.0.1:${new URL(stopping.url).port}`;
  const stayingAt = `127.0.0.1:${new URL(staying.url).port}`;
  const origin = `https://${siteHost}:${proxy.httpsPort}`;
  const started = performance.now();
  let answered = 0;
  let stoppedAt = Number.POSITIVE_INFINITY;
  let visitor = 0;

  // Each form comes from a visitor address of its own, so the rate limit never answers for the stop.
  const nextVisitor = () => {
    visitor += 1;
    return `127.1.${Math.floor(visitor / 250)}.${1 + (visitor % 250)}`;
  };

  /** Requests in turn: a form, then the contact page, the privacy notice and a page with a query, all Node's. */
  async function one(index: number): Promise<Outcome> {
    const post = index % 4 === 0;
    const target = post ? "/contact" : (["/contact", "/privacy", "/about?from=stream"][(index % 4) - 1] as string);
    const sending: Sending = post
      ? {
          body: new URLSearchParams({ ...goodFields(), form_token: token }).toString(),
          from: nextVisitor(),
          headers: { Origin: origin },
        }
      : {};
    const startedAt = performance.now();
    try {
      const answer = await visit(target, sending);
      return {
        method: post ? "POST" : "GET",
        target,
        startedAt,
        endedAt: performance.now(),
        status: answer.status,
        requestId: requestIdOf(answer),
        reference: /[?&]sent=(ENQ-\d{4}-\d+)/.exec(answer.headers.location ?? "")?.[1],
      };
    } catch (error) {
      return { method: post ? "POST" : "GET", target, startedAt, endedAt: performance.now(), error: String(error) };
    }
  }

  const sender = async (first: number) => {
    const outcomes: Outcome[] = [];
    // Until well after the stopped instance has gone, so that requests meet it stopping and gone.
    for (let i = first; performance.now() - Math.min(stoppedAt, started + 20_000) < 4_000; i += 1) {
      const outcome = await one(i);
      outcomes.push(outcome);
      if (outcome.status !== undefined) answered += 1;
      if (answered >= 60 && stoppedAt === Number.POSITIVE_INFINITY) {
        stoppedAt = performance.now();
        process.kill(stopping.pid, "SIGTERM");
      }
    }
    return outcomes;
  };
  const outcomes = (await Promise.all(Array.from({ length: 12 }, (_, index) => sender(index)))).flat();
  const exit = await stopping.exited;

  const posts = outcomes.filter((outcome) => outcome.method === "POST");
  const references = posts.flatMap((outcome) => (outcome.reference ? [outcome.reference] : []));
  const stored = await store.references();
  const upstreams = await Promise.all(
    outcomes.map((outcome) => (outcome.requestId ? answeredBy(outcome.requestId) : undefined)),
  );
  const inFlightAtTheStop = outcomes.filter(
    (o, i) => o.startedAt < stoppedAt && o.endedAt > stoppedAt && upstreams[i] === stoppingAt,
  );
  console.log("one instance stopped under a stream of requests:", {
    requests: outcomes.length,
    forms: posts.length,
    answeredByTheStoppingInstanceAfterTheSignal: inFlightAtTheStop.length,
    refusedOrResetByItAndSentOn: upstreams.filter((upstream) => upstream === `${stoppingAt}, ${stayingAt}`).length,
    // A connection still queued when the instance closed its listener is reset, request and all.
    resetByIt: (await proxy.errorLog())
      .split("\n")
      .filter((line) => /reset by peer.*upstream: "http:\/\/127\.0\.0\.1:/.test(line) && line.includes(stoppingAt))
      .length,
    answeredAfterTheSignal: outcomes.filter((o) => o.endedAt > stoppedAt).length,
  });
  if (outcomes.some((outcome) => outcome.status === undefined || outcome.status >= 500)) {
    console.log("nginx's error log:\n", await proxy.errorLog());
    console.log("the stopping instance's log:\n", stopping.logs.join("\n"));
  }

  expect(outcomes.filter((outcome) => outcome.error !== undefined)).toEqual([]);
  expect(new Set(outcomes.filter((o) => o.method === "GET").map((o) => o.status))).toEqual(new Set([200]));
  expect(new Set(posts.map((outcome) => outcome.status))).toEqual(new Set([303]));
  expect(references).toHaveLength(posts.length);
  expect(new Set(references).size).toBe(references.length);
  for (const reference of references) expect(stored.filter((entry) => entry === reference)).toHaveLength(1);
  // Both took requests; the stopping one answered what it had when the signal came, and then went.
  expect(upstreams.filter((upstream) => upstream === stoppingAt).length).toBeGreaterThan(0);
  expect(upstreams.filter((upstream) => upstream === stayingAt).length).toBeGreaterThan(0);
  expect(inFlightAtTheStop.length).toBeGreaterThan(0);
  expect(exit).toEqual({ code: 0, signal: null });
}, 90_000);
