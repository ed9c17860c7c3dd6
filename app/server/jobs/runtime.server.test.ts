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
function runtime(db: Database, options: { now?: () => number; concurrency?: number } = {}): JobRuntime {
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

/**
 * A job the test holds: it has started when `started` settles, and runs until
 * the test lets it go (or the runtime tells it to give up). Let go after each
 * test, so a runtime that never started it is not kept waiting.
 */
function heldJob() {
  const started = Promise.withResolvers<ClaimedJob>();
  const letGo = Promise.withResolvers<void>();
  const state = { running: 0, most: 0, ended: 0 };
  cleanUps.push(async () => letGo.resolve());
  const run = async (job: ClaimedJob, signal: AbortSignal) => {
    state.most = Math.max(state.most, ++state.running);
    started.resolve(job);
    const aborted = new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve()));
    await Promise.race([letGo.promise, aborted]);
    state.running--;
    state.ended++;
  };
  return { run, started: started.promise, letGo: () => letGo.resolve(), state };
}

/** Settles with what the promise gave, or fails after ms: a wait that fails rather than hangs. */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  const aborter = new AbortController();
  const late = sleep(ms, "late" as const, { signal: aborter.signal }).catch(() => "cancelled" as const);
  const first = await Promise.race([promise.then((value) => ({ value })), late]);
  aborter.abort();
  if (typeof first === "string") throw new Error(`${what}: not within ${ms} ms`);
  return first.value;
}

