import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import type { QuoteParticulars } from "../../site/lib/quote-schema.ts";
import { wakeWhenCommitted } from "../jobs/job-queue.server.ts";
import { errorText } from "../jobs/runtime.server.ts";
import { type Database, placeholders, type Queries } from "../store/db.server.ts";
import type { ArtworkKind } from "../uploads/artwork-kinds.ts";
import type { ArtworkChecker, PreviewImage } from "./check-artwork.server.ts";
import type { ArtworkCheck, CheckOutcome } from "./report.ts";
import { requestedSize } from "./requested-size.ts";

type ClaimedCheck = { uploadId: string; attempt: number; leaseToken: string };

/** Tries of a check that fails for a reason outside the file (storage out of reach, the store busy). */
const MAX_ATTEMPTS = 3;

export type ArtworkChecks = ReturnType<typeof createArtworkChecks>;

/** What a file's check ends as once every attempt has failed for reasons of ours, not the file's. */
const givenUp: CheckOutcome = { previews: 0, noPreview: "the file could not be read for a preview", report: [], ms: 0 };

/**
 * The queue of artwork checks, one per file sent with an inquiry, and the
 * preview images they made. Like the outbox: a check is run by whoever holds
 * its lease, and an attempt is counted when it starts, so a file that kills
 * its checker is not tried for ever.
 */
