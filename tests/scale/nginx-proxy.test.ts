import { createHash, randomBytes } from "node:crypto";
import { once } from "node:events";
import { readdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import type http from "node:http";
import net, { type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { openStore } from "../../app/server/store/open-store.server.ts";
import { uploadPieceBytes } from "../../app/server/uploads/artwork-kinds.ts";
import { statusPagesPath } from "../../app/site/content/urls.ts";
import { findPrerenderedPages } from "../../server/prerendered-pages.ts";
import { goodFields } from "../integration/support/contact-form.ts";
import { type MailCatcher, startMailCatcher } from "../integration/support/mail-catcher.ts";
import { startTestS3, type TestS3 } from "../support/s3-server.ts";
import { type SiteServer, startSite } from "../support/start-site.ts";
import { throwawayPostgresDatabase } from "../support/test-postgres.ts";
import {
  type Answer,
  findNginx,
  type RunningNginx,
  type Sending,
  send,
  siteHost,
  startNginx,
} from "./support/nginx.ts";

// The deployment as docs/deploy.md describes it, for real: Debian's nginx with
// deploy/nginx/print-site.conf in front of two instances of the built server,
// which share one store.

const buildDir = inject("siteBuildDir");
const nginx = findNginx();

/** The same on every instance, as the deployment guide says: each must accept a form another one served. */
const FORM_SECRET = "one-form-secret-for-every-instance-0123456789";

type SharedStore = {
  /** The settings that point an instance at the store. */
  env: Record<string, string>;
  /** The references of every inquiry stored, as many times as each is stored. */
  references(): Promise<string[]>;
  remove(): Promise<void>;
};

// ─── The store both instances share: the one place that chooses it. ───
// A throwaway PostgreSQL database (DATABASE_URL), as several machines would share one.
async function sharedStore(): Promise<SharedStore> {
  const database = await throwawayPostgresDatabase("nginx_proxy");
  return {
    env: { DATABASE_URL: database.url },
    async references() {
      const db = await openStore({ postgresUrl: database.url });
      try {
        return (await db.all<{ reference: string }>("SELECT reference FROM inquiries")).map((row) => row.reference);
      } finally {
        await db.close();
      }
    },
    remove: () => database.drop(),
  };
}

const RATE_LIMIT = 3;

let workDir: string;
let smtp: MailCatcher;
let store: SharedStore;
const instances: SiteServer[] = [];
let proxy: RunningNginx;
let ca: string;
/** The bucket both instances keep artwork files in. */
let s3: TestS3;

beforeAll(async () => {
  if (!nginx) {
    throw new Error("nginx is not installed. Run scripts/ensure-nginx.sh (Debian's nginx package); npm test runs it.");
  }
  workDir = await mkdtemp(path.join(tmpdir(), "nginx-proxy-"));
  smtp = await startMailCatcher();
  store = await sharedStore();
  s3 = await startTestS3();
  const env = {
    ...store.env,
    ...s3.env,
    FORM_SECRET,
    TRUST_PROXY: "1",
    HSTS: "1",
    CONTACT_RATE_LIMIT: String(RATE_LIMIT),
    FORM_MIN_FILL_SECONDS: "0",
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(smtp.port),
    MAIL_TO: "sales@example.com",
  };
  // At once, as systemd starts them: both bring the new database's schema up to date.
  await Promise.all(
    ["a", "b"].map(async (name) => {
      const dataDir = await mkdtemp(path.join(workDir, `instance-${name}-`));
      instances.push(await startSite({ buildDir, dataDir, env }));
    }),
  );
  proxy = await startNginx({
    nginx,
    dir: path.join(workDir, "nginx"),
    buildDir,
    instancePorts: instances.map((instance) => Number(new URL(instance.url).port)),
  });
  ca = proxy.ca;
}, 120_000);

afterAll(async () => {
  try {
    await proxy?.stop();
    await Promise.all(instances.map((instance) => instance.stop()));
    await smtp?.close();
    await s3?.stop();
  } finally {
    if (workDir) await rm(workDir, { recursive: true, force: true });
    await store?.remove();
  }
});

/** A request to the site as a visitor makes it: HTTPS through nginx. */
function visit(target: string, sending: Sending = {}): Promise<Answer> {
  return send({ scheme: "https", port: proxy.httpsPort, ca }, target, sending);
}

/** The same request straight to an instance, with the headers nginx would add. */
function straightToInstance(instance: SiteServer, target: string): Promise<Answer> {
  return send({ scheme: "http", port: Number(new URL(instance.url).port), host: siteHost }, target, {
    headers: { "X-Forwarded-For": "127.0.0.1", "X-Forwarded-Proto": "https" },
  });
}

/** The id nginx gave a request, which it sends back and passes on to Node, which sends it back too. */
function requestIdOf(answer: Answer): string | undefined {
  return answer.headers["x-request-id"] as string | undefined;
}

/**
 * Who answered a request, by its id: "-" for nginx itself, else the
 * instances it tried. nginx writes a request's line once it has answered, so
 * the line may come a moment after the answer.
 */
async function answeredBy(requestId: string | undefined): Promise<string | undefined> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const line = (await proxy.accessLog()).find((entry) => entry.requestId === requestId);
    if (line || Date.now() > deadline) return line?.upstream;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Headers that say how a response travelled rather than what it is; each side sets them its own way. */
const transportHeaders = new Set([
  "accept-ranges",
  "connection",
  "content-length",
  "date",
  "etag",
  "keep-alive",
  "last-modified",
  "server",
  "transfer-encoding",
  "vary",
  "x-request-id",
]);

function meaningfulHeaders(headers: http.IncomingHttpHeaders): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !transportHeaders.has(name))
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

describe("what nginx serves from the build itself", () => {
  test("every prerendered page: the same body and headers as Node sends for it, without asking Node", async () => {
    const pages = [...findPrerenderedPages(path.join(buildDir, "client")).keys()].filter(
      (page) => !page.startsWith(`${statusPagesPath}/`),
    );
    expect(pages.length).toBeGreaterThan(10);
    for (const page of pages) {
      const [viaNginx, fromNode] = await Promise.all([
        visit(page),
        straightToInstance(instances[0] as SiteServer, page),
      ]);
      expect({ page, status: viaNginx.status }).toEqual({ page, status: 200 });
      expect({ page, headers: meaningfulHeaders(viaNginx.headers) }).toEqual({
        page,
        headers: meaningfulHeaders(fromNode.headers),
      });
      expect(viaNginx.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
      expect(viaNginx.headers["x-request-id"]).toMatch(/^[0-9a-f]{32}$/);
      expect(viaNginx.body).toBe(fromNode.body);
      expect({ page, answeredBy: await answeredBy(requestIdOf(viaNginx)) }).toEqual({ page, answeredBy: "-" });
    }
  });

  test("hashed assets (a year, immutable) and other public files (an hour), with Node's headers", async () => {
    // Pages name no script until a visitor turns to an island, so one is taken from the build.
    const script = readdirSync(path.join(buildDir, "client", "assets")).find((file) => file.endsWith(".js"));
    expect(script).toBeDefined();
    const files = [`/assets/${script}`, "/favicon.svg", "/robots.txt", "/sitemap.xml", "/images/share.png"];
    for (const file of files) {
      const [viaNginx, fromNode] = await Promise.all([
        visit(file),
        straightToInstance(instances[0] as SiteServer, file),
      ]);
      expect({ file, status: viaNginx.status }).toEqual({ file, status: 200 });
      const { "content-type": nginxType, ...nginxHeaders } = meaningfulHeaders(viaNginx.headers);
      const { "content-type": nodeType, ...nodeHeaders } = meaningfulHeaders(fromNode.headers);
      expect({ file, headers: nginxHeaders }).toEqual({ file, headers: nodeHeaders });
      // The names differ at times (application/javascript against text/javascript); the kind does not.
      expect(String(nginxType).split("/")[1]?.split(";")[0]?.replace("javascript", "js")).toBe(
        String(nodeType).split("/")[1]?.split(";")[0]?.replace("javascript", "js"),
      );
      expect(viaNginx.body).toBe(fromNode.body);
      expect({ file, answeredBy: await answeredBy(requestIdOf(viaNginx)) }).toEqual({ file, answeredBy: "-" });
    }
    expect((await visit(`/assets/${script}`)).headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await visit("/favicon.svg")).headers["cache-control"]).toBe("public, max-age=3600");
  });

  test("pages, scripts and styles go out compressed to a browser that accepts it", async () => {
    for (const target of ["/about", "/no-script.css"]) {
      const answer = await visit(target, { headers: { "Accept-Encoding": "gzip" } });
      expect({ target, encoding: answer.headers["content-encoding"] }).toEqual({ target, encoding: "gzip" });
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
    }
  });
});

describe("what nginx passes to Node", () => {
  const cases: [target: string, status: number, location?: string][] = [
    ["/contact", 200],
    ["/contact?service=box", 200],
    ["/about?from=newsletter", 200],
    ["/privacy", 200],
    ["/healthz", 200],
    ["/readyz", 200],
    ["/about/", 301, "/about"],
    ["//about", 301, "/about"],
    ["/about/index.html", 301, "/about"],
    ["/index.html", 301, "/"],
    ["/services//cake", 301, "/services/cake"],
    // A spelling with escapes is sent to the one the router matches, before anything decides what it is.
    ["/%61bout", 301, "/about"],
    ["/%69nbox", 301, "/inbox"],
    // React Router matches addresses in any case; nginx's map does not, and leaves them to it.
    ["/About", 200],
    ["/no-such-page", 404],
    ["/assets/no-such-file.js", 404],
    [`${statusPagesPath}/not-found`, 404],
    [`${statusPagesPath}/not-found/index.html`, 301, `${statusPagesPath}/not-found`],
    ["/.env", 404],
    ["/inbox", 303],
  ];

  test.each(cases)("%s: %i from Node, with its own security headers", async (target, status, location) => {
    const answer = await visit(target);
    expect(answer.status).toBe(status);
    if (location !== undefined) expect(answer.headers.location).toBe(location);
    expect(answer.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    // Node saw HTTPS through the one proxy it trusts, so it sends HSTS itself, once.
    expect(answer.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    // Node sends back the id nginx gave the request, which leads to nginx's line for it.
    expect(await answeredBy(requestIdOf(answer))).toMatch(/^127\.0\.0\.1:\d+$/);
  });

  test("a form posted to a page's address goes to Node, not to the page's file", async () => {
    const answer = await visit("/about", {
      body: "name=x",
      headers: { Origin: `https://${siteHost}:${proxy.httpsPort}` },
    });
    expect(answer.status).not.toBe(200);
    expect(answer.status).toBeLessThan(500);
    expect(answer.headers["content-security-policy"]).toBeDefined();
  });
});

describe("plain HTTP", () => {
  test("is sent to the same address on HTTPS, on the site's own host name whatever the request says", async () => {
    const http = { scheme: "http" as const, port: proxy.httpPort, host: siteHost };
    for (const target of ["/about?from=print", "/contact", "//evil.example/x"]) {
      const answer = await send(http, target);
      expect(answer.status).toBe(301);
      expect(answer.headers.location).toBe(`https://${siteHost}${target}`);
    }
    const post = await send(http, "/contact", { body: "name=x" });
    expect(post.status).toBe(301);
    expect(post.headers.location).toBe(`https://${siteHost}/contact`);
  });

  test("a request for any other host name gets no answer at all", async () => {
    await expect(send({ scheme: "http", port: proxy.httpPort, host: "evil.example" }, "/about")).rejects.toThrow();
    await expect(
      send({ scheme: "https", port: proxy.httpsPort, ca }, "/about", { headers: { Host: "evil.example" } }),
    ).rejects.toThrow();
  });
});

/** The contact page's hidden fields (the form's signed token among them), as a browser would send them back. */
function hiddenFields(html: string): Record<string, string> {
  const form = /<form[^>]*method="post"[\s\S]*?<\/form>/i.exec(html)?.[0] ?? "";
  const fields: Record<string, string> = {};
  for (const [input] of form.matchAll(/<input\b[^>]*type="hidden"[^>]*>/gi)) {
    const name = /name="([^"]*)"/.exec(input)?.[1];
    const value = /value="([^"]*)"/.exec(input)?.[1];
    if (name !== undefined) fields[name] = (value ?? "").replaceAll("&amp;", "&").replaceAll("&quot;", '"');
  }
  return fields;
}

