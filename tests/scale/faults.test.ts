import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  goodFields,
  openForm,
  postContact,
  referenceOf,
  type VisitorFields,
} from "../integration/support/contact-form.ts";
import { type CaughtMail, startMailCatcher } from "../integration/support/mail-catcher.ts";
import { freePort } from "../support/free-port.ts";
import type { SiteServer } from "../support/start-site.ts";
import { throwawayPostgresDatabase } from "../support/test-postgres.ts";
import { readStored, startInstance, startInstances } from "./support/instances.ts";
import { type PrivatePostgres, startPrivatePostgres } from "./support/private-postgres.ts";

// Faults made on purpose against two instances on one PostgreSQL server of the
// test's own (so it can be restarted), with a real SMTP receiver. Each test fails
// on any inquiry lost or stored twice and any mail lost or sent twice, and prints
// its figures.

let postgres: PrivatePostgres;
const running: SiteServer[] = [];

beforeAll(async () => {
  postgres = await startPrivatePostgres();
});

afterAll(async () => {
  await Promise.all(running.map((server) => server.stop("SIGKILL")));
  await postgres?.remove();
});

async function freshDatabase(): Promise<string> {
  return (await throwawayPostgresDatabase("faults", postgres.url)).url;
}

async function instances(count: number, databaseUrl: string, env: Record<string, string>): Promise<SiteServer[]> {
  const started = await startInstances(count, databaseUrl, env);
  running.push(...started);
  return started;
}