export function createArtworkChecks(db: Database) {
  const claimable = "state = 'pending' AND next_attempt_at <= :now AND (lease_until IS NULL OR lease_until <= :now)";
  const claim = `WITH due AS ${db.engine === "postgres" ? "MATERIALIZED" : ""} (
       SELECT upload_id FROM artwork_checks WHERE ${claimable}
       ORDER BY next_attempt_at, upload_id LIMIT 1 ${db.engine === "postgres" ? "FOR UPDATE SKIP LOCKED" : ""}
     )
     UPDATE artwork_checks SET attempts = attempts + 1, lease_token = :token, lease_until = :until
     WHERE ${claimable} AND upload_id IN (SELECT upload_id FROM due)
     RETURNING upload_id, attempts`;

  return {
    async claim(now: number, leaseMs: number): Promise<ClaimedCheck | undefined> {
      const leaseToken = randomUUID();
      const row = await db.get<{ upload_id: string; attempts: number }>(claim, {
        token: leaseToken,
        until: now + leaseMs,
        now,
      });
      return row && { uploadId: row.upload_id, attempt: Number(row.attempts), leaseToken };
    },

    /** The file a claimed check is about, with the size its request asks for; undefined once it is gone. */
    async subject(uploadId: string) {
      const row = await db.get<{ kind: ArtworkKind; reference: string; quote: string | null }>(
        `SELECT uploads.kind, inquiries.reference, inquiries.quote FROM uploads
         JOIN inquiries ON inquiries.id = uploads.inquiry_id
         WHERE uploads.id = ? AND uploads.discarded_at IS NULL`,
        [uploadId],
      );
      if (!row) return undefined;
      const quote = row.quote ? (JSON.parse(row.quote) as QuoteParticulars) : undefined;
      return {
        kind: row.kind,
        reference: row.reference,
        requested: quote ? requestedSize(quote.specification) : undefined,
      };
    },

    /** Stores what a check found and its previews, in one transaction; false when the lease was lost meanwhile. */
    async finish(
      check: ClaimedCheck,
      outcome: CheckOutcome,
      images: readonly PreviewImage[],
      now: number,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const updated = await tx.run(
          `UPDATE artwork_checks SET state = 'done', outcome = ?, finished_at = ?, lease_token = NULL, lease_until = NULL
           WHERE upload_id = ? AND lease_token = ?`,
          [JSON.stringify(outcome), now, check.uploadId, check.leaseToken],
        );
        if (updated === 0) return false;
        await tx.run("DELETE FROM artwork_previews WHERE upload_id = ?", [check.uploadId]);
        for (const [position, image] of images.entries()) {
          for (const size of ["large", "small"] as const) {
            await tx.run("INSERT INTO artwork_previews (upload_id, position, size, image) VALUES (?, ?, ?, ?)", [
              check.uploadId,
              position,
              size,
              image[size],
            ]);
          }
        }
        return true;
      });
    },

    /** Holds a check under way for another leaseMs; false when its lease was lost (taken by another, or done). */
    async renew(check: ClaimedCheck, until: number): Promise<boolean> {
      const updated = await db.run(
        "UPDATE artwork_checks SET lease_until = ? WHERE upload_id = ? AND lease_token = ? AND state = 'pending'",
        [until, check.uploadId, check.leaseToken],
      );
      return updated > 0;
    },

    async retryLater(check: ClaimedCheck, at: number): Promise<void> {
      await db.run(
        "UPDATE artwork_checks SET next_attempt_at = ?, lease_token = NULL, lease_until = NULL WHERE upload_id = ? AND lease_token = ?",
        [at, check.uploadId, check.leaseToken],
      );
    },

    /** A check whose file went (erased, refused) while it waited: nothing to keep. */
    async drop(uploadId: string): Promise<void> {
      await forgetChecks(db, [uploadId]);
    },

    /** The checks of these files, by file id; a file without one is not listed. */
    async of(uploadIds: readonly string[]): Promise<Map<string, ArtworkCheck>> {
      if (uploadIds.length === 0) return new Map();
      const rows = await db.all<{ upload_id: string; state: "pending" | "done"; outcome: string | null }>(
        `SELECT upload_id, state, outcome FROM artwork_checks WHERE upload_id IN ${placeholders(uploadIds)}`,
        uploadIds,
      );
      return new Map(
        rows.map((row) => [
          row.upload_id,
          row.state === "done" && row.outcome
            ? { state: "done", outcome: JSON.parse(row.outcome) as CheckOutcome }
            : { state: "pending" },
        ]),
      );
    },

    /**
     * For the inbox list: how many files each inquiry has, and the first one
     * with a preview, whose small image the list shows.
     */
    async listing(inquiryIds: readonly number[]): Promise<Map<number, { files: number; previewOf?: string }>> {
      const found = new Map<number, { files: number; previewOf?: string }>();
      if (inquiryIds.length === 0) return found;
      const rows = await db.all<{ inquiry_id: number | string; id: string; previewed: number | boolean }>(
        `SELECT uploads.inquiry_id, uploads.id,
           EXISTS (SELECT 1 FROM artwork_previews
                   WHERE upload_id = uploads.id AND position = 0 AND size = 'small') AS previewed
         FROM uploads WHERE inquiry_id IN ${placeholders(inquiryIds)} AND discarded_at IS NULL
         ORDER BY created_at, id`,
        inquiryIds,
      );
      for (const row of rows) {
        const entry = found.get(Number(row.inquiry_id)) ?? { files: 0 };
        entry.files++;
        if (!entry.previewOf && row.previewed) entry.previewOf = row.id;
        found.set(Number(row.inquiry_id), entry);
      }
      return found;
    },

    /** One preview image, as WebP bytes. */
    async image(uploadId: string, position: number, size: "large" | "small"): Promise<Buffer | undefined> {
      const row = await db.get<{ image: Uint8Array }>(
        "SELECT image FROM artwork_previews WHERE upload_id = ? AND position = ? AND size = ?",
        [uploadId, position, size],
      );
      return row && Buffer.from(row.image.buffer, row.image.byteOffset, row.image.byteLength);
    },

    async nextDueAt(): Promise<number | undefined> {
      const row = await db.get<{ due: number | string | null }>(
        `SELECT min(CASE WHEN coalesce(lease_until, 0) > next_attempt_at THEN lease_until ELSE next_attempt_at END) AS due
         FROM artwork_checks WHERE state = 'pending'`,
      );
      return row?.due == null ? undefined : Number(row.due);
    },
  };
}

/** Queues a check of each file of a new inquiry, inside the transaction that stores it. */
export async function queueChecks(tx: Queries, inquiryId: number, now: number): Promise<void> {
  await tx.run(
    `INSERT INTO artwork_checks (upload_id, next_attempt_at)
     SELECT id, ? FROM uploads WHERE inquiry_id = ? AND discarded_at IS NULL`,
    [now, inquiryId],
  );
  wakeWhenCommitted(tx);
}

/** Deletes the checks and previews of these files: they go with the files' inquiry, before the bytes do. */
export async function forgetChecks(tx: Queries, uploadIds: readonly string[]): Promise<void> {
  if (uploadIds.length === 0) return;
  await tx.run(`DELETE FROM artwork_previews WHERE upload_id IN ${placeholders(uploadIds)}`, uploadIds);
  await tx.run(`DELETE FROM artwork_checks WHERE upload_id IN ${placeholders(uploadIds)}`, uploadIds);
}

