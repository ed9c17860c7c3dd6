import { randomBytes, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterEach } from "vitest";
import { createInquiryStore } from "../../app/server/contact/inquiries.server.ts";
import type { QuoteParticulars } from "../../app/server/contact/quote-spec.ts";
import { type ClaimedJob, createJobQueue } from "../../app/server/jobs/job-queue.server.ts";
import { ARTWORK_CHECK, queueChecks } from "../../app/server/previews/artwork-checks.server.ts";
import type { ArtworkChecker, CheckedFile, PreviewImage } from "../../app/server/previews/check-artwork.server.ts";
import type { CheckOutcome } from "../../app/server/previews/report.ts";
import type { ArtworkRequest, RequestWords } from "../../app/server/previews/requested-size.ts";
import type { Database } from "../../app/server/store/db.server.ts";
import type { ArtworkKind } from "../../app/server/uploads/artwork-kinds.ts";
import { quoteFormContent } from "./area-words.ts";
import { openTestStore } from "./test-store.ts";

/** The quote form's words, which a request's specification is kept in. */
export const quoteFormText = quoteFormContent.words;
/** The words and lists a check reads a request's specification in. */
export const requestWords: RequestWords = quoteFormContent;

export const visitor = {
  name: "Asha Verma",
  email: "asha@example.in",
  phone: "+91 98765 43210",
  subject: "Flyers",
  message: "5,000 flyers, artwork attached.",
};

export const T0 = 1_780_000_000_000;
export const LEASE_MS = 60_000;

export const opened: { remove(): Promise<void> }[] = [];

/** Removes the stores a test opened (database()), after each test. */
export function removeStoresAfterEach(): void {
  afterEach(async () => {
    for (const db of opened.splice(0)) await db.remove();
  });
}

export async function database() {
  const db = await openTestStore("artwork-checks");
  opened.push(db);
  return db;
}

/** An inquiry and its received files, the way the upload routes leave them: completed, kind known, linked. */
export async function inquiryWithFiles(
  db: Database,
  kinds: readonly ArtworkKind[],
  options: { quote?: QuoteParticulars; discarded?: number } = {},
) {
  const { reference } = await createInquiryStore(db).save({ ...visitor, quote: options.quote });
  const row = await db.get<{ id: number | string }>("SELECT id FROM inquiries WHERE reference = ?", [reference]);
  const id = Number(row?.id);
  const files: string[] = [];
  for (const [index, kind] of kinds.entries()) {
    const upload = randomUUID();
    const discarded = options.discarded !== undefined && index < options.discarded;
    await db.run(
      `INSERT INTO uploads (id, form_nonce, client_key, name, size, kind, sha256, created_at, completed_at, inquiry_id, discarded_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        upload,
        "form",
        "client",
        `file-${index}.${kind}`,
        1000,
        kind,
        "0".repeat(64),
        T0,
        T0,
        id,
        discarded ? T0 : null,
      ],
    );
    files.push(upload);
  }
  return { id, reference, files };
}

export async function queued(db: Database, kinds: readonly ArtworkKind[], options: { quote?: QuoteParticulars } = {}) {
  const inquiry = await inquiryWithFiles(db, kinds, options);
  await db.transaction((tx) => queueChecks(tx, inquiry.id, T0));
  return inquiry;
}

/** Each check's state, with its job's attempts and due time. */
export async function checkRows(db: Database) {
  const rows = await db.all<{ upload_id: string; state: string; attempts: number | string; next_attempt_at: unknown }>(
    `SELECT artwork_checks.upload_id, artwork_checks.state, jobs.attempts, jobs.next_attempt_at
     FROM artwork_checks JOIN jobs ON jobs.kind = ? AND jobs.once_key = artwork_checks.upload_id
     ORDER BY artwork_checks.upload_id`,
    [ARTWORK_CHECK],
  );
  return rows.map((row) => ({
    uploadId: row.upload_id,
    state: row.state,
    attempts: Number(row.attempts),
    nextAttemptAt: Number(row.next_attempt_at),
  }));
}

/** Claims checks as an instance's runtime does; the job's payload names the file. */
export function claimer(db: Database) {
  const queue = createJobQueue(db);
  return {
    queue,
    async claim(now: number, leaseMs: number): Promise<(ClaimedJob & { uploadId: string }) | undefined> {
      const [job] = await queue.claimDue([ARTWORK_CHECK], now, 1, () => leaseMs);
      return job && { ...job, uploadId: (job.payload as { uploadId: string }).uploadId };
    },
    nextDueAt: () => queue.nextDueAt([ARTWORK_CHECK]),
  };
}

export const outcome: CheckOutcome = {
  previews: 1,
  report: [
    { mark: "fine", text: "1 page" },
    { mark: "problem", text: "No bleed: the artwork stops at the trim edge; ask for 3 mm bleed on every side" },
  ],
  ms: 12,
};

// Random bytes hold NULs and bytes that are not UTF-8, which a text column would mangle.
export const image = (): PreviewImage => ({ large: randomBytes(4096), small: randomBytes(700) });

export type Call = {
  uploadBytes: string;
  kind: ArtworkKind;
  request: ArtworkRequest | undefined;
  signal?: AbortSignal;
};

/** A checker that reads the file it is given, records the call, and answers what `answer` says. */
export function fakeChecker(answer: (call: Call) => Promise<CheckedFile>) {
  const calls: Call[] = [];
  const checker: ArtworkChecker = {
    async check(file, request, signal) {
      const call: Call = { uploadBytes: await text(await file.read()), kind: file.kind, request, signal };
      calls.push(call);
      return answer(call);
    },
  };
  return { checker, calls };
}

export function recordingLog() {
  const lines: string[] = [];
  return {
    lines,
    log: {
      info: (line: string) => lines.push(`info: ${line}`),
      warn: (line: string) => lines.push(`warn: ${line}`),
      error: (line: string) => lines.push(`error: ${line}`),
    },
  };
}

export const bytesOf = (uploadId: string) => `the bytes of ${uploadId}`;
export const read = async (uploadId: string) => Readable.from([Buffer.from(bytesOf(uploadId))]);
// PostgreSQL answers over the network; the worker's rounds take longer there.
export const patience = { timeout: 15_000, interval: 20 };