/** A visitor at one address: opens the contact page, fills it in, sends it. */
async function sendInquiryThroughProxy(from: string, sending: Sending = {}) {
  const page = await visit("/contact", { from });
  expect(page.status).toBe(200);
  const hidden = hiddenFields(page.body);
  expect(Object.keys(hidden)).toContain("form_token");
  const fields = goodFields();
  const answer = await visit("/contact", {
    from,
    ...sending,
    body: new URLSearchParams({ ...fields, ...hidden }).toString(),
    headers: { Origin: `https://${siteHost}:${proxy.httpsPort}`, ...sending.headers },
  });
  return { fields, answer, reference: /[?&]sent=(ENQ-\d{4}-\d+)/.exec(answer.headers.location ?? "")?.[1] };
}

describe("the contact form through nginx", () => {
  test("page, post, thank-you page, the inquiry stored once and its mail delivered", async () => {
    const { fields, answer, reference } = await sendInquiryThroughProxy("127.0.0.2");
    expect(answer.status).toBe(303);
    expect(reference).toBeDefined();
    expect(answer.headers.location).toMatch(/^\/contact\?/);

    const thanks = await visit(answer.headers.location as string, { from: "127.0.0.2" });
    expect(thanks.status).toBe(200);
    expect(thanks.body).toContain(reference);

    expect((await store.references()).filter((stored) => stored === reference)).toHaveLength(1);
    await expect
      .poll(() => smtp.mails.find((mail) => mail.header("subject")?.includes(reference as string)), { timeout: 20_000 })
      .toBeDefined();
    const company = smtp.mails.find((mail) => mail.header("subject") === `Inquiry ${reference}: ${fields.msg_subject}`);
    expect(company?.envelope.to).toEqual(["sales@example.com"]);
  });

  test("headers a visitor writes to pass for the proxy are replaced by nginx's own", async () => {
    // A forged X-Forwarded-Host that matches the forged Origin does not get a form from another site past Node.
    const crossSite = await sendInquiryThroughProxy("127.0.0.3", {
      headers: { Origin: "https://evil.example", "X-Forwarded-Host": "evil.example" },
    });
    expect(crossSite.answer.status).toBe(403);
    // Nor does X-Forwarded-Proto make Node believe in plain HTTP.
    const page = await visit("/contact", { headers: { "X-Forwarded-Proto": "http" } });
    expect(page.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });

  test("the rate limit counts the address nginx saw, across both instances, whatever X-Forwarded-For says", async () => {
    const from = "127.0.0.4";
    const hidden = hiddenFields((await visit("/contact", { from })).body);
    const answers: Answer[] = [];
    // Posts alone, one after another: nginx hands them to the instances in turn.
    for (let i = 0; i < RATE_LIMIT + 2; i++) {
      const forged = `198.51.100.${1 + Math.floor(Math.random() * 250)}, 203.0.113.${i + 1}`;
      answers.push(
        await visit("/contact", {
          from,
          body: new URLSearchParams({ ...goodFields(), ...hidden }).toString(),
          headers: { Origin: `https://${siteHost}:${proxy.httpsPort}`, "X-Forwarded-For": forged },
        }),
      );
    }
    expect(answers.map((answer) => answer.status)).toEqual([303, 303, 303, 429, 429]);
    // Both instances answered some of them: the count is the store's, not one instance's.
    const upstreams = await Promise.all(answers.map((answer) => answeredBy(requestIdOf(answer))));
    expect(new Set(upstreams).size).toBe(2);
  });
});

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
