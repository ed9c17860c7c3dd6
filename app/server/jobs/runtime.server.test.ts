import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, test, vi } from "vitest";
import { newTestStoreLocation, openTestStore, testEngine } from "../../../tests/support/test-store.ts";
import type { Database } from "../store/db.server.ts";
import { openStore } from "../store/open-store.server.ts";
import { createJobQueue, onQueued, queueJob } from "./job-queue.server.ts";
import { type ClaimedJob, type JobHandler, type JobRuntime, startJobRuntime } from "./runtime.server.ts";

const cleanUps: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
});

async function database() {
  const db = await openTestStore("jobs");
  cleanUps.push(() => db.remove());
  return db;
}

/** A runtime that looks at the queue by itself only once a minute: anything sooner was woken. */
function runtime(db: Database, options: { now?: () => number } = {}): JobRuntime {
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const jobs = startJobRuntime({ db, log, idleMs: 60_000, ...options });
  cleanUps.push(() => jobs.stop());
  return jobs;
}

function handler(
  run: (job: ClaimedJob) => Promise<void>,
  retry = { baseMs: 50, maxMs: 200, maxAttempts: 3 },
): JobHandler {
  return { run, label: (job) => `job ${job.id}`, leaseMs: 60_000, retry };
}

async function eventually(check: () => void | Promise<void>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(20);
    }
  }
}

describe("the job runtime", () => {
  test("a kind no migration names runs, woken when the transaction that queued it commits, with no notify", async () => {
    const db = await database();
    const ran: unknown[] = [];
    const jobs = runtime(db);
    jobs.register(
      "a-kind-added-today",
      handler(async (job) => void ran.push(job.payload)),
    );
    // Let the first look find nothing, so that only the commit can wake it before a minute.
    await sleep(300);
    const started = Date.now();
    await db.transaction((tx) => queueJob(tx, { kind: "a-kind-added-today", payload: { n: 1 }, at: Date.now() }));
    await eventually(() => expect(ran).toEqual([{ n: 1 }]));
    expect(Date.now() - started).toBeLessThan(10_000);
    await eventually(async () =>
      expect(await db.get("SELECT state, attempts FROM jobs")).toEqual({ state: "done", attempts: 1 }),
    );
  });

  test("a job queued in a transaction that rolls back never runs and wakes nothing", async () => {
    const db = await database();
    let wakes = 0;
    const stopListening = onQueued(() => wakes++);
    cleanUps.push(async () => stopListening());
    const ran: unknown[] = [];
    runtime(db).register(
      "rolled-back",
      handler(async (job) => void ran.push(job.id)),
    );
    await expect(
      db.transaction(async (tx) => {
        await queueJob(tx, { kind: "rolled-back", at: Date.now() });
        throw new Error("the change it follows from failed");
      }),
    ).rejects.toThrow("the change it follows from failed");
    await sleep(500);
    expect(wakes).toBe(0);
    expect(ran).toEqual([]);
    expect(await db.get("SELECT count(*) AS n FROM jobs")).toEqual({ n: 0 });
  });

  test("a failing job is tried again with backoff, then ends failed after its last attempt", async () => {
    const db = await database();
    const tries: number[] = [];
    runtime(db).register(
      "always-fails",
      handler(async () => {
        tries.push(Date.now());
        throw new Error("storage out of reach");
      }),
    );
    await queueJob(db, { kind: "always-fails", at: Date.now() });
    await eventually(async () =>
      expect(await db.get("SELECT state, attempts, last_error FROM jobs")).toEqual({
        state: "failed",
        attempts: 3,
        last_error: "storage out of reach",
      }),
    );
    expect(tries).toHaveLength(3);
    // 50 ms then 100 ms, give or take a fifth: never at once.
    const gaps = tries.slice(1).map((at, index) => at - (tries[index] ?? at));
    expect(gaps[0]).toBeGreaterThanOrEqual(40);
    expect(gaps[1]).toBeGreaterThanOrEqual(80);
  });

  test("a job whose every attempt ended with its lease running out is not run again: it ends failed, its kind told", async () => {
    const db = await database();
    await queueJob(db, { kind: "crashes-its-runner", at: 0 });
    // Three runners that took it and died, as when the job brings its process down.
    const queue = createJobQueue(db);
    for (let attempt = 1; attempt <= 3; attempt++) {
      const [job] = await queue.claimDue(["crashes-its-runner"], attempt * 1000, 1, () => 500);
      expect(job?.attempt).toBe(attempt);
    }
    const ran: number[] = [];
    const told: string[] = [];
    runtime(db).register("crashes-its-runner", {
      ...handler(async (job) => void ran.push(job.id)),
      failed: async (_job, reason) => void told.push(reason),
    });
    await eventually(async () =>
      expect(await db.get("SELECT state, attempts FROM jobs")).toEqual({ state: "failed", attempts: 4 }),
    );
    expect(ran).toEqual([]);
    expect(told).toEqual(["no attempt ended: each time its lease ran out"]);
  });

  test("a kind limited to one at a time never runs two at once, and other kinds run beside it", async () => {
    const db = await database();
    let running = 0;
    let most = 0;
    const heavy: string[] = [];
    const light: string[] = [];
    const jobs = runtime(db);
    jobs.register("heavy", {
      ...handler(async (job) => {
        most = Math.max(most, ++running);
        await sleep(50);
        running--;
        heavy.push(String(job.id));
      }),
      concurrency: 1,
    });
    jobs.register(
      "light",
      handler(async (job) => void light.push(String(job.id))),
    );
    // The heavy ones first, so that a runtime taking jobs in order would take two of them together.
    const at = Date.now();
    for (const kind of ["heavy", "heavy", "heavy", "heavy", "light", "light", "light", "light"]) {
      await queueJob(db, { kind, at });
    }
    await eventually(() => expect([heavy.length, light.length]).toEqual([4, 4]));
    expect(most).toBe(1);
  });

  test.skipIf(testEngine !== "postgres")(
    "two runtimes on one PostgreSQL database never run the same job or the same period twice",
    async () => {
      const place = await newTestStoreLocation("jobs-two", { migrated: true });
      cleanUps.push(() => place.remove());
      const [one, two] = await Promise.all([openStore(place.location), openStore(place.location)]);
      cleanUps.push(async () => {
        await one?.close();
        await two?.close();
      });
      const runs: string[] = [];
      const periods: string[] = [];
      const work = async (job: ClaimedJob) => {
        await sleep(5);
        runs.push(String(job.id));
      };
      const hourly = (now: number) => [{ at: now - 1, key: "the hour under way" }];
      for (const db of [one as Database, two as Database]) {
        const jobs = runtime(db);
        jobs.register("shared", handler(work));
        jobs.every(
          "hourly",
          hourly,
          handler(async (job) => void periods.push(String(job.onceKey))),
        );
      }
      for (let n = 0; n < 60; n++) await queueJob(one as Database, { kind: "shared", at: Date.now() });
      await eventually(() => expect(runs).toHaveLength(60), 20_000);
      await sleep(500);
      expect(new Set(runs).size).toBe(60);
      expect(runs).toHaveLength(60);
      expect(periods).toEqual(["the hour under way"]);
    },
  );
});
