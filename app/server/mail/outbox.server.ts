import { randomUUID } from "node:crypto";
import { type RetryPolicy, retryDelayMs } from "../jobs/retry.ts";
import { errorText, settlesWithin } from "../jobs/runtime.server.ts";
import type { StaffNotice, StaffNoticeKind } from "../staff/notices.server.ts";
import { BUSY_PATIENCE_MS, type Database, isBusy, placeholders, retryWhileBusy } from "../store/db.server.ts";
import type { MailKind, MailState } from "./mail-kinds.ts";

/** A mail about an inquiry: the company's copy or the visitor's acknowledgement. */
export type InquiryMail = {
  kind: MailKind;
  inquiryId: number;
  /** The inquiry's reference, for log lines. */
  reference: string;
};

/** A mail to a staff member about their own account. */
export type StaffNoticeMail = StaffNotice & {
  /** When the change was made, which the mail states: it may go out later. */
  queuedAt: number;
};

/** The quotation to the buyer (with its PDF), what the buyer answered, to the company, or the proforma for the advance, to the buyer. */
export type QuotationMailKind = "quotation" | "quotation-accepted" | "quotation-changes" | "proforma";
export type QuotationMail = { kind: QuotationMailKind; quotationId: number };

/** The daily list of inquiries waiting for a first reply, one per day (YYYY-MM-DD, India). */
export type DigestMail = { kind: "digest"; day: string };

/** A mail this worker holds the lease on, with the number of the attempt now being made. */
export type ClaimedMail = (InquiryMail | StaffNoticeMail | QuotationMail | DigestMail) & MailLease;

/** The row a sender holds, and the number of the attempt it is making. */
export type MailLease = { id: number; attempt: number; leaseToken: string };

type ClaimedRow = {
  id: number;
  inquiry_id: number | null;
  staff_id: number | null;
  quotation_id: number | string | null;
  kind: MailKind | StaffNoticeKind | QuotationMailKind | "digest";
  detail: string | null;
  queued_at: number | null;
  attempts: number;
};

export function isInquiryMail<T extends object>(mail: T): mail is T & InquiryMail {
  return "inquiryId" in mail;
}

export type Outbox = ReturnType<typeof createOutbox>;

/**
 * The queue of mails owed. A mail is sent by whoever holds its lease; the lease
 * runs out on its own, so a process that dies mid-send does not keep a mail
 * from being sent, and an attempt is counted when it starts, so a mail that
 * crashes the sender cannot be retried for ever.
 */
