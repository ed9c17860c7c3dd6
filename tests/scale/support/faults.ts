import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, expect } from "vitest";
import {
  goodFields,
  openForm,
  postContact,
  referenceOf,
  type VisitorFields,
} from "../../integration/support/contact-form.ts";
import type { CaughtMail } from "../../integration/support/mail-catcher.ts";
import type { SiteServer } from "../../support/start-site.ts";
import { throwawayPostgresDatabase } from "../../support/test-postgres.ts";
import { readStored, startInstances } from "./instances.ts";

// What the fault tests share: instances started on a database of their own, the
// visitors' forms, and counts of what the mail server received. Each test fails on
// any inquiry lost or stored twice and any mail lost or sent twice, and prints its figures.

/**
 * Databases and instances for one test file, on the PostgreSQL server `serverUrl`
 * names when asked (a file's own server may start after this is called); all are
 * stopped and dropped when the file ends.
 */
export function faultScene(serverUrl: () => string) {
  const running: SiteServer[] = [];
  const dropped: (() => Promise<void>)[] = [];
  afterAll(async () => {
    await Promise.all(running.map((server) => server.stop("SIGKILL")));
    await Promise.all(dropped.map((drop) => drop().catch(() => {})));
  });
  return {
    running,
    async freshDatabase(): Promise<string> {
      const database = await throwawayPostgresDatabase("faults", serverUrl());
      dropped.push(database.drop);
      return database.url;
    },
    async instances(count: number, databaseUrl: string, env: Record<string, string>): Promise<SiteServer[]> {
      const started = await startInstances(count, databaseUrl, env);
      running.push(...started);
      return started;
    },
  };
}

/** Mail settings for a queue that tries again quickly, so a test sees recovery in seconds. */
export function mailEnv(smtpPort: number): Record<string, string> {
  return {
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(smtpPort),
    SMTP_TIMEOUT_SECONDS: "2",
    SMTP_CONFIRM_TIMEOUT_SECONDS: "2",
    MAIL_RETRY_SECONDS: "0.2",
    MAIL_RETRY_MAX_SECONDS: "1",
    MAIL_MAX_ATTEMPTS: "100",
  };
}

export type Submission = { fields: VisitorFields; token: string };
export type Outcome = { status: number; reference?: string; body: string } | { error: string };

/** One visitor's form: opened on one instance, sent to another, as a proxy may route them. */
export async function openSubmission(opener: SiteServer): Promise<Submission> {
  return { fields: goodFields(), token: await openForm(opener.url) };
}

export async function send(server: SiteServer, submission: Submission): Promise<Outcome> {
  try {
    const response = await postContact(server.url, { ...submission.fields, form_token: submission.token });
    const reference = referenceOf(response);
    return { status: response.status, body: await response.text(), ...(reference ? { reference } : {}) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** Runs the tasks with at most `width` at a time. */
export async function inParallel<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const index = next++;
        results[index] = await (tasks[index] as () => Promise<T>)();
      }
    }),
  );
  return results;
}

/** Each mail the receiver got, counted by what it is: the company copy or the acknowledgement of a reference. */
function countMails(mails: readonly CaughtMail[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of mails) {
    const subject = mail.header("subject") ?? "";
    const reference = /ENQ-\d{4}-\d+/.exec(subject)?.[0] ?? "none";
    const kind = subject.startsWith("Inquiry ") ? "company" : "acknowledgement";
    const key = `${kind} ${reference}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** What the receiver got against what it should have: each mail of each reference once. */
export function mailFigures(mails: readonly CaughtMail[], references: readonly string[]) {
  const distinct = countMails(mails).size;
  return {
    "mails received": mails.length,
    duplicates: mails.length - distinct,
    lost: references.length * 2 - distinct,
  };
}

/** Both mails of every reference exactly once, and nothing else. */
export function expectEachMailOnce(mails: readonly CaughtMail[], references: readonly string[]) {
  const counts = countMails(mails);
  const expected = references.flatMap((reference) => [`company ${reference}`, `acknowledgement ${reference}`]);
  const missing = expected.filter((key) => !counts.has(key));
  const twice = [...counts].filter(([, count]) => count > 1).map(([key]) => key);
  const unexpected = [...counts.keys()].filter((key) => !expected.includes(key));
  expect({ missing, twice, unexpected }).toEqual({ missing: [], twice: [], unexpected: [] });
}

/** Waits until every mail in the database is sent, and then a little, so a late duplicate would show. */
export async function waitForQueueEmpty(databaseUrl: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { mails } = await readStored(databaseUrl);
    if (mails.every((row) => row.state === "sent")) break;
    if (Date.now() > deadline) throw new Error(`Mails still not sent: ${JSON.stringify(mails)}`);
    await sleep(250);
  }
  await sleep(1500);
}

export function report(name: string, figures: Record<string, number>) {
  console.info(
    `${name}: ${Object.entries(figures)
      .map(([key, value]) => `${key} ${value}`)
      .join(", ")}`,
  );
}
