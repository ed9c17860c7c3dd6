import type { Readable } from "node:stream";
import type { QuoteParticulars } from "../contact/quote-spec.ts";
import { holdsLease, queueJob } from "../jobs/job-queue.server.ts";
import type { RetryPolicy } from "../jobs/retry.ts";
import type { ClaimedJob, JobHandler } from "../jobs/runtime.server.ts";
import { type Database, placeholders, type Queries } from "../store/db.server.ts";
import type { ArtworkKind } from "../uploads/artwork-kinds.ts";
import type { ArtworkChecker, PreviewImage } from "./check-artwork.server.ts";
import type { ArtworkCheck, CheckOutcome } from "./report.ts";
import { artworkRequest, type RequestWords } from "./requested-size.ts";

/** The kind of job that checks one file; the name is also step 21's, which moved the waiting checks here. */
export const ARTWORK_CHECK = "artwork-check";

/** What a check's job carries: the file, and its inquiry's reference for the log. */
type CheckPayload = { uploadId: string; reference: string };

const payloadOf = (job: ClaimedJob) => job.payload as CheckPayload;

export type ArtworkChecks = ReturnType<typeof createArtworkChecks>;

/** What a file's check ends as once every attempt has failed for reasons of ours, not the file's. */
const givenUp: CheckOutcome = { previews: 0, noPreview: "the file could not be read for a preview", report: [], ms: 0 };

/**
 * What the checks of artwork files found, one per file sent with an inquiry,
 * and the preview images they made. Each check is a job of the runtime's
 * queue (artworkCheckJob), which claims, leases and retries it.
 * requestWords are the quote form's labels and lists, which a request's
 * specification keeps its answers in.
 */
export function createArtworkChecks(db: Database, requestWords: RequestWords) {
  return {
    /** The file a claimed check is about, with what its request asks of it; undefined once it is gone. */
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
        request: quote ? artworkRequest(quote.specification, requestWords) : undefined,
      };
    },

    /** Stores what a check found and its previews, in one transaction; false when the job's lease was lost meanwhile. */
    async finish(
      job: ClaimedJob,
      outcome: CheckOutcome,
      images: readonly PreviewImage[],
      now: number,
    ): Promise<boolean> {
      const { uploadId } = payloadOf(job);
      return db.transaction(async (tx) => {
        if (!(await holdsLease(tx, job))) return false;
        await tx.run("UPDATE artwork_checks SET state = 'done', outcome = ?, finished_at = ? WHERE upload_id = ?", [
          JSON.stringify(outcome),
          now,
          uploadId,
        ]);
        await tx.run("DELETE FROM artwork_previews WHERE upload_id = ?", [uploadId]);
        for (const [position, image] of images.entries()) {
          for (const size of ["large", "small"] as const) {
            await tx.run("INSERT INTO artwork_previews (upload_id, position, size, image) VALUES (?, ?, ?, ?)", [
              uploadId,
              position,
              size,
              image[size],
            ]);
          }
        }
        return true;
      });
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
  };
}

/** Queues a check of each file of a new inquiry, inside the transaction that stores it. */
export async function queueChecks(tx: Queries, inquiryId: number, now: number): Promise<void> {
  const files = await tx.all<{ id: string; reference: string }>(
    `SELECT uploads.id, inquiries.reference FROM uploads JOIN inquiries ON inquiries.id = uploads.inquiry_id
     WHERE uploads.inquiry_id = ? AND uploads.discarded_at IS NULL`,
    [inquiryId],
  );
  for (const file of files) {
    await tx.run("INSERT INTO artwork_checks (upload_id) VALUES (?)", [file.id]);
    const payload: CheckPayload = { uploadId: file.id, reference: file.reference };
    await queueJob(tx, { kind: ARTWORK_CHECK, onceKey: file.id, payload, at: now });
  }
}

/** Deletes the checks, their jobs and previews of these files: they go with the files' inquiry, before the bytes do. */
export async function forgetChecks(tx: Queries, uploadIds: readonly string[]): Promise<void> {
  if (uploadIds.length === 0) return;
  await tx.run(`DELETE FROM artwork_previews WHERE upload_id IN ${placeholders(uploadIds)}`, uploadIds);
  await tx.run(`DELETE FROM artwork_checks WHERE upload_id IN ${placeholders(uploadIds)}`, uploadIds);
  await tx.run(`DELETE FROM jobs WHERE kind = ? AND once_key IN ${placeholders(uploadIds)}`, [
    ARTWORK_CHECK,
    ...uploadIds,
  ]);
}

/**
 * Runs the check of one file as a job: one at a time in an instance (they are
 * heavy, and a server has few cores), never on a request's path. A failure of
 * ours (storage, disk, the store) is tried again by the runtime; once the last
 * attempt has failed, the file ends as "no preview". The file's own faults end
 * inside the checker as "no preview", and each check has the checker's one
 * time budget.
 */
export function artworkCheckJob(options: {
  checks: ArtworkChecks;
  checker: ArtworkChecker;
  read: (uploadId: string) => Promise<Readable>;
  log: Pick<Console, "info">;
  leaseMs?: number;
  retry?: RetryPolicy;
  now?: () => number;
}): JobHandler {
  const { checks, checker, read, log, now = Date.now } = options;
  return {
    label: (job) => `The artwork check of a file of ${payloadOf(job).reference}`,
    leaseMs: options.leaseMs ?? 15 * 60_000,
    retry: options.retry ?? { baseMs: 60_000, maxMs: 10 * 60_000, maxAttempts: 3 },
    concurrency: 1,
    async run(job, signal) {
      const { uploadId, reference } = payloadOf(job);
      const subject = await checks.subject(uploadId);
      // Its file went (erased, refused) while it waited: nothing to keep.
      if (!subject) return checks.drop(uploadId);
      const { outcome, images } = await checker.check(
        { kind: subject.kind, read: () => read(uploadId) },
        subject.request,
        signal,
      );
      // Cut short by a stop or a lost lease: not the file's doing, and not to be recorded.
      signal.throwIfAborted();
      if (!(await checks.finish(job, outcome, images, now()))) return;
      const problems = outcome.report.filter((line) => line.mark === "problem").length;
      log.info(
        `Artwork checked: a file of ${reference}, ${outcome.noPreview ? "no preview" : `${outcome.previews} preview(s)`}, ${problems} problem(s), ${outcome.ms} ms`,
      );
    },
    async failed(job) {
      await checks.finish(job, givenUp, [], now());
    },
  };
}
