import { describe, expect, test } from "vitest";
import { startMailCatcher } from "../integration/support/mail-catcher.ts";
import { freePort } from "../support/free-port.ts";
import type { SiteServer } from "../support/start-site.ts";
import { testPostgresUrl } from "../support/test-postgres.ts";
import {
  expectEachMailOnce,
  faultScene,
  inParallel,
  mailEnv,
  mailFigures,
  openSubmission,
  report,
  send,
  waitForQueueEmpty,
} from "./support/faults.ts";
import { readStored } from "./support/instances.ts";

// The mail server down, then up, and slow, against two instances on one database.
const scene = faultScene(testPostgresUrl);

describe("mail faults, with two instances on one PostgreSQL", () => {
  test("mail server down while 50 inquiries arrive, then up: all stored, every mail delivered once", async () => {
    const databaseUrl = await scene.freshDatabase();
    const smtpPort = await freePort();
    const [first, second] = (await scene.instances(2, databaseUrl, mailEnv(smtpPort))) as [SiteServer, SiteServer];

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

  test("a slow mail server (5 s per reply) does not slow the visitor's answer", async () => {
    const databaseUrl = await scene.freshDatabase();
    const catcher = await startMailCatcher({ replyDelayMs: 5_000 });
    try {
      const servers = await scene.instances(2, databaseUrl, { ...mailEnv(catcher.port), SMTP_TIMEOUT_SECONDS: "30" });
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
});
