import { randomBytes, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterEach, describe, expect, test, vi } from "vitest";
import { quoteFormContent } from "../../../tests/support/area-words.ts";
import { openTestStore } from "../../../tests/support/test-store.ts";
import { createInquiryStore } from "../contact/inquiries.server.ts";
import type { QuoteParticulars } from "../contact/quote-spec.ts";
import { type ClaimedJob, createJobQueue } from "../jobs/job-queue.server.ts";
import { type JobRuntime, startJobRuntime } from "../jobs/runtime.server.ts";
import type { Database } from "../store/db.server.ts";
import type { ArtworkKind } from "../uploads/artwork-kinds.ts";
import {
  ARTWORK_CHECK,
  artworkCheckJob,
  createArtworkChecks,
  forgetChecks,
  queueChecks,
} from "./artwork-checks.server.ts";
import type { ArtworkChecker, CheckedFile, PreviewImage } from "./check-artwork.server.ts";
import type { CheckOutcome } from "./report.ts";
import type { RequestedSize } from "./requested-size.ts";

/** The quote form's words, which a request's specification is kept in. */
const quoteFormText = quoteFormContent.words;

const visitor = {
  name: "Asha Verma",
  email: "asha@example.in",
  phone: "+91 98765 43210",
  subject: "Flyers",
  message: "5,000 flyers, artwork attached.",
};

const T0 = 1_780_000_000_000;
const LEASE_MS = 60_000;

const opened: { remove(): Promise<void> }[] = [];

afterEach(async () => {
  for (const db of opened.splice(0)) await db.remove();
});

async function database() {
  const db = await openTestStore("artwork-checks");
  opened.push(db);
  return db;
}

