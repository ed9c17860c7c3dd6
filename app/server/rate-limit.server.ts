import { isIPv6 } from "node:net";

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

export type RateLimiter = {
  /** Counts one use for the key if its budget allows, and says whether it did. */
  take(key: string): RateLimitDecision;
};

/**
 * A sliding window per key, in memory. Enough for one server process; several
 * processes would share it through the database instead.
 */
export function createRateLimiter(options: { max: number; windowMs: number; now?: () => number }): RateLimiter {
  const { max, windowMs, now = Date.now } = options;
  const uses = new Map<string, number[]>();
  let nextSweep = now() + windowMs;

  function sweep(at: number) {
    for (const [key, times] of uses) {
      if ((times.at(-1) ?? 0) <= at - windowMs) uses.delete(key);
    }
    nextSweep = at + windowMs;
  }

  return {
    take(key) {
      const at = now();
      if (at >= nextSweep) sweep(at);
      const recent = (uses.get(key) ?? []).filter((time) => time > at - windowMs);
      if (recent.length >= max) {
        uses.set(key, recent);
        return { allowed: false, retryAfterMs: (recent[0] ?? at) + windowMs - at };
      }
      recent.push(at);
      uses.set(key, recent);
      return { allowed: true };
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
