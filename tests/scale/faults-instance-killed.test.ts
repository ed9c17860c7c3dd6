import { setTimeout as sleep } from "node:timers/promises";
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
import { readStored, startInstance } from "./support/instances.ts";

// An instance killed mid-request; on a file of its own, as most of it is the wait
// for the killed instance's lease on a mail to run out.
const scene = faultScene(testPostgresUrl);

describe("an instance killed, with two instances on one PostgreSQL", () => {
  test("one of two instances killed (SIGKILL) while 200 submissions are in flight: none lost, none twice", async () => {
    const databaseUrl = await scene.freshDatabase();
    const smtpPort = await freePort();
    const env = mailEnv(smtpPort);
    const [doomed, survivor] = (await scene.instances(2, databaseUrl, env)) as [SiteServer, SiteServer];

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
    scene.running.push(await startInstance(databaseUrl, env));
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
});
