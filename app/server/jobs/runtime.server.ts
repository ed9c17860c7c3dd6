import { setTimeout as sleep } from "node:timers/promises";
import { BUSY_PATIENCE_MS, type Database, isBusy, retryWhileBusy } from "../store/db.server.ts";
import { type ClaimedJob, createJobQueue, onQueued, queueJob } from "./job-queue.server.ts";
import { type RetryPolicy, retryDelayMs } from "./retry.ts";
import { createSlots } from "./slots.ts";

export type { ClaimedJob } from "./job-queue.server.ts";

/** What runs the jobs of one kind. */
export type JobHandler = {
  /** Does the job; a rejection means it is to be tried again (or has failed for good). Give up when the signal aborts. */
  run(job: ClaimedJob, signal: AbortSignal): Promise<void>;
  /** A failure no retry can mend: the job ends failed at once. */
  isPermanent?(error: unknown, job: ClaimedJob): boolean;
  /**
   * Records, where the kind keeps its own record, that the job ended failed:
   * after its last attempt, or when every attempt ended with its lease running
   * out (it took its process down, or outlasted its lease each time).
   */
  failed?(job: ClaimedJob, reason: string): Promise<void>;
  /** At most this many of the kind at once in one instance (heavy work on few cores); the runtime's own limit otherwise. */
  concurrency?: number;
  /** Names the job in the log without anyone's details. */
  label(job: ClaimedJob): string;
  /** Longer than the job may take between two renewals; renewed every third of it while it runs. */
  leaseMs: number;
  retry: RetryPolicy;
};

/**
 * A kind that runs once per period: the periods that should be queued at
 * `now` (the one under way if it may still run, and the next), each with when
 * it is due and its key (a day, a slot of minutes). Every instance queues
 * them and one takes each, as a kind's key is unique.
 */
export type Periods = (now: number) => readonly { at: number; key: string }[];

/** Periods of a fixed length from the epoch: the one under way runs at once if no instance has run it. */
export function everyMs(length: number): Periods {
  return (now) => {
    const slot = Math.floor(now / length);
    return [slot, slot + 1].map((n) => ({ at: n * length, key: String(n) }));
  };
}

/** A queue with a table and worker of its own (the outbox), started, woken and stopped with the runtime. */
export type DrivenQueue = { notify(): void; stop(): Promise<void> };

export type JobRuntime = {
  register(kind: string, handler: JobHandler): void;
  /** Registers a periodic kind and queues its next period. */
  every(kind: string, periods: Periods, handler: JobHandler): void;
  drive(queue: DrivenQueue): void;
  /** Looks at the queue now rather than at the next timer. */
  wake(): void;
  /** Stops taking jobs, lets those under way end (briefly), then tells them to give up. */
  stop(): Promise<void>;
};

type Log = Pick<Console, "info" | "warn" | "error">;

/** Time for jobs told to give up to record what became of them. */
const RECORD_AFTER_STOP_MS = 1000;

/** How long a finished period is kept, so its key still stops a late instance from running it again. */
const PERIODS_KEPT_MS = 7 * 24 * 60 * 60_000;

/**
 * One loop per instance that takes due jobs of every kind registered here and
 * runs them, renewing each lease while its job runs. It takes jobs whenever it
 * has free slots (the runtime's `concurrency`, and each kind's own limit), so
 * a long job holds only its own slot: each job that ends frees its slot and
 * the loop looks again. It also looks when a transaction in this process that
 * queued work commits, when the next job falls due, and every idleMs for work
 * another instance queued.
 */