/** Mail settings for a queue that tries again quickly, so a test sees recovery in seconds. */
function mailEnv(smtpPort: number): Record<string, string> {
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

type Submission = { fields: VisitorFields; token: string };
type Outcome = { status: number; reference?: string; body: string } | { error: string };

/** One visitor's form: opened on one instance, sent to another, as a proxy may route them. */
async function openSubmission(opener: SiteServer): Promise<Submission> {
  return { fields: goodFields(), token: await openForm(opener.url) };
}

async function send(server: SiteServer, submission: Submission): Promise<Outcome> {
  try {
    const response = await postContact(server.url, { ...submission.fields, form_token: submission.token });
    const reference = referenceOf(response);
    return { status: response.status, body: await response.text(), ...(reference ? { reference } : {}) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** Runs the tasks with at most `width` at a time. */
async function inParallel<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
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
function mailFigures(mails: readonly CaughtMail[], references: readonly string[]) {
  const distinct = countMails(mails).size;
  return {
    "mails received": mails.length,
    duplicates: mails.length - distinct,
    lost: references.length * 2 - distinct,
  };
}

/** Both mails of every reference exactly once, and nothing else. */
function expectEachMailOnce(mails: readonly CaughtMail[], references: readonly string[]) {
  const counts = countMails(mails);
  const expected = references.flatMap((reference) => [`company ${reference}`, `acknowledgement ${reference}`]);
  const missing = expected.filter((key) => !counts.has(key));
  const twice = [...counts].filter(([, count]) => count > 1).map(([key]) => key);
  const unexpected = [...counts.keys()].filter((key) => !expected.includes(key));
  expect({ missing, twice, unexpected }).toEqual({ missing: [], twice: [], unexpected: [] });
}

/** Waits until every mail in the database is sent, and then a little, so a late duplicate would show. */
async function waitForQueueEmpty(databaseUrl: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { mails } = await readStored(databaseUrl);
    if (mails.every((row) => row.state === "sent")) break;
    if (Date.now() > deadline) throw new Error(`Mails still not sent: ${JSON.stringify(mails)}`);
    await sleep(250);
  }
  await sleep(1500);
}

function report(name: string, figures: Record<string, number>) {
  console.info(
    `${name}: ${Object.entries(figures)
      .map(([key, value]) => `${key} ${value}`)
      .join(", ")}`,
  );
}

describe("faults, with two instances on one PostgreSQL", () => {
  test("mail server down while 50 inquiries arrive, then up: all stored, every mail delivered once", async () => {
    const databaseUrl = await freshDatabase();
    const smtpPort = await freePort();
    const [first, second] = (await instances(2, databaseUrl, mailEnv(smtpPort))) as [SiteServer, SiteServer];

    const submissions = await Promise.all(Array.from({ length: 50 }, (_, i) => openSubmission(i % 2 ? first : second)));
    const outcomes = await inParallel(
      submissions.map((submission, i) => () => send(i % 2 ? second : first, submission)),
      10,
    );
    const references = outcomes.flatMap((outcome) =>
      "reference" in outcome && outcome.reference ? [outcome.reference] : [],
    );
    expect(references).toHaveLength(50);

    const stored = await readStored(databaseUrl);
    expect(stored.references.toSorted()).toEqual(references.toSorted());
    expect(stored.mails.find((row) => row.state === "sent")).toBeUndefined();

    const catcher = await startMailCatcher({ port: smtpPort });
    try {
      await catcher.waitForMails(100, 60_000);
      await waitForQueueEmpty(databaseUrl, 30_000);
      expectEachMailOnce(catcher.mails, references);
      report("SMTP down, then up", {
        "inquiries sent": 50,
        stored: stored.references.length,
        ...mailFigures(catcher.mails, references),
      });
    } finally {
      await catcher.close();
    }
  });

  test("one of two instances killed (SIGKILL) while 200 submissions are in flight: none lost, none twice", async () => {
    const databaseUrl = await freshDatabase();
    const smtpPort = await freePort();
    const env = mailEnv(smtpPort);
    const [doomed, survivor] = (await instances(2, databaseUrl, env)) as [SiteServer, SiteServer];

    const submissions = await Promise.all(Array.from({ length: 200 }, () => openSubmission(survivor)));
    let answered = 0;
    const killed = (async () => {
      while (answered < 50) await sleep(5);
      process.kill(doomed.pid, "SIGKILL");
    })();
    const outcomes = await inParallel(
      submissions.map((submission, i) => async () => {
        const outcome = await send(i % 2 ? survivor : doomed, submission);
        answered += 1;
        return outcome;
      }),
      20,
    );
    await killed;

    const acknowledged = outcomes.flatMap((outcome) =>
      "reference" in outcome && outcome.reference ? [outcome.reference] : [],
    );
    const unanswered = outcomes.filter((outcome) => "error" in outcome || outcome.status !== 303).length;
    expect(unanswered).toBeGreaterThan(0);
    expect(outcomes.every((outcome) => "error" in outcome || outcome.status === 303)).toBe(true);

    // Every 303 is stored, once.
    const afterKill = await readStored(databaseUrl);
    expect(afterKill.references).toEqual(expect.arrayContaining(acknowledged));
    expect(afterKill.duplicateSubmissions).toBe(0);
    expect(new Set(afterKill.references).size).toBe(afterKill.references.length);

    // The visitors who saw no answer send again, to the instance still up: a form
    // already stored gives back its reference instead of a second inquiry.
    const resent = await inParallel(
      submissions.flatMap((submission, i) => {
        const outcome = outcomes[i];
        return outcome && ("error" in outcome || outcome.status !== 303) ? [() => send(survivor, submission)] : [];
      }),
      10,
    );
    expect(resent.map((outcome) => ("error" in outcome ? outcome.error : outcome.status))).toEqual(
      resent.map(() => 303),
    );
    const stored = await readStored(databaseUrl);
    expect(stored.references).toHaveLength(200);
    expect(stored.duplicateSubmissions).toBe(0);

    // Recovery: the killed instance comes back; the mail server comes up. A mail the
    // killed instance had claimed waits for its lease to run out, then goes once.
    running.push(await startInstance(databaseUrl, env));
    const catcher = await startMailCatcher({ port: smtpPort });
    try {
      await catcher.waitForMails(400, 90_000);
      await waitForQueueEmpty(databaseUrl, 60_000);
      expectEachMailOnce(catcher.mails, stored.references);
      report("SIGKILL under load", {
        submissions: 200,
        "answered 303 before the kill": acknowledged.length,
        "unanswered, then sent again": resent.length,
        stored: stored.references.length,
        ...mailFigures(catcher.mails, stored.references),
      });
    } finally {
      await catcher.close();
    }
  });

  test("a slow mail server (5 s per reply) does not slow the visitor's answer", async () => {
    const databaseUrl = await freshDatabase();
    const catcher = await startMailCatcher({ replyDelayMs: 5_000 });
    try {
      const servers = await instances(2, databaseUrl, { ...mailEnv(catcher.port), SMTP_TIMEOUT_SECONDS: "30" });
      const outcomes = await Promise.all(
        Array.from({ length: 2 }, async (_, i) => {
          const server = servers[i % 2] as SiteServer;
          return send(server, await openSubmission(server));
        }),
      );
      // Every visitor has their answer while the mail server has not yet said hello.
      expect(outcomes.map((outcome) => ("error" in outcome ? outcome.error : outcome.status))).toEqual([303, 303]);
      expect(catcher.mails).toHaveLength(0);
      const references = outcomes.flatMap((outcome) =>
        "reference" in outcome && outcome.reference ? [outcome.reference] : [],
      );
      await catcher.waitForMails(4, 90_000);
      await waitForQueueEmpty(databaseUrl, 30_000);
      expectEachMailOnce(catcher.mails, references);
      report("slow SMTP", {
        "inquiries sent": 2,
        "answered 303": references.length,
        "mails received": catcher.mails.length,
      });
    } finally {
      await catcher.close();
    }
  });

  test("PostgreSQL restarted under load: a clear 503 with the form kept during the gap, then recovery", async () => {
    const databaseUrl = await freshDatabase();
    const servers = await instances(2, databaseUrl, {});
    const attempts: { server: SiteServer; submission: Submission; outcome: Outcome }[] = [];
    let stopLoad = false;

    const load = Promise.all(
      Array.from({ length: 6 }, async (_, worker) => {
        for (let i = 0; !stopLoad && attempts.length < 2000; i++) {
          const server = servers[(worker + i) % 2] as SiteServer;
          const submission = await openSubmission(server);
          attempts.push({ server, submission, outcome: await send(server, submission) });
        }
      }),
    );
    await sleep(1000);
    await postgres.stop();
    await sleep(1000);
    // Staff opening the inbox meanwhile (with a session cookie the store must look
    // up) get the branded page with a 503 and a time to come back, not a 500.
    const inbox = await fetch(`${servers[0]?.url}/inbox`, {
      headers: { Cookie: `staff-session=${"a".repeat(43)}` },
      redirect: "manual",
    });
    const inboxPage = await inbox.text();
    await sleep(2000);
    await postgres.start();
    await sleep(3000);
    stopLoad = true;
    await load;

    const byStatus = new Map<string, number>();
    for (const { outcome } of attempts) {
      const key = "error" in outcome ? "connection error" : String(outcome.status);
      byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
    }
    // Nothing but taken (303) or "try again" (503); never a 500, never a dropped connection.
    expect([...byStatus.keys()].toSorted()).toEqual(["303", "503"]);
    const refused = attempts.filter(({ outcome }) => "status" in outcome && outcome.status === 503);
    for (const { submission, outcome } of refused) {
      // The contact page, in the site's frame, saying what happened, with what they typed.
      const body = "body" in outcome ? outcome.body : "";
      expect(body).toContain("<main");
      expect(body).toMatch(/Please try again in a minute/);
      expect(body).toContain(submission.fields.name);
    }

    expect(inbox.status).toBe(503);
    expect(inbox.headers.get("retry-after")).toBe("30");
    expect(inboxPage).toContain("Error 503");
    expect(inboxPage).toContain("<main");

    // Both instances are ready again without a restart of their own.
    for (const server of servers) {
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    }

    // Each refused visitor sends again and is taken; every 303 is stored once.
    const retried = await inParallel(
      refused.map(
        ({ server, submission }) =>
          () =>
            send(server, submission),
      ),
      6,
    );
    expect(retried.map((outcome) => ("status" in outcome ? outcome.status : outcome.error))).toEqual(
      retried.map(() => 303),
    );
    const stored = await readStored(databaseUrl);
    expect(stored.references).toHaveLength(attempts.length);
    expect(stored.duplicateSubmissions).toBe(0);
    report("PostgreSQL restarted", {
      submissions: attempts.length,
      "answered 303": byStatus.get("303") ?? 0,
      "503 during the gap": refused.length,
      "answered 500": byStatus.get("500") ?? 0,
      stored: stored.references.length,
      lost: attempts.length - stored.references.length,
    });
  });
});