export function createOutbox(db: Database) {
  // The outer conditions are checked again on the row as it is when the update
  // reaches it, so two instances claiming at once never both take a mail; on
  // PostgreSQL, SKIP LOCKED lets the second pass over rows the first is taking.
  const claimable = "state = 'pending' AND next_attempt_at <= :now AND (lease_until IS NULL OR lease_until <= :now)";
  // The due mails are chosen once, before the update: PostgreSQL may run a
  // subquery inside IN again for each row, skipping the rows this update has
  // just taken, and so claim more than the limit.
  const claim = `WITH due AS ${db.engine === "postgres" ? "MATERIALIZED" : ""} (
       SELECT id FROM outbox WHERE ${claimable}
       ORDER BY next_attempt_at, id LIMIT :limit ${db.engine === "postgres" ? "FOR UPDATE SKIP LOCKED" : ""}
     )
     UPDATE outbox SET attempts = attempts + 1, lease_token = :token, lease_until = :until
     WHERE ${claimable} AND id IN (SELECT id FROM due)
     RETURNING id, inquiry_id, staff_id, quotation_id, kind, detail, queued_at, attempts`;
  const leased = "WHERE id = ? AND lease_token = ?";
  // Without a reference, every unconfirmed mail; with one, that inquiry's.
  const ofUnknown = `state = 'unknown'
    AND (CAST(:reference AS TEXT) IS NULL OR inquiry_id IN (SELECT id FROM inquiries WHERE reference = :reference))`;

  return {
    async claimDue(now: number, limit: number, leaseMs: number): Promise<ClaimedMail[]> {
      const leaseToken = randomUUID();
      const rows = await db.all<ClaimedRow>(claim, { token: leaseToken, until: now + leaseMs, now, limit });
      if (rows.length === 0) return [];
      const inquiryIds = rows.flatMap((row) => (row.inquiry_id === null ? [] : [row.inquiry_id]));
      const references = new Map(
        inquiryIds.length === 0
          ? []
          : (
              await db.all<{ id: number; reference: string }>(
                `SELECT id, reference FROM inquiries WHERE id IN ${placeholders(inquiryIds)}`,
                inquiryIds,
              )
            ).map((row) => [row.id, row.reference]),
      );
      const lease = (row: ClaimedRow) => ({ id: row.id, attempt: row.attempts, leaseToken });
      return rows.map((row): ClaimedMail => {
        if (row.quotation_id !== null) {
          return { ...lease(row), kind: row.kind as QuotationMailKind, quotationId: Number(row.quotation_id) };
        }
        if (row.kind === "digest") return { ...lease(row), kind: "digest", day: row.detail ?? "" };
        if (row.inquiry_id === null) {
          return {
            ...lease(row),
            kind: row.kind as StaffNoticeKind,
            staffId: Number(row.staff_id),
            detail: row.detail ?? "",
            queuedAt: Number(row.queued_at),
          };
        }
        return {
          ...lease(row),
          kind: row.kind as MailKind,
          inquiryId: row.inquiry_id,
          reference: references.get(row.inquiry_id) ?? `inquiry ${row.inquiry_id}`,
        };
      });
    },
    /** False when the lease was lost to another sender, which the log should show. */
    async markSent(mail: ClaimedMail, now: number): Promise<boolean> {
      const sql = `UPDATE outbox SET state = 'sent', sent_at = ?, last_error = NULL, lease_token = NULL, lease_until = NULL ${leased}`;
      return (await db.run(sql, [new Date(now).toISOString(), mail.id, mail.leaseToken])) > 0;
    },
    async markRetry(mail: ClaimedMail, nextAttemptAt: number, error: string): Promise<boolean> {
      const sql = `UPDATE outbox SET next_attempt_at = ?, last_error = ?, lease_token = NULL, lease_until = NULL ${leased}`;
      return (await db.run(sql, [nextAttemptAt, error, mail.id, mail.leaseToken])) > 0;
    },
    async markFailed(mail: ClaimedMail, error: string): Promise<boolean> {
      const sql = `UPDATE outbox SET state = 'failed', last_error = ?, lease_token = NULL, lease_until = NULL ${leased}`;
      return (await db.run(sql, [error, mail.id, mail.leaseToken])) > 0;
    },
    /** The whole message went out and no answer came: it may have arrived, so it waits for staff. */
    async markUnknown(mail: ClaimedMail, now: number, error: string): Promise<boolean> {
      const sql = `UPDATE outbox SET state = 'unknown', unconfirmed_at = ?, last_error = ?, lease_token = NULL, lease_until = NULL ${leased}`;
      return (await db.run(sql, [new Date(now).toISOString(), error, mail.id, mail.leaseToken])) > 0;
    },
    /** How many pending mails fell due before the given time and are still not sent: for /readyz. */
    async overdueCount(dueBefore: number): Promise<number> {
      const row = await db.get<{ overdue: number }>(
        "SELECT count(*) AS overdue FROM outbox WHERE state = 'pending' AND next_attempt_at < ?",
        [dueBefore],
      );
      return row?.overdue ?? 0;
    },
    /** When the next pending mail falls due (or its lease runs out), or undefined when none waits. */
    async nextDueAt(): Promise<number | undefined> {
      const row = await db.get<{ due: number | null }>(
        `SELECT min(CASE WHEN coalesce(lease_until, 0) > next_attempt_at THEN lease_until ELSE next_attempt_at END) AS due
         FROM outbox WHERE state = 'pending'`,
      );
      return row?.due ?? undefined;
    },
    /** How many notices to staff about their accounts are not sent, by state: for the command line's report. */
    async staffNoticesNotSent(): Promise<{ pending: number; failed: number; unknown: number }> {
      const rows = await db.all<{ state: MailState; count: number }>(
        "SELECT state, count(*) AS count FROM outbox WHERE staff_id IS NOT NULL AND state != 'sent' GROUP BY state",
      );
      const counts = { pending: 0, failed: 0, unknown: 0 };
      for (const row of rows) if (row.state !== "sent") counts[row.state] = Number(row.count);
      return counts;
    },
    /** Puts every failed mail back in the queue with fresh attempts; answers how many. */
    retryFailed(now: number): Promise<number> {
      return db.run(
        "UPDATE outbox SET state = 'pending', attempts = 0, next_attempt_at = ?, last_error = NULL WHERE state = 'failed'",
        [now],
      );
    },
    /**
     * Sends unconfirmed mails again, all or one inquiry's, once staff have found
     * they did not arrive; answers how many. The Message-ID stays the same.
     */
    resendUnknown(now: number, reference?: string): Promise<number> {
      return db.run(
        `UPDATE outbox SET state = 'pending', attempts = 0, next_attempt_at = :now, last_error = NULL, unconfirmed_at = NULL
         WHERE ${ofUnknown}`,
        { now, reference: reference ?? null },
      );
    },
    /** Records that an inquiry's unconfirmed mails did arrive, after staff checked; answers how many. */
    markUnknownSent(reference: string): Promise<number> {
      return db.run(
        `UPDATE outbox SET state = 'sent', sent_at = unconfirmed_at, last_error = NULL WHERE ${ofUnknown}`,
        {
          reference,
        },
      );
    },
  };
}

