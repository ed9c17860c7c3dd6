import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, test, vi } from "vitest";
import { inboxWords } from "../../../tests/support/area-words.ts";
import { openTestStore } from "../../../tests/support/test-store.ts";
import { createInquiryStore } from "../contact/inquiries.server.ts";
import { everyMs, startJobRuntime } from "../jobs/runtime.server.ts";
import { createAuditLog } from "./audit.server.ts";
import { createInbox } from "./inbox.server.ts";
import { deleteExpiredInquiries, retentionJob } from "./retention.server.ts";

const visitor = {
  name: "Asha Verma",
  email: "asha@example.in",
  phone: "+91 98765 43210",
  subject: "Boxes",
  message: "2,000 boxes.",
};

const opened: { remove(): Promise<void> }[] = [];

afterEach(async () => {
  for (const db of opened.splice(0)) await db.remove();
});

async function database() {
  const db = await openTestStore("retention");
  opened.push(db);
  return db;
}

/**
 * Checks again, in real time, until the check passes: fake time starts a run,
 * but PostgreSQL's answers come over the network, which fake time does not hurry.
 */
async function answered(check: () => void, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(10);
    }
  }
}

const DAY = 24 * 60 * 60 * 1000;
const now = new Date("2026-06-01T00:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

describe("retention", () => {
  test("deletes inquiries past the retention and spam past 30 days, with their mails and notes", async () => {
    const db = await database();
    const store = createInquiryStore(db);
    const inbox = createInbox(db, inboxWords);
    const old = await store.save(visitor, { now: daysAgo(366) });
    const kept = await store.save(visitor, { now: daysAgo(364) });
    const oldSpam = await store.save(visitor, { now: daysAgo(31), spamReason: "Sent too fast" });
    const newSpam = await store.save(visitor, { now: daysAgo(29), spamReason: "Sent too fast" });
    const oldId = (await inbox.find(old.reference))?.id ?? 0;
    await inbox.addNote(oldId, "Quoted by phone.", { email: "meera@company.example", name: "Meera" });

    expect(await deleteExpiredInquiries(db, { retentionDays: 365 }, now)).toEqual({ expired: 1, spam: 1 });
    const left = (await db.all<{ reference: string }>("SELECT reference FROM inquiries ORDER BY id")).map(
      (row) => row.reference,
    );
    expect(left).toEqual([kept.reference, newSpam.reference]);
    expect(left).not.toContain(oldSpam.reference);
    expect(await db.get("SELECT count(*) AS n FROM outbox WHERE inquiry_id = ?", [oldId])).toEqual({ n: 0 });
    expect(await db.get("SELECT count(*) AS n FROM inquiry_notes")).toEqual({ n: 0 });
    expect((await createAuditLog(db).recent()).map((entry) => [entry.actor, entry.action, entry.detail])).toEqual([
      ["system", "deleted after retention", "1 spam inquiry older than 30 days"],
      ["system", "deleted after retention", "1 inquiry received more than 365 days ago"],
      ["meera@company.example", "note added", null],
    ]);
    // Run again: nothing more to do, nothing more recorded.
    expect(await deleteExpiredInquiries(db, { retentionDays: 365 }, now)).toEqual({ expired: 0, spam: 0 });
    expect(await createAuditLog(db).recent()).toHaveLength(3);
  });

  test("the job runs at once on a day no instance has run it, then each day, until stopped", async () => {
    const db = await database();
    let clock = now.getTime();
    await createInquiryStore(db).save(visitor, { now: daysAgo(800) });
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const jobs = startJobRuntime({ db, log, now: () => clock });
    const policy = { retentionDays: 730 };
    jobs.every("retention", everyMs(DAY), retentionJob({ db, policy, log, now: () => new Date(clock) }));
    try {
      await answered(() =>
        expect(log.info).toHaveBeenCalledWith(
          "Retention: deleted 1 inquiry older than 730 days and 0 spam inquiries older than 30 days.",
        ),
      );
      await createInquiryStore(db).save(visitor, { now: daysAgo(731) });
      // The same day again: nothing; the next day: its run.
      jobs.wake();
      await sleep(200);
      expect(log.info).toHaveBeenCalledTimes(1);
      clock += DAY;
      jobs.wake();
      await answered(() => expect(log.info).toHaveBeenCalledTimes(2));
    } finally {
      await jobs.stop();
    }
    await createInquiryStore(db).save(visitor, { now: daysAgo(731) });
    clock += 2 * DAY;
    jobs.wake();
    // Time for a run that should not have started to reach the database and log.
    await sleep(200);
    expect(log.info).toHaveBeenCalledTimes(2);
    expect(log.error).not.toHaveBeenCalled();
  });
});