export type ArtworkCheckWorker = { notify(): void; stop(): Promise<void> };

/**
 * Runs the queued checks one at a time (they are heavy, and a server has
 * few cores), never on a request's path. Looks again when told something
 * was queued, and every idleMs for checks another instance queued.
 */
export function startArtworkCheckWorker(options: {
  checks: ArtworkChecks;
  checker: ArtworkChecker;
  read: (uploadId: string) => Promise<Readable>;
  log: Pick<Console, "info" | "warn" | "error">;
  leaseMs?: number;
  idleMs?: number;
  retryMs?: number;
  now?: () => number;
}): ArtworkCheckWorker {
  const {
    checks,
    checker,
    read,
    log,
    leaseMs = 15 * 60_000,
    idleMs = 30_000,
    retryMs = 60_000,
    now = Date.now,
  } = options;
  let stopped = false;
  const stopping = new AbortController();
  let running: Promise<void> | undefined;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function schedule(ms: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(wake, Math.max(0, ms));
    timer.unref();
  }

  function wake() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => log.warn(`Artwork checks are waiting for the database: ${errorText(error)}`))
      .then(async () => {
        const due = again ? now() : await checks.nextDueAt().catch(() => undefined);
        running = undefined;
        again = false;
        schedule(due === undefined ? idleMs : Math.min(idleMs, due - now()));
      });
  }

  async function drain() {
    while (!stopped) {
      const claimed = await checks.claim(now(), leaseMs);
      if (!claimed) return;
      await runOne(claimed);
    }
  }

  async function runOne(claimed: ClaimedCheck) {
    const subject = await checks.subject(claimed.uploadId);
    if (!subject) {
      await checks.drop(claimed.uploadId);
      return;
    }
    const label = `a file of ${subject.reference}`;
    if (claimed.attempt > MAX_ATTEMPTS) {
      // Each earlier attempt ended with its lease running out, not with an answer: the
      // file's check took its process down each time, or outlasted the lease. Not again.
      log.error(`Artwork check of ${label} never finished in ${MAX_ATTEMPTS} attempts: no preview.`);
      await checks.finish(claimed, givenUp, [], now());
      return;
    }
    // The lease is renewed while the check runs, so that a long one is not taken up again
    // by another instance; one whose lease was lost is stopped, its result no longer wanted.
    const lost = new AbortController();
    const renewing = setInterval(() => {
      checks.renew(claimed, now() + leaseMs).then(
        (held) => held || lost.abort(),
        (error: unknown) => log.warn(`Artwork check of ${label} could not renew its lease: ${errorText(error)}`),
      );
    }, leaseMs / 3);
    try {
      const { outcome, images } = await checker.check(
        { kind: subject.kind, read: () => read(claimed.uploadId) },
        subject.requested,
        AbortSignal.any([stopping.signal, lost.signal]),
      );
      // Cut short by a stop: not the file's doing. Its lease runs out and the next start checks it again.
      if (stopped || lost.signal.aborted) return;
      if (!(await checks.finish(claimed, outcome, images, now()))) return;
      const problems = outcome.report.filter((line) => line.mark === "problem").length;
      log.info(
        `Artwork checked: ${label}, ${outcome.noPreview ? "no preview" : `${outcome.previews} preview(s)`}, ${problems} problem(s), ${outcome.ms} ms`,
      );
    } catch (error) {
      if (stopped || lost.signal.aborted) return;
      // The file's own faults end inside the checker as "no preview"; what lands here is ours: storage, disk, store.
      if (claimed.attempt < MAX_ATTEMPTS) {
        log.warn(`Artwork check of ${label} failed, tried again later: ${errorText(error)}`);
        await checks.retryLater(claimed, now() + retryMs * claimed.attempt);
      } else {
        log.error(`Artwork check of ${label} failed ${claimed.attempt} times: ${errorText(error)}`);
        await checks.finish(claimed, givenUp, [], now());
      }
    } finally {
      clearInterval(renewing);
    }
  }

  schedule(0);
  return {
    notify: () => schedule(0),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      // A check under way is cut short; its lease runs out and another start takes it again.
      stopping.abort();
      await running;
    },
  };
}