export type OutboxWorkerOptions = {
  outbox: Outbox;
  /**
   * Sends one mail; a rejection means it was not sent, unless isUnconfirmed says
   * otherwise. The signal is aborted when the worker stops: give up then.
   */
  send: (mail: ClaimedMail, signal: AbortSignal) => Promise<void>;
  /** A failure no retry can mend, such as a recipient the mail server refuses for good. */
  isPermanent?: (error: unknown, mail: ClaimedMail) => boolean;
  /** The whole message reached the mail server and no answer came back: it may have arrived. */
  isUnconfirmed?: (error: unknown) => boolean;
  label?: (mail: ClaimedMail) => string;
  retry: RetryPolicy;
  leaseMs: number;
  concurrency?: number;
  /** Looks at the queue at least this often, for mails put there by another process. */
  idleMs?: number;
  stopGraceMs?: number;
  /** How long taking due mails waits for a database another process holds locked, before trying later. */
  busyPatienceMs?: number;
  log?: Pick<Console, "info" | "warn" | "error">;
  now?: () => number;
  random?: () => number;
};

export type OutboxWorker = {
  /** Something was queued: look now rather than at the next timer. */
  notify(): void;
  /** Stops taking mails, waits (a while) for the ones being sent, then makes them give up. */
  stop(): Promise<void>;
};

/** How soon to look again when the database could not even say when the next mail is due. */
const BUSY_LOOK_AGAIN_MS = 1000;

/** Time for sends that were told to give up to record what became of them. */
const RECORD_AFTER_STOP_MS = 1000;

