import { randomUUID } from "node:crypto";
import type { Database, Queries } from "../store/db.server.ts";

/** A job this runtime holds the lease on, with the number of the attempt now being made. */
export type ClaimedJob = {
  id: number;
  kind: string;
  /** The period of a periodic job, or the one subject a job exists once for; null otherwise. */
  onceKey: string | null;
  payload: unknown;
  attempt: number;
  leaseToken: string;
};

type JobRow = { id: number; kind: string; once_key: string | null; payload: string; attempts: number };

// Every runtime of this process listens: a job queued anywhere in it wakes them
// at once; other processes find it when they next look.
const queued = new EventTarget();

/** Wakes this process's runtimes once the transaction (or the statement) that queued work commits. */
export function wakeWhenCommitted(queries: Queries): void {
  queries.afterCommit(() => queued.dispatchEvent(new Event("queued")));
}

/** Calls the listener each time queued work commits in this process; answers how to stop listening. */
export function onQueued(listener: () => void): () => void {
  queued.addEventListener("queued", listener);
  return () => queued.removeEventListener("queued", listener);
}

/**
 * Queues a job of any kind with the queries given: the transaction of the
 * change it follows from, so both commit or neither does, and the runtime is
 * woken only once they have. With a onceKey, a second job of the same kind
 * and key is not queued; answers whether this one was.
 */
export async function queueJob(
  queries: Queries,
  job: { kind: string; payload?: unknown; at: number; onceKey?: string },
): Promise<boolean> {
  const added = await queries.run(
    "INSERT INTO jobs (kind, once_key, payload, next_attempt_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
    [job.kind, job.onceKey ?? null, JSON.stringify(job.payload ?? null), job.at],
  );
  if (added > 0) wakeWhenCommitted(queries);
  return added > 0;
}

/**
 * Inside the transaction that records a job's result: whether its runner
 * still holds the lease. The row is written, so on PostgreSQL no other
 * instance takes the job before that transaction ends.
 */
export async function holdsLease(tx: Queries, job: ClaimedJob): Promise<boolean> {
  const held = await tx.run(
    "UPDATE jobs SET lease_token = lease_token WHERE id = ? AND lease_token = ? AND state = 'pending'",
    [job.id, job.leaseToken],
  );
  return held > 0;
}

/**
 * The jobs table: a job is run by whoever holds its lease; the lease runs out
 * on its own, so a process that dies mid-job does not keep it from running,
 * and an attempt is counted when it starts, so a job that crashes its runner
 * is not tried for ever. Only the kinds a runtime knows are claimed by it.
 */
export function createJobQueue(db: Database) {
  const postgres = db.engine === "postgres";
  const claimable = (kinds: readonly string[]) =>
    `state = 'pending' AND next_attempt_at <= :now AND (lease_until IS NULL OR lease_until <= :now)
     AND kind IN (${kinds.map((_, index) => `:kind${index}`).join(", ")})`;
  const kindParams = (kinds: readonly string[]) =>
    Object.fromEntries(kinds.map((kind, index) => [`kind${index}`, kind]));
  const leased = "WHERE id = ? AND lease_token = ?";

  return {
    /**
     * Takes up to `limit` due jobs of these kinds. As the outbox does: the due
     * rows are chosen once (MATERIALIZED), locked rows skipped on PostgreSQL,
     * and the conditions checked again on each row as the update reaches it.
     */
    async claimDue(kinds: readonly string[], now: number, limit: number, leaseMs: (kind: string) => number) {
      if (kinds.length === 0) return [];
      const leaseToken = randomUUID();
      const longest = Math.max(...kinds.map(leaseMs));
      const rows = await db.all<JobRow>(
        `WITH due AS ${postgres ? "MATERIALIZED" : ""} (
           SELECT id FROM jobs WHERE ${claimable(kinds)}
           ORDER BY next_attempt_at, id LIMIT :limit ${postgres ? "FOR UPDATE SKIP LOCKED" : ""}
         )
         UPDATE jobs SET attempts = attempts + 1, lease_token = :token, lease_until = :until
         WHERE ${claimable(kinds)} AND id IN (SELECT id FROM due)
         RETURNING id, kind, once_key, payload, attempts`,
        { ...kindParams(kinds), now, limit, token: leaseToken, until: now + longest },
      );
      const claimed = rows.map(
        (row): ClaimedJob => ({
          id: Number(row.id),
          kind: row.kind,
          onceKey: row.once_key,
          payload: JSON.parse(row.payload) as unknown,
          attempt: Number(row.attempts),
          leaseToken,
        }),
      );
      // Each kind's own lease, where it is shorter than the longest asked for.
      for (const job of claimed) {
        if (leaseMs(job.kind) < longest) await this.renew(job, now + leaseMs(job.kind));
      }
      return claimed;
    },
    /** Holds a job under way for longer; false when its lease was lost (taken by another, or ended). */
    async renew(job: ClaimedJob, until: number): Promise<boolean> {
      return (
        (await db.run(`UPDATE jobs SET lease_until = ? ${leased} AND state = 'pending'`, [
          until,
          job.id,
          job.leaseToken,
        ])) > 0
      );
    },
    async markDone(job: ClaimedJob, now: number): Promise<boolean> {
      const sql = `UPDATE jobs SET state = 'done', finished_at = ?, last_error = NULL, lease_token = NULL, lease_until = NULL ${leased}`;
      return (await db.run(sql, [now, job.id, job.leaseToken])) > 0;
    },
    async markRetry(job: ClaimedJob, at: number, error: string): Promise<boolean> {
      const sql = `UPDATE jobs SET next_attempt_at = ?, last_error = ?, lease_token = NULL, lease_until = NULL ${leased}`;
      return (await db.run(sql, [at, error, job.id, job.leaseToken])) > 0;
    },
    async markFailed(job: ClaimedJob, now: number, error: string): Promise<boolean> {
      const sql = `UPDATE jobs SET state = 'failed', finished_at = ?, last_error = ?, lease_token = NULL, lease_until = NULL ${leased}`;
      return (await db.run(sql, [now, error, job.id, job.leaseToken])) > 0;
    },
    /** When the next job of these kinds falls due (or its lease runs out); undefined when none waits. */
    async nextDueAt(kinds: readonly string[]): Promise<number | undefined> {
      if (kinds.length === 0) return undefined;
      const row = await db.get<{ due: number | string | null }>(
        `SELECT min(CASE WHEN coalesce(lease_until, 0) > next_attempt_at THEN lease_until ELSE next_attempt_at END) AS due
         FROM jobs WHERE state = 'pending' AND kind IN (${kinds.map((_, index) => `:kind${index}`).join(", ")})`,
        kindParams(kinds),
      );
      return row?.due == null ? undefined : Number(row.due);
    },
    /** Forgets the finished jobs of a kind that ended before the given time: periods long past. */
    forgetFinished(kind: string, before: number): Promise<number> {
      return db.run("DELETE FROM jobs WHERE kind = ? AND state <> 'pending' AND finished_at < ?", [kind, before]);
    },
  };
}