export function startJobRuntime(options: {
  db: Database;
  log?: Log;
  idleMs?: number;
  /** At most this many jobs at once in this instance, of all kinds together. */
  concurrency?: number;
  stopGraceMs?: number;
  now?: () => number;
  random?: () => number;
}): JobRuntime {
  const { db, log = console, idleMs = 30_000, concurrency = 2, stopGraceMs = 5_000 } = options;
  const { now = Date.now, random = Math.random } = options;
  const queue = createJobQueue(db);
  const handlers = new Map<string, JobHandler>();
  const periods = new Map<string, Periods>();
  const driven: DrivenQueue[] = [];
  const stopping = new AbortController();
  const slots = createSlots(concurrency);
  let stopped = false;
  let looking: Promise<void> | undefined;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timerAt = 0;
  const stopListening = onQueued(() => runtime.wake());

  const kinds = () => [...handlers.keys()];
  const handlerOf = (job: ClaimedJob) => handlers.get(job.kind) as JobHandler;
  const freeFor = (kind: string) => slots.freeFor(kind, handlers.get(kind)?.concurrency);

  // A wake-up is never put off: a job that ends while a look is under way asks for
  // one at once, and the look's later answer (read before the job ended) must not replace it.
  function schedule(delayMs: number) {
    if (stopped) return;
    const at = performance.now() + Math.max(0, delayMs);
    if (timer !== undefined && timerAt <= at) return;
    clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(wakeNow, Math.max(0, delayMs));
    timer.unref();
  }

  // One look at a time, so two never claim the same free slot.
  function wakeNow() {
    timer = undefined;
    if (stopped) return;
    if (looking) {
      again = true;
      return;
    }
    looking = claimFreeSlots()
      .catch((error: unknown) => {
        if (stopped) return;
        if (isBusy(error)) log.warn(`Background jobs are waiting for the database: ${errorText(error)}`);
        else log.error(`Background jobs could not be read: ${errorText(error)}`);
      })
      // Still "looking" while it asks when to look next, so a wake-up meanwhile is not lost.
      .then(() => (again ? 0 : nextWakeIn()))
      .then((delayMs) => {
        looking = undefined;
        schedule(again ? 0 : delayMs);
        again = false;
      });
  }

  /** When a kind with a free slot next has a job due; a kind at its limit is looked for when one of its jobs ends. */
  async function nextWakeIn(): Promise<number> {
    const waiting = kinds().filter((kind) => freeFor(kind) > 0);
    const due = await queue.nextDueAt(waiting).catch(() => now() + Math.min(idleMs, 1000));
    return due === undefined ? idleMs : Math.min(idleMs, due - now());
  }

  /**
   * Fills the free slots with due jobs, the kinds with a limit of their own
   * first and each within it, then the others; each job starts as soon as it
   * is claimed. One pass fills them: a claim that answers fewer than asked
   * found no more due.
   */
  async function claimFreeSlots() {
    const claim = (of: readonly string[], limit: number) =>
      retryWhileBusy(() => queue.claimDue(of, now(), limit, (kind) => handlers.get(kind)?.leaseMs ?? 60_000), {
        patienceMs: BUSY_PATIENCE_MS,
        signal: stopping.signal,
      });
    const limited = kinds().filter((kind) => handlers.get(kind)?.concurrency !== undefined);
    const unlimited = kinds().filter((kind) => handlers.get(kind)?.concurrency === undefined);
    for (const kind of limited) {
      const room = freeFor(kind);
      if (room > 0) for (const job of await claim([kind], room)) start(job);
    }
    const room = slots.free();
    if (room > 0 && unlimited.length > 0) for (const job of await claim(unlimited, room)) start(job);
  }

  /** Settles once no look is under way and every job started has ended. */
  async function allEnded() {
    do {
      await looking;
      await slots.allFree();
    } while (looking);
  }

  /** Runs a claimed job in its slot; when it ends, the slot is free and the loop looks again. */
  function start(job: ClaimedJob) {
    const release = slots.take(job.kind);
    void runOne(job)
      .catch((error: unknown) => {
        if (!stopped) log.error(`${handlerOf(job).label(job)} ended unrecorded: ${errorText(error)}`);
      })
      .finally(() => {
        release();
        schedule(0);
      });
  }

  async function runOne(job: ClaimedJob) {
    const handler = handlerOf(job);
    if (job.attempt > handler.retry.maxAttempts) {
      // Its attempts were counted as they began, and none ended with an answer: not again.
      await fail(job, handler, "no attempt ended: each time its lease ran out");
      await queueNextPeriod(job.kind);
      return;
    }
    // The lease is renewed while the job runs, so a long one is not taken up again by
    // another instance; one whose lease was lost is told to stop, its result no longer wanted.
    const lost = new AbortController();
    const renewing = setInterval(() => {
      queue.renew(job, now() + handler.leaseMs).then(
        (held) => held || lost.abort(),
        (error: unknown) => log.warn(`${handler.label(job)} could not renew its lease: ${errorText(error)}`),
      );
    }, handler.leaseMs / 3);
    try {
      await handler.run(job, AbortSignal.any([stopping.signal, lost.signal]));
      if (!lost.signal.aborted) await record(() => queue.markDone(job, now()));
    } catch (error) {
      // Cut short by a stop or a lost lease: not the job's doing. Its lease runs out and it runs again.
      if (stopped || lost.signal.aborted) return;
      await recordFailure(job, handler, error);
    } finally {
      clearInterval(renewing);
    }
    await queueNextPeriod(job.kind);
  }

  async function recordFailure(job: ClaimedJob, handler: JobHandler, error: unknown) {
    const reason = errorText(error);
    if (handler.isPermanent?.(error, job) || job.attempt >= handler.retry.maxAttempts) {
      await fail(job, handler, reason);
      return;
    }
    const delay = retryDelayMs(job.attempt, handler.retry, random);
    await record(() => queue.markRetry(job, now() + delay, reason));
    log.warn(
      `${handler.label(job)} did not run, attempt ${job.attempt} of ${handler.retry.maxAttempts}: ${reason}. Tried again in ${Math.round(delay / 1000)} s.`,
    );
  }

  async function fail(job: ClaimedJob, handler: JobHandler, reason: string) {
    await record(async () => {
      await handler.failed?.(job, reason);
      return queue.markFailed(job, now(), reason);
    });
    log.error(
      `${handler.label(job)} FAILED after ${Math.min(job.attempt, handler.retry.maxAttempts)} attempt(s): ${reason}`,
    );
  }

  /** Writes what became of a job, waiting out a busy store; gives up only when stopped. */
  async function record(write: () => Promise<boolean>) {
    try {
      await retryWhileBusy(write, { patienceMs: Number.POSITIVE_INFINITY, signal: stopping.signal });
    } catch (error) {
      if (!stopped) log.error(`What became of a background job could not be recorded: ${errorText(error)}`);
    }
  }

  /** Queues the coming periods of a periodic kind, once: every instance tries, the key lets one row in. */
  async function queueNextPeriod(kind: string) {
    const coming = periods.get(kind)?.(now());
    if (!coming || stopped) return;
    try {
      for (const { at, key } of coming) {
        await retryWhileBusy(() => queueJob(db, { kind, at, onceKey: key }), { signal: stopping.signal });
      }
      await queue.forgetFinished(kind, now() - PERIODS_KEPT_MS);
    } catch (error) {
      if (!stopped) log.error(`The next run of ${kind} could not be queued: ${errorText(error)}`);
    }
  }

  const runtime: JobRuntime = {
    register(kind, handler) {
      handlers.set(kind, handler);
      schedule(0);
    },
    every(kind, coming, handler) {
      handlers.set(kind, handler);
      periods.set(kind, coming);
      void queueNextPeriod(kind).then(() => schedule(0));
    },
    drive(queue) {
      driven.push(queue);
    },
    wake() {
      schedule(0);
      for (const queue of driven) queue.notify();
    },
    async stop() {
      stopped = true;
      stopListening();
      clearTimeout(timer);
      // A look under way may still start the jobs it claimed: they are waited for too.
      const settled = await settlesWithin(allEnded(), stopGraceMs);
      if (!settled) {
        stopping.abort();
        await settlesWithin(allEnded(), RECORD_AFTER_STOP_MS);
      }
      await Promise.all(driven.map((queue) => queue.stop()));
    },
  };
  return runtime;
}

/** True when the promise settled in time. */
export async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  const aborter = new AbortController();
  const timeout = sleep(ms, false, { signal: aborter.signal }).catch(() => false);
  const settled = await Promise.race([promise.then(() => true), timeout]);
  aborter.abort();
  return settled;
}

export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, " ").trim().slice(0, 500);
}
