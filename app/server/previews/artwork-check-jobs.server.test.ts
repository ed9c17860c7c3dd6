import { randomUUID } from "node:crypto";
import { describe, expect, test, vi } from "vitest";
import {
  bytesOf,
  checkRows,
  claimer,
  database,
  fakeChecker,
  image,
  outcome,
  patience,
  queued,
  quoteFormText,
  read,
  recordingLog,
  removeStoresAfterEach,
  requestWords,
  T0,
} from "../../../tests/support/artwork-check-store.ts";
import type { QuoteParticulars } from "../contact/quote-spec.ts";
import { type JobRuntime, startJobRuntime } from "../jobs/runtime.server.ts";
import type { Database } from "../store/db.server.ts";
import { ARTWORK_CHECK, artworkCheckJob, createArtworkChecks } from "./artwork-checks.server.ts";
import type { ArtworkChecker, CheckedFile } from "./check-artwork.server.ts";

removeStoresAfterEach();

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
  const checks = createArtworkChecks(db, requestWords);
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
    const checks = createArtworkChecks(db, requestWords);
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
    for (const call of calls)
      expect(call.request).toEqual({ size: { width: 100, height: 150, label: "100 × 150 mm" } });
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
    const checks = createArtworkChecks(db, requestWords);
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
    const checks = createArtworkChecks(db, requestWords);
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
    const checks = createArtworkChecks(db, requestWords);
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
    const checks = createArtworkChecks(db, requestWords);
    const worker = runChecks(db, { checker, stopGraceMs: 100 });
    await running;
    await worker.stop();

    expect(calls).toHaveLength(1);
    expect(calls[0]?.signal).toBeInstanceOf(AbortSignal);
    expect(calls[0]?.signal?.aborted).toBe(true);
    expect((await checks.of([uploadId])).get(uploadId)).toEqual({ state: "pending" });
  });
});
