import type { JobHandler } from "../jobs/runtime.server.ts";
import { type Database, retryWhileBusy } from "../store/db.server.ts";
import { recordAudit } from "./audit.server.ts";
import { deleteInquiries } from "./inbox.server.ts";
import { SPAM_KEPT_DAYS } from "./statuses.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export type RetentionPolicy = {
  /** An inquiry is deleted this many days after it was received (INQUIRY_RETENTION_DAYS). */
  retentionDays: number;
  /** Spam goes sooner. */
  spamDays?: number;
};

export type RetentionResult = { expired: number; spam: number };

/**
 * Deletes, with their mails and notes, every inquiry received more than
 * retentionDays ago and every spam received more than spamDays ago, and
 * records in the audit log how many went (no one's details). Notices to staff
 * about their accounts go after retentionDays too.
 */
export async function deleteExpiredInquiries(
  db: Database,
  policy: RetentionPolicy,
  now: Date,
): Promise<RetentionResult> {
  const spamDays = policy.spamDays ?? SPAM_KEPT_DAYS;
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  const result = await db.transaction(async (tx) => {
    const ids = async (query: string, cutoff: string) =>
      (await tx.all<{ id: number }>(query, [cutoff])).map((row) => row.id);
    const expired = await ids("SELECT id FROM inquiries WHERE received_at < ?", before(policy.retentionDays));
    const spam = (
      await ids("SELECT id FROM inquiries WHERE status = 'spam' AND received_at < ?", before(spamDays))
    ).filter((id) => !expired.includes(id));
    await deleteInquiries(tx, [...expired, ...spam]);
    // A staff member's notices about their account go after the same time, sent or not.
    await tx.run("DELETE FROM outbox WHERE staff_id IS NOT NULL AND queued_at < ?", [
      now.getTime() - policy.retentionDays * DAY_MS,
    ]);
    const audit = (detail: string) =>
      recordAudit(tx, { actor: "system", action: "deleted after retention", detail }, now);
    if (expired.length > 0) {
      await audit(`${count(expired.length)} received more than ${policy.retentionDays} days ago`);
    }
    if (spam.length > 0) await audit(`${count(spam.length, "spam")} older than ${spamDays} days`);
    return { expired: expired.length, spam: spam.length };
  });
  if (result.expired + result.spam > 0) await db.releaseDeletedPages();
  return result;
}

function count(n: number, what = "inquiry"): string {
  if (what === "spam") return `${n} spam ${n === 1 ? "inquiry" : "inquiries"}`;
  return `${n} ${n === 1 ? "inquiry" : "inquiries"}`;
}

type Log = Pick<Console, "info" | "error">;

/**
 * The daily clean-up, as a periodic kind of the job runtime (registered with
 * everyMs of a day, so one instance runs it each day, at once if none has).
 * It waits out a database another process holds locked, a little at a time;
 * the runtime tries again with backoff if it still cannot.
 */
export function retentionJob(options: {
  db: Database;
  policy: RetentionPolicy;
  log?: Log;
  /** Called after a run that deleted something: their files go from storage next. */
  afterDeleting?: () => void;
  now?: () => Date;
}): JobHandler {
  const { db, policy, log = console, now = () => new Date() } = options;
  return {
    label: () => "Retention: the daily clean-up",
    leaseMs: 5 * 60_000,
    retry: { baseMs: 60_000, maxMs: 60 * 60_000, maxAttempts: 5 },
    async run() {
      const result = await retryWhileBusy(() => deleteExpiredInquiries(db, policy, now()), { patienceMs: 60_000 });
      if (result.expired + result.spam === 0) return;
      options.afterDeleting?.();
      log.info(
        `Retention: deleted ${count(result.expired)} older than ${policy.retentionDays} days ` +
          `and ${count(result.spam, "spam")} older than ${policy.spamDays ?? SPAM_KEPT_DAYS} days.`,
      );
    },
  };
}
