import { isIPv6 } from "node:net";
import { type Database, retryWhileBusy } from "./db.server.ts";

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

export type RateLimiter = {
  /** Counts one use for the key if its budget allows, and says whether it did; rejects when the store is busy. */
  take(key: string): Promise<RateLimitDecision>;
};

/** How long counting a use waits out a busy store before the visitor is asked to try again. */
const COUNT_PATIENCE_MS = 2000;

/**
 * A sliding window per key, counted in the store, so every instance behind the
 * proxy counts against one budget. The check and the count are one
 * transaction: a burst spread over instances cannot all slip in together.
 */
export function createRateLimiter(
  db: Database,
  options: { max: number; windowMs: number; now?: () => number },
): RateLimiter {
  const { max, windowMs, now = Date.now } = options;
  let nextSweep = 0;

  return {
    take(key) {
      return retryWhileBusy(
        () =>
          db.transaction(async (tx) => {
            const at = now();
            // Now and then, every key's old uses; each time, this key's.
            if (at >= nextSweep) {
              await tx.run("DELETE FROM rate_limit_hits WHERE at <= ?", [at - windowMs]);
              nextSweep = at + windowMs;
            } else {
              await tx.run("DELETE FROM rate_limit_hits WHERE key = ? AND at <= ?", [key, at - windowMs]);
            }
            const recent = await tx.all<{ at: number }>(
              "SELECT at FROM rate_limit_hits WHERE key = ? ORDER BY at LIMIT ?",
              [key, max],
            );
            const oldest = recent[0]?.at ?? at;
            if (recent.length >= max) return { allowed: false, retryAfterMs: oldest + windowMs - at };
            await tx.run("INSERT INTO rate_limit_hits (key, at) VALUES (?, ?)", [key, at]);
            return { allowed: true };
          }),
        { patienceMs: COUNT_PATIENCE_MS },
      );
    },
  };
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