export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const {
    outbox,
    send,
    isPermanent = () => false,
    isUnconfirmed = () => false,
    label = (mail) => `mail ${mail.id}`,
    retry,
    leaseMs,
    concurrency = 4,
    idleMs = 30_000,
    stopGraceMs = 5_000,
    busyPatienceMs = BUSY_PATIENCE_MS,
    log = console,
    now = Date.now,
    random = Math.random,
  } = options;

  let stopped = false;
  const stopping = new AbortController();
  let running: Promise<void> | undefined;
  let wakeAgain = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function schedule(delayMs: number) {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(wake, Math.max(0, delayMs));
    timer.unref();
  }

  function wake() {
    timer = undefined;
    if (stopped) return;
    if (running) {
      wakeAgain = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => {
        if (stopped) return;
        if (isBusy(error))
          log.warn(`The mail queue is waiting for the database, which is busy or out of reach: ${errorText(error)}`);
        else log.error(`The mail queue could not be read: ${errorText(error)}`);
      })
      // Still "running" while it asks when to look next, so a notify meanwhile is not lost.
      .then(() => (wakeAgain ? 0 : nextWakeIn()))
      .then((delayMs) => {
        running = undefined;
        schedule(wakeAgain ? 0 : delayMs);
        wakeAgain = false;
      });
  }

  async function nextWakeIn(): Promise<number> {
    try {
      const due = await outbox.nextDueAt();
      return due === undefined ? idleMs : Math.min(idleMs, due - now());
    } catch {
      return Math.min(idleMs, BUSY_LOOK_AGAIN_MS);
    }
  }

  async function drain() {
    while (!stopped) {
      const batch = await retryWhileBusy(() => outbox.claimDue(now(), concurrency, leaseMs), {
        patienceMs: busyPatienceMs,
        signal: stopping.signal,
      });
      if (batch.length === 0) return;
      await Promise.all(batch.map(deliver));
    }
  }

  async function deliver(mail: ClaimedMail) {
    try {
      await send(mail, stopping.signal);
    } catch (error) {
      await recordFailure(mail, error);
      return;
    }
    const recorded = await record(mail, () => outbox.markSent(mail, now()));
    if (recorded === true) log.info(`Mail sent: ${label(mail)}`);
    else if (recorded === false) log.warn(`Mail sent, but its lease had run out meanwhile: ${label(mail)}`);
    else
      log.error(`Mail sent, but not recorded as sent: ${label(mail)}. It will go out again, with the same Message-ID.`);
  }

  async function recordFailure(mail: ClaimedMail, error: unknown) {
    const stored = errorText(error);
    // The stored reason goes with the inquiry when it is erased; the log stays, so it never names anyone.
    const reason = withoutAddresses(stored);
    if (isUnconfirmed(error)) {
      await record(mail, () => outbox.markUnknown(mail, now(), stored));
      log.error(
        `Mail NOT CONFIRMED: ${label(mail)}: ${reason}. It may have arrived, so it is not sent again by itself; ` +
          '"npm run inquiries" says how to check and resend it.',
      );
    } else if (isPermanent(error, mail) || mail.attempt >= retry.maxAttempts) {
      await record(mail, () => outbox.markFailed(mail, stored));
      log.error(
        `Mail FAILED: ${label(mail)}, after ${mail.attempt} ${mail.attempt === 1 ? "attempt" : "attempts"}: ${reason}. ` +
          "It stays stored; send it again with: npm run inquiries -- --retry-failed",
      );
    } else {
      const delay = retryDelayMs(mail.attempt, retry, random);
      await record(mail, () => outbox.markRetry(mail, now() + delay, stored));
      log.warn(
        `Mail not sent yet: ${label(mail)}, attempt ${mail.attempt} of ${retry.maxAttempts}: ${reason}. ` +
          `Next attempt in ${formatDelay(delay)}.`,
      );
    }
  }

  /**
   * Writes what became of a mail, waiting as long as the database stays locked:
   * a lost "sent" or "unknown" would send again a mail that has, or may have,
   * arrived. Gives up only when the worker is stopped; undefined then.
   */
  async function record(mail: ClaimedMail, write: () => Promise<boolean>): Promise<boolean | undefined> {
    try {
      return await retryWhileBusy(write, { patienceMs: Number.POSITIVE_INFINITY, signal: stopping.signal });
    } catch (error) {
      log.error(`What became of ${label(mail)} could not be recorded: ${errorText(error)}`);
      return undefined;
    }
  }

  schedule(0);

  return {
    notify() {
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (!running || (await settlesWithin(running, stopGraceMs))) return;
      // A send still waiting gives up now. One whose message already reached the
      // mail server is recorded as unconfirmed rather than sent again after the next start.
      stopping.abort();
      await settlesWithin(running, RECORD_AFTER_STOP_MS);
    },
  };
}

/**
 * A mail server's words with every e-mail address in them replaced: a refusal
 * such as "550 5.1.1 <asha@example.in>: Recipient address rejected" names the
 * visitor, and logs are kept outside erasure.
 */
export function withoutAddresses(text: string): string {
  return text.replace(/[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+/gu, "[address]");
}

function formatDelay(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  return `${Math.round(ms / 60_000)} min`;
}