async function stateOf(db: Database, id: number) {
  return db.get<{ state: string; attempts: number }>("SELECT state, attempts FROM jobs WHERE id = ?", [id]);
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

  test("a long job holds only its own slot: a job of another kind queued after it starts runs and ends while it runs", {
    timeout: 30_000,
  }, async () => {
    const db = await database();
    const jobs = runtime(db);
    const slow = heldJob();
    jobs.register("slow-check", { ...handler(async () => {}), run: slow.run, concurrency: 1 });
    const ended = Promise.withResolvers<void>();
    jobs.register(
      "quick",
      handler(async () => ended.resolve()),
    );
    await queueJob(db, { kind: "slow-check", at: Date.now() });
    const check = await within(slow.started, 10_000, "the slow job started");
    await queueJob(db, { kind: "quick", at: Date.now() });
    await within(ended.promise, 10_000, "the job queued after the slow one ended");
    expect(slow.state).toMatchObject({ running: 1, ended: 0 });
    expect(await stateOf(db, check.id)).toEqual({ state: "pending", attempts: 1 });
    slow.letGo();
    await eventually(async () => expect(await stateOf(db, check.id)).toEqual({ state: "done", attempts: 1 }));
  });

  test("a periodic kind whose period falls due while a long job runs starts at once", { timeout: 30_000 }, async () => {
    const db = await database();
    const jobs = runtime(db);
    const slow = heldJob();
    jobs.register("slow-check", { ...handler(async () => {}), run: slow.run, concurrency: 1 });
    await queueJob(db, { kind: "slow-check", at: Date.now() });
    await within(slow.started, 10_000, "the slow job started");
    const ran = Promise.withResolvers<string | null>();
    jobs.every(
      "daily-list",
      (now) => [{ at: now - 1, key: "today" }],
      handler(async (job) => ran.resolve(job.onceKey)),
    );
    expect(await within(ran.promise, 10_000, "the period due while the slow job ran")).toBe("today");
    expect(slow.state).toMatchObject({ running: 1, ended: 0 });
  });

  test("a job that ends while the runtime works out when to look next is looked for at once: its retry is not put off", {
    timeout: 30_000,
  }, async () => {
    const real = await database();
    // The order that lost the wake-up: the runtime reads when the next job is due (its
    // lease, a minute away), then the job records its retry and ends, then the runtime
    // gets its answer. Both are held here so that they happen in that order every time.
    const read = Promise.withResolvers<void>();
    const retryRecorded = Promise.withResolvers<void>();
    let holding = false;
    const db = new Proxy(real, {
      get(target, name) {
        if (name === "get")
          return async (sql: string, params?: never) => {
            const answer = await target.get(sql, params);
            if (!holding || !sql.includes("min(CASE")) return answer;
            holding = false;
            read.resolve();
            await retryRecorded.promise;
            // Past the microtasks in which the job ends and asks for a look.
            await new Promise((resolve) => setImmediate(resolve));
            return answer;
          };
        if (name === "run")
          return async (sql: string, params?: never) => {
            if (sql.startsWith("UPDATE jobs SET next_attempt_at")) await read.promise;
            return target.run(sql, params);
          };
        const value = Reflect.get(target, name);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const log = { info: vi.fn(), warn: vi.fn(() => retryRecorded.resolve()), error: vi.fn() };
    const jobs = startJobRuntime({ db, log, idleMs: 60_000 });
    cleanUps.push(() => jobs.stop());
    const attempts: number[] = [];
    jobs.register(
      "fails-once",
      handler(async (job) => {
        attempts.push(job.attempt);
        holding = job.attempt === 1;
        if (job.attempt === 1) throw new Error("storage out of reach");
      }),
    );
    const started = Date.now();
    await queueJob(real, { kind: "fails-once", at: Date.now() });
    await eventually(async () =>
      expect(await real.get("SELECT state, attempts FROM jobs")).toEqual({ state: "done", attempts: 2 }),
    );
    expect(attempts).toEqual([1, 2]);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  test("a kind's own limit holds while other kinds fill the free slots: its second job waits for the first", {
    timeout: 30_000,
  }, async () => {
    const db = await database();
    // Slots to spare overall: only the kind's own limit keeps its second job waiting.
    const jobs = runtime(db, { concurrency: 4 });
    const heavy = heldJob();
    jobs.register("heavy", { ...handler(async () => {}), run: heavy.run, concurrency: 1 });
    const light: number[] = [];
    jobs.register(
      "light",
      handler(async (job) => void light.push(job.id)),
    );
    await queueJob(db, { kind: "heavy", at: Date.now() });
    const first = await within(heavy.started, 10_000, "the first heavy job started");
    await queueJob(db, { kind: "heavy", at: Date.now() });
    // Two light jobs, one after the other: the runtime has looked again since the second heavy one was queued.
    for (const n of [1, 2]) {
      await queueJob(db, { kind: "light", at: Date.now() });
      await eventually(() => expect(light).toHaveLength(n));
    }
    const second = first.id + 1;
    expect(await stateOf(db, second)).toEqual({ state: "pending", attempts: 0 });
    expect(heavy.state).toMatchObject({ running: 1, most: 1 });
    heavy.letGo();
    await eventually(async () => expect(await stateOf(db, second)).toEqual({ state: "done", attempts: 1 }));
    expect(heavy.state).toMatchObject({ running: 0, most: 1, ended: 2 });
  });

  test("no more jobs run at once than the runtime's limit; the next starts when one ends", {
    timeout: 30_000,
  }, async () => {
    const db = await database();
    const jobs = runtime(db, { concurrency: 2 });
    const held = heldJob();
    for (const kind of ["one", "two", "three"]) jobs.register(kind, { ...handler(async () => {}), run: held.run });
    for (const kind of ["one", "two", "three"]) await queueJob(db, { kind, at: Date.now() });
    await eventually(() => expect(held.state.running).toBeGreaterThanOrEqual(2));
    // Time for a runtime that broke its limit to start the third.
    await sleep(300);
    expect(held.state.most).toBe(2);
    expect(await db.get("SELECT count(*) AS n FROM jobs WHERE attempts = 0")).toEqual({ n: 1 });
    held.letGo();
    await eventually(async () =>
      expect(await db.get("SELECT count(*) AS n FROM jobs WHERE state = 'done'")).toEqual({ n: 3 }),
    );
    expect(held.state.most).toBe(2);
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