/** An inquiry and its received files, the way the upload routes leave them: completed, kind known, linked. */
async function inquiryWithFiles(
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

async function queued(db: Database, kinds: readonly ArtworkKind[], options: { quote?: QuoteParticulars } = {}) {
  const inquiry = await inquiryWithFiles(db, kinds, options);
  await db.transaction((tx) => queueChecks(tx, inquiry.id, T0));
  return inquiry;
}

/** Each check's state, with its job's attempts and due time. */
async function checkRows(db: Database) {
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
function claimer(db: Database) {
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

const outcome: CheckOutcome = {
  previews: 1,
  report: [
    { mark: "fine", text: "1 page" },
    { mark: "problem", text: "No bleed: the artwork stops at the trim edge; ask for 3 mm bleed on every side" },
  ],
  ms: 12,
};

// Random bytes hold NULs and bytes that are not UTF-8, which a text column would mangle.
const image = (): PreviewImage => ({ large: randomBytes(4096), small: randomBytes(700) });

describe("the queue", () => {
  test("queueChecks adds one pending check for each file of the inquiry, and none for a discarded file", async () => {
    const db = await database();
    const other = await inquiryWithFiles(db, ["pdf"]);
    const inquiry = await inquiryWithFiles(db, ["svg", "pdf", "png", "zip"], { discarded: 1 });
    await db.transaction((tx) => queueChecks(tx, inquiry.id, T0));

    const expected = inquiry.files
      .slice(1)
      .map((uploadId) => ({ uploadId, state: "pending", attempts: 0, nextAttemptAt: T0 }))
      .sort((a, b) => a.uploadId.localeCompare(b.uploadId));
    expect(await checkRows(db)).toEqual(expected);
    expect((await checkRows(db)).map((row) => row.uploadId)).not.toContain(other.files[0]);
    const payloads = await db.all<{ payload: string }>("SELECT payload FROM jobs ORDER BY once_key");
    expect(payloads.map((row) => JSON.parse(row.payload))).toEqual(
      expected.map(({ uploadId }) => ({ uploadId, reference: inquiry.reference })),
    );
  });

  test("a check is queued once for a file, however often its inquiry's checks are queued", async () => {
    const db = await database();
    const inquiry = await queued(db, ["pdf"]);
    await db.run("DELETE FROM artwork_checks");
    await db.transaction((tx) => queueChecks(tx, inquiry.id, T0 + 1));
    expect(await db.get("SELECT count(*) AS n FROM jobs")).toEqual({ n: 1 });
  });

  test("a check goes to one claimer only, however many ask at once", async () => {
    const db = await database();
    const { files } = await queued(db, ["pdf", "png", "eps"]);
    const checks = claimer(db);
    const another = claimer(db);

    const claims = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? checks : another).claim(T0, LEASE_MS)),
    );
    const won = claims.filter((claim) => claim !== undefined);
    expect(won).toHaveLength(3);
    expect(new Set(won.map((claim) => claim.uploadId))).toEqual(new Set(files));
    for (const claim of won) expect(claim.attempt).toBe(1);
    expect(await checks.claim(T0, LEASE_MS)).toBeUndefined();
  });

  test("two claims at once for one check: one gets it, the other nothing", async () => {
    const db = await database();
    const { files } = await queued(db, ["pdf"]);
    const [first, second] = await Promise.all([claimer(db).claim(T0, LEASE_MS), claimer(db).claim(T0, LEASE_MS)]);
    const claims = [first, second];
    expect(claims.filter((claim) => claim === undefined)).toHaveLength(1);
    expect(claims.find((claim) => claim !== undefined)).toMatchObject({ uploadId: files[0], attempt: 1 });
  });

  test("a check is not claimed before it is due", async () => {
    const db = await database();
    await queued(db, ["pdf"]);
    const checks = claimer(db);
    expect(await checks.claim(T0 - 1, LEASE_MS)).toBeUndefined();
    expect(await checks.claim(T0, LEASE_MS)).toBeDefined();
  });

  test("a lease that ran out is claimed again, the attempt counted, and the first holder can no longer finish", async () => {
    const db = await database();
    const { files } = await queued(db, ["pdf"]);
    const checks = createArtworkChecks(db, quoteFormText);
    const jobs = claimer(db);
    const first = await jobs.claim(T0, 1000);
    expect(first).toMatchObject({ uploadId: files[0], attempt: 1 });
    expect(await jobs.claim(T0 + 999, 1000)).toBeUndefined();
    expect(await jobs.nextDueAt()).toBe(T0 + 1000);

    const second = await jobs.claim(T0 + 1000, 1000);
    expect(second).toMatchObject({ uploadId: files[0], attempt: 2 });
    expect(second?.leaseToken).not.toBe(first?.leaseToken);
    expect((await checkRows(db))[0]?.attempts).toBe(2);

    if (!first || !second) throw new Error("both claims were expected");
    expect(await checks.finish(first, outcome, [image()], T0 + 1500)).toBe(false);
    expect(await checks.of(files)).toEqual(new Map([[files[0], { state: "pending" }]]));
    expect(await checks.image(files[0] ?? "", 0, "large")).toBeUndefined();
    expect(await checks.finish(second, outcome, [], T0 + 1600)).toBe(true);
  });

  test("finish stores the outcome and every image byte for byte, once", async () => {
    const db = await database();
    const { files } = await queued(db, ["zip"]);
    const uploadId = files[0] ?? "";
    const checks = createArtworkChecks(db, quoteFormText);
    const jobs = claimer(db);
    const claimed = await jobs.claim(T0, LEASE_MS);
    if (!claimed) throw new Error("the check was not claimed");
    const images = [image(), image()];

    expect(await checks.finish(claimed, outcome, images, T0 + 10)).toBe(true);
    expect(await checks.of([uploadId])).toEqual(new Map([[uploadId, { state: "done", outcome }]]));
    for (const [position, made] of images.entries()) {
      for (const size of ["large", "small"] as const) {
        const stored = await checks.image(uploadId, position, size);
        expect(Buffer.isBuffer(stored)).toBe(true);
        expect(stored?.equals(made[size])).toBe(true);
      }
    }
    expect(await checks.image(uploadId, 2, "large")).toBeUndefined();

    // Done is done: neither claimed again nor finished a second time with the spent lease.
    expect(await jobs.queue.markDone(claimed, T0 + 10)).toBe(true);
    expect(await jobs.claim(T0 + 2 * LEASE_MS, LEASE_MS)).toBeUndefined();
    expect(await checks.finish(claimed, { ...outcome, ms: 99 }, [], T0 + 20)).toBe(false);
    expect((await checks.of([uploadId])).get(uploadId)).toEqual({ state: "done", outcome });
    expect((await checks.image(uploadId, 1, "small"))?.equals(images[1]?.small ?? Buffer.alloc(0))).toBe(true);
    expect(await jobs.nextDueAt()).toBeUndefined();
  });

  test("of() tells pending from done, and leaves out files without a check", async () => {
    const db = await database();
    const { files } = await queued(db, ["pdf", "png"]);
    const unchecked = (await inquiryWithFiles(db, ["svg"])).files[0] ?? "";
    const checks = createArtworkChecks(db, quoteFormText);
    const claimed = await claimer(db).claim(T0, LEASE_MS);
    if (!claimed) throw new Error("the check was not claimed");
    const noPreview: CheckOutcome = { previews: 0, noPreview: "the PDF has no pages", report: [], ms: 3 };
    await checks.finish(claimed, noPreview, [], T0 + 1);
    const pending = files.find((file) => file !== claimed.uploadId) ?? "";

    expect(await checks.of([...files, unchecked])).toEqual(
      new Map([
        [claimed.uploadId, { state: "done", outcome: noPreview }],
        [pending, { state: "pending" }],
      ]),
    );
    expect(await checks.of([])).toEqual(new Map());
  });

  test("a retry frees the check until the time given; a lost lease changes nothing", async () => {
    const db = await database();
    const { files } = await queued(db, ["eps"]);
    const checks = claimer(db);
    const first = await checks.claim(T0, 1000);
    if (!first) throw new Error("the check was not claimed");
    await checks.queue.markRetry(first, T0 + 5000, "the bucket is out of reach");
    expect(await checks.nextDueAt()).toBe(T0 + 5000);
    expect(await checks.claim(T0 + 4999, 1000)).toBeUndefined();

    const second = await checks.claim(T0 + 5000, 1000);
    expect(second).toMatchObject({ uploadId: files[0], attempt: 2 });
    // The first holder's late word must not free the second's lease.
    expect(await checks.queue.markRetry(first, T0 + 5001, "late")).toBe(false);
    expect(await checks.claim(T0 + 5500, 1000)).toBeUndefined();
    expect(await checks.nextDueAt()).toBe(T0 + 6000);
  });

  test("forgetChecks removes the checks and previews of the files named, and only those", async () => {
    const db = await database();
    const { files } = await queued(db, ["pdf", "png"]);
    const checks = createArtworkChecks(db, quoteFormText);
    const kept = image();
    for (let i = 0; i < 2; i++) {
      const claimed = await claimer(db).claim(T0, LEASE_MS);
      if (!claimed) throw new Error("the check was not claimed");
      await checks.finish(claimed, outcome, [claimed.uploadId === files[1] ? kept : image()], T0);
    }
    const [gone = "", stays = ""] = files;

    await db.transaction((tx) => forgetChecks(tx, [gone]));
    await forgetChecks(db, []);
    expect([...(await checks.of(files)).keys()]).toEqual([stays]);
    expect(await checks.image(gone, 0, "large")).toBeUndefined();
    expect(await checks.image(gone, 0, "small")).toBeUndefined();
    expect(await db.get("SELECT count(*) AS n FROM artwork_previews WHERE upload_id = ?", [gone])).toEqual({ n: 0 });
    expect((await checks.image(stays, 0, "large"))?.equals(kept.large)).toBe(true);
    expect(await db.all("SELECT once_key FROM jobs")).toEqual([{ once_key: stays }]);
  });

  test("subject() gives the file's kind, the inquiry's reference and the size its request asks for", async () => {
    const db = await database();
    const quote: QuoteParticulars = {
      specification: [[quoteFormText.size, "A5"]],
      quantities: [5000],
      neededBy: "",
      pinCode: "560001",
      company: "",
      gstin: "",
    };
    const { files, reference } = await queued(db, ["tiff"], { quote });
    const plain = await queued(db, ["svg"]);
    const checks = createArtworkChecks(db, quoteFormText);
    expect(await checks.subject(files[0] ?? "")).toEqual({
      kind: "tiff",
      reference,
      requested: { width: 148, height: 210, label: "A5 (148 × 210 mm)" },
    });
    expect(await checks.subject(plain.files[0] ?? "")).toEqual({
      kind: "svg",
      reference: plain.reference,
      requested: undefined,
    });
    await db.run("UPDATE uploads SET discarded_at = ? WHERE id = ?", [T0, files[0]]);
    expect(await checks.subject(files[0] ?? "")).toBeUndefined();
  });
});

