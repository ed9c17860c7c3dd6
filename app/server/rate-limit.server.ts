import { isIPv6 } from "node:net";
import { type Database, retryWhileBusy } from "./db.server.ts";

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

export type RateLimiter = {
  /** Counts one use for the key if its budget allows, and says whether it did; rejects when the store stays busy. */
  take(key: string): Promise<RateLimitDecision>;
};

/** How long counting a use waits out a busy store before the visitor is asked to try again. */
const COUNT_PATIENCE_MS = 2000;

const COUNT_USE = `INSERT INTO rate_limit_counts (key, window_start, count) VALUES (?, ?, 1)
  ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_counts.count + 1
  RETURNING count`;

/**
 * Uses per key, counted in the store so every instance behind the proxy draws
 * on one budget. Each window of windowMs has a counter; a use is allowed while
 * this window's count plus the last window's, weighted by how much of it still
 * lies within windowMs, stays within max: a sliding window, near enough, at the
 * cost of two rows per key. Each count is one atomic statement, so a burst
 * spread over instances gets distinct counts and never waits on a lock's retry.
 * A refused use is taken back: a person who waits as told is let in.
 */
export function createRateLimiter(
  db: Database,
  options: { max: number; windowMs: number; now?: () => number },
): RateLimiter {
  const { max, windowMs, now = Date.now } = options;
  let nextSweep = 0;

  async function take(key: string): Promise<RateLimitDecision> {
    const at = now();
    const start = at - (at % windowMs);
    if (at >= nextSweep) {
      nextSweep = start + windowMs;
      await db.run("DELETE FROM rate_limit_counts WHERE window_start < ?", [start - windowMs]);
    }
    const current = (await db.get<{ count: number }>(COUNT_USE, [key, start]))?.count ?? 1;
    const previous =
      (
        await db.get<{ count: number }>("SELECT count FROM rate_limit_counts WHERE key = ? AND window_start = ?", [
          key,
          start - windowMs,
        ])
      )?.count ?? 0;
    const stillInWindow = 1 - (at - start) / windowMs;
    if (current + previous * stillInWindow <= max) return { allowed: true };
    await db.run("UPDATE rate_limit_counts SET count = count - 1 WHERE key = ? AND window_start = ?", [key, start]);
    return { allowed: false, retryAfterMs: waitFor(current - 1, previous, at - start) };
  }

  /** How long until one more use fits, if no other comes meanwhile. */
  function waitFor(current: number, previous: number, intoWindowMs: number): number {
    // In this window: current + 1 + previous × (1 − f) ≤ max.
    if (current + 1 <= max && previous > 0) {
      const fraction = 1 - (max - current - 1) / previous;
      return Math.max(1000, Math.ceil(fraction * windowMs - intoWindowMs));
    }
    // In the next: 1 + current × (1 − f) ≤ max.
    const fraction = current > 0 ? Math.max(0, 1 - (max - 1) / current) : 0;
    return Math.max(1000, Math.ceil(windowMs - intoWindowMs + fraction * windowMs));
  }

  return { take: (key) => retryWhileBusy(() => take(key), { patienceMs: COUNT_PATIENCE_MS }) };
}

/**
 * The key a client is counted under. One IPv6 subscriber usually holds a whole
 * /64 and can pick a new address from it at will, so the /64 is the client.
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  return `${expandIPv6(address).slice(0, 4).join(":")}::/64`;
}

function expandIPv6(address: string): string[] {
  const [withoutZone = ""] = address.split("%");
  const [head = "", tail] = withoutZone.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill("0"), ...right].map((group) => group.toLowerCase() || "0");
}
