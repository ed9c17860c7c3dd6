import { mkdtemp, rm } from "node:fs/promises";
import type http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { openStore } from "../../../app/server/store/open-store.server.ts";
import { goodFields } from "../../integration/support/contact-form.ts";
import { type MailCatcher, startMailCatcher } from "../../integration/support/mail-catcher.ts";
import { startTestS3, type TestS3 } from "../../support/s3-server.ts";
import { type SiteServer, startSite } from "../../support/start-site.ts";
import { throwawayPostgresDatabase } from "../../support/test-postgres.ts";
import { type Answer, findNginx, type RunningNginx, type Sending, send, siteHost, startNginx } from "./nginx.ts";

// The deployment as docs/deploy.md describes it, for real: Debian's nginx with
// deploy/nginx/print-site.conf in front of two instances of the built server,
// which share one store.

export const buildDir = inject("siteBuildDir");
export const nginx = findNginx();

/** The same on every instance, as the deployment guide says: each must accept a form another one served. */
export const FORM_SECRET = "one-form-secret-for-every-instance-0123456789";

export type SharedStore = {
  /** The settings that point an instance at the store. */
  env: Record<string, string>;
  /** The references of every inquiry stored, as many times as each is stored. */
  references(): Promise<string[]>;
  remove(): Promise<void>;
};

// ─── The store both instances share: the one place that chooses it. ───
// A throwaway PostgreSQL database (DATABASE_URL), as several machines would share one.
export async function sharedStore(): Promise<SharedStore> {
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

export const RATE_LIMIT = 3;

export let workDir: string;
export let smtp: MailCatcher;
export let store: SharedStore;
export const instances: SiteServer[] = [];
export let proxy: RunningNginx;
export let ca: string;
/** The bucket both instances keep artwork files in. */
export let s3: TestS3;

/** Starts two instances on one PostgreSQL and one bucket, behind nginx, before the file's tests, and stops them after. */
export function startProxiedSite(): void {
  beforeAll(async () => {
    if (!nginx) {
      throw new Error(
        "nginx is not installed. Run scripts/ensure-nginx.sh (Debian's nginx package); npm test runs it.",
      );
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
}

/** A request to the site as a visitor makes it: HTTPS through nginx. */
export function visit(target: string, sending: Sending = {}): Promise<Answer> {
  return send({ scheme: "https", port: proxy.httpsPort, ca }, target, sending);
}

/** The same request straight to an instance, with the headers nginx would add. */
export function straightToInstance(
  instance: SiteServer,
  target: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return send({ scheme: "http", port: Number(new URL(instance.url).port), host: siteHost }, target, {
    headers: { "X-Forwarded-For": "127.0.0.1", "X-Forwarded-Proto": "https", ...headers },
  });
}

/** The id nginx gave a request, which it sends back and passes on to Node, which sends it back too. */
export function requestIdOf(answer: Answer): string | undefined {
  return answer.headers["x-request-id"] as string | undefined;
}

/**
 * Who answered a request, by its id: "-" for nginx itself, else the
 * instances it tried. nginx writes a request's line once it has answered, so
 * the line may come a moment after the answer.
 */
export async function answeredBy(requestId: string | undefined): Promise<string | undefined> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const line = (await proxy.accessLog()).find((entry) => entry.requestId === requestId);
    if (line || Date.now() > deadline) return line?.upstream;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Headers that say how a response travelled rather than what it is; each side sets them its own way. */
export const transportHeaders = new Set([
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

export function meaningfulHeaders(headers: http.IncomingHttpHeaders): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !transportHeaders.has(name))
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

/** The contact page's hidden fields (the form's signed token among them), as a browser would send them back. */
export function hiddenFields(html: string): Record<string, string> {
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
export async function sendInquiryThroughProxy(from: string, sending: Sending = {}) {
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