type Call = { uploadBytes: string; kind: ArtworkKind; requested: RequestedSize | undefined; signal?: AbortSignal };

/** A checker that reads the file it is given, records the call, and answers what `answer` says. */
function fakeChecker(answer: (call: Call) => Promise<CheckedFile>) {
  const calls: Call[] = [];
  const checker: ArtworkChecker = {
    async check(file, requested, signal) {
      const call: Call = { uploadBytes: await text(await file.read()), kind: file.kind, requested, signal };
      calls.push(call);
      return answer(call);
    },
  };
  return { checker, calls };
}

function recordingLog() {
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

const bytesOf = (uploadId: string) => `the bytes of ${uploadId}`;
const read = async (uploadId: string) => Readable.from([Buffer.from(bytesOf(uploadId))]);
// PostgreSQL answers over the network; the worker's rounds take longer there.
const patience = { timeout: 15_000, interval: 20 };

describe("the inbox list", () => {
  test("counts each inquiry's files and names the first with a preview; none for an inquiry without files", async () => {
    const db = await database();
    const checks = createArtworkChecks(db, quoteFormText);
    const withFiles = await queued(db, ["zip", "pdf", "png"]);
    const without = await inquiryWithFiles(db, []);
    // The first file has only a large image (a ZIP entry's, say), the second its own small one, the third none yet.
    const preview = (upload: string | undefined, position: number, size: string) =>
      db.run("INSERT INTO artwork_previews (upload_id, position, size, image) VALUES (?, ?, ?, ?)", [
        upload,
        position,
        size,
        randomBytes(64),
      ]);
    await preview(withFiles.files[0], 1, "small");
    await preview(withFiles.files[0], 0, "large");
    await preview(withFiles.files[1], 0, "small");
    const listing = await checks.listing([withFiles.id, without.id]);
    expect(listing.get(withFiles.id)).toEqual({ files: 3, previewOf: withFiles.files[1] });
    expect(listing.get(without.id)).toBeUndefined();
    expect(await checks.listing([])).toEqual(new Map());
  });
});

/** An instance's job runtime with the check kind registered, as the site starts it, but quick to look. */
function runChecks(
  db: Database,
  options: {
    checker: ArtworkChecker;
    log?: ReturnType<typeof recordingLog>["log"];
    leaseMs?: number;
    stopGraceMs?: number;
  },
): JobRuntime {
  const log = options.log ?? recordingLog().log;
  const jobs = startJobRuntime({ db, log, idleMs: 50, stopGraceMs: options.stopGraceMs });
  const checks = createArtworkChecks(db, quoteFormText);
  const retry = { baseMs: 1, maxMs: 5, maxAttempts: 3 };
  const { checker, leaseMs } = options;
  jobs.register(ARTWORK_CHECK, artworkCheckJob({ checks, checker, read, log, retry, leaseMs }));
  return jobs;
}

describe("the checks as jobs of the runtime", () => {
  test("runs the queued checks and stores what the checker found", async () => {
    const db = await database();
    const quote: QuoteParticulars = {
      specification: [
        [quoteFormText.customWidth, "100"],
        [quoteFormText.customHeight, "150"],
      ],
      quantities: [1000],
      neededBy: "",
      pinCode: "560001",
      company: "",
      gstin: "",
    };
    const { files, reference } = await queued(db, ["pdf", "png"], { quote });
    const made = image();
    const { checker, calls } = fakeChecker(async () => ({ outcome, images: [made] }));
    const { log, lines } = recordingLog();
    const checks = createArtworkChecks(db, quoteFormText);
    const worker = runChecks(db, { checker, log });
    try {
      await vi.waitFor(async () => {
        const states = [...(await checks.of(files)).values()].map((check) => check.state);
        expect(states).toEqual(["done", "done"]);
      }, patience);
    } finally {
      await worker.stop();
    }

    expect(calls.map((call) => [call.kind, call.uploadBytes]).sort()).toEqual(
      [
        ["pdf", bytesOf(files[0] ?? "")],
        ["png", bytesOf(files[1] ?? "")],
      ].sort(),
    );
    for (const call of calls) expect(call.requested).toEqual({ width: 100, height: 150, label: "100 × 150 mm" });
    for (const file of files) {
      expect((await checks.of([file])).get(file)).toEqual({ state: "done", outcome });
      expect((await checks.image(file, 0, "small"))?.equals(made.small)).toBe(true);
    }
    expect(lines).toEqual([
      `info: Artwork checked: a file of ${reference}, 1 preview(s), 1 problem(s), 12 ms`,
      `info: Artwork checked: a file of ${reference}, 1 preview(s), 1 problem(s), 12 ms`,
    ]);
  });

  test("a check that outlasts its lease keeps it, renewed while it runs: another instance does not start it again", async () => {
    const db = await database();
    const { files } = await queued(db, ["pdf"]);
    // Long enough that a renewal (every third of it) held up a second by a loaded machine still comes in time.
    const leaseMs = 1500;
    let release = () => {};
    const { checker, calls } = fakeChecker(
      () =>
        new Promise<CheckedFile>((resolve) => {
          release = () => resolve({ outcome, images: [] });
        }),
    );
    const checks = createArtworkChecks(db, quoteFormText);
    const worker = runChecks(db, { checker, leaseMs });
    try {
      await vi.waitFor(() => expect(calls).toHaveLength(1), patience);
      // Three leases' time and more: each time another instance looks, the check is held.
      const started = Date.now();
      while (Date.now() - started < leaseMs * 3) {
        expect(await claimer(db).claim(Date.now(), leaseMs)).toBeUndefined();
        await new Promise((resolve) => setTimeout(resolve, leaseMs / 4));
      }
      release();
      await vi.waitFor(async () => expect((await checks.of(files)).get(files[0] ?? "")?.state).toBe("done"), patience);
      expect(calls).toHaveLength(1);
    } finally {
      release();
      await worker.stop();
    }
  }, 30_000);

  test("a check whose lease another instance took is stopped through its signal", async () => {
    const db = await database();
    await queued(db, ["pdf"]);
    const leaseMs = 300;
    const { checker, calls } = fakeChecker(
      (call) =>
        new Promise<CheckedFile>((_resolve, reject) => {
          call.signal?.addEventListener("abort", () => reject(new Error("aborted")), { once: true });
        }),
    );
    const worker = runChecks(db, { checker, leaseMs });
    try {
      await vi.waitFor(() => expect(calls).toHaveLength(1), patience);
      await db.run("UPDATE jobs SET lease_token = ?", [randomUUID()]);
      await vi.waitFor(() => expect(calls[0]?.signal?.aborted).toBe(true), patience);
    } finally {
      await worker.stop();
    }
  });

  test("a checker that keeps failing is tried three times, then the file ends as 'no preview'", async () => {
    const db = await database();
    const { files, reference } = await queued(db, ["pdf"]);
    const uploadId = files[0] ?? "";
    const { checker, calls } = fakeChecker(async () => {
      throw new Error("the bucket is out of reach");
    });
    const { log, lines } = recordingLog();
    const checks = createArtworkChecks(db, quoteFormText);
    const worker = runChecks(db, { checker, log });
    try {
      await vi.waitFor(async () => expect((await checks.of([uploadId])).get(uploadId)?.state).toBe("done"), patience);
    } finally {
      await worker.stop();
    }

    expect(calls).toHaveLength(3);
    expect((await checks.of([uploadId])).get(uploadId)).toEqual({
      state: "done",
      outcome: { previews: 0, noPreview: "the file could not be read for a preview", report: [], ms: 0 },
    });
    expect((await checkRows(db))[0]?.attempts).toBe(3);
    expect(await checks.image(uploadId, 0, "large")).toBeUndefined();
    expect(lines).toEqual([
      `warn: The artwork check of a file of ${reference} did not run, attempt 1 of 3: the bucket is out of reach. Tried again in 0 s.`,
      `warn: The artwork check of a file of ${reference} did not run, attempt 2 of 3: the bucket is out of reach. Tried again in 0 s.`,
      `error: The artwork check of a file of ${reference} FAILED after 3 attempt(s): the bucket is out of reach`,
    ]);
  });

  test("a check whose every attempt ended with its lease running out is not run again, and ends as 'no preview'", async () => {
    const db = await database();
    const { files, reference } = await queued(db, ["svg"]);
    const uploadId = files[0] ?? "";
    const checks = createArtworkChecks(db, quoteFormText);
    // Three claims whose holders never came back, as when the file's check brings its process down.
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await claimer(db).claim(T0 + attempt * 1000, 500))?.attempt).toBe(attempt);
    }
    const { checker, calls } = fakeChecker(async () => ({ outcome, images: [image()] }));
    const { log, lines } = recordingLog();
    const worker = runChecks(db, { checker, log });
    try {
      await vi.waitFor(async () => expect((await checks.of([uploadId])).get(uploadId)?.state).toBe("done"), patience);
    } finally {
      await worker.stop();
    }

    expect(calls).toHaveLength(0);
    expect((await checks.of([uploadId])).get(uploadId)).toEqual({
      state: "done",
      outcome: { previews: 0, noPreview: "the file could not be read for a preview", report: [], ms: 0 },
    });
    expect(lines).toEqual([
      `error: The artwork check of a file of ${reference} FAILED after 3 attempt(s): no attempt ended: each time its lease ran out`,
    ]);
    expect(await db.get("SELECT state, attempts FROM jobs")).toEqual({ state: "failed", attempts: 4 });
  });

  test("a check whose file was discarded while it waited is dropped, its file never read", async () => {
    const db = await database();
    const { files } = await queued(db, ["pdf", "svg"]);
    const [discarded = "", kept = ""] = files;
    await db.run("UPDATE uploads SET inquiry_id = NULL, discarded_at = ? WHERE id = ?", [T0, discarded]);
    const { checker, calls } = fakeChecker(async () => ({ outcome, images: [] }));
    const worker = runChecks(db, { checker });
    try {
      await vi.waitFor(async () => expect((await checkRows(db)).map((row) => row.state)).toEqual(["done"]), patience);
    } finally {
      await worker.stop();
    }
    expect((await checkRows(db)).map((row) => row.uploadId)).toEqual([kept]);
    expect(calls.map((call) => call.uploadBytes)).toEqual([bytesOf(kept)]);
  });

  test("stop() gives the check under way a moment, then aborts it; it stays queued for the next start", async () => {
    const db = await database();
    const { files } = await queued(db, ["eps"]);
    const uploadId = files[0] ?? "";
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    // Waits for the abort, or gives up after two seconds so that a worker that never aborts fails the test, not hangs it.
    const { checker, calls } = fakeChecker(async (call) => {
      started();
      await new Promise<void>((resolve) => {
        call.signal?.addEventListener("abort", () => resolve(), { once: true });
        setTimeout(resolve, 2000);
      });
      if (call.signal?.aborted) throw call.signal.reason;
      return { outcome, images: [image()] };
    });
    const checks = createArtworkChecks(db, quoteFormText);
    const worker = runChecks(db, { checker, stopGraceMs: 100 });
    await running;
    await worker.stop();

    expect(calls).toHaveLength(1);
    expect(calls[0]?.signal).toBeInstanceOf(AbortSignal);
    expect(calls[0]?.signal?.aborted).toBe(true);
    expect((await checks.of([uploadId])).get(uploadId)).toEqual({ state: "pending" });
  });
});
