import { isIPv6 } from "node:net";
import { type Database, retryWhileBusy } from "../store/db.server.ts";

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

export type RateLimiter = {
  /** Counts one use for the key if its budget allows, and says whether it did; rejects when the store stays busy. */
  take(key: string): Promise<RateLimitDecision>;
};

/**
 * A sliding window per key, counted in the store so every instance behind the
 * proxy draws on one budget. A use is written first, then the uses the store
 * took before it are counted, each one statement: a burst spread over
 * instances never waits on a lock or a retry, and is served first come, first
 * served. (Only a use still committing while a later one counts, a matter of
 * microseconds, could let one more through.) A refused use is taken back, so
 * a person who waits as told is let in.
 */
export function createRateLimiter(
  db: Database,
  options: { max: number; windowMs: number; now?: () => number },
): RateLimiter {
  const { max, windowMs, now = Date.now } = options;
  let nextSweep = 0;

  async function take(key: string): Promise<RateLimitDecision> {
    const at = now();
    if (at >= nextSweep) {
      nextSweep = at + windowMs;
      await db.run("DELETE FROM rate_limit_uses WHERE at <= ?", [at - windowMs]);
    }
    const mine = await db.get<{ id: number }>("INSERT INTO rate_limit_uses (key, at) VALUES (?, ?) RETURNING id", [
      key,
      at,
    ]);
    // First come, first served: the uses before this one, in the order the store took them.
    const earlier = await db.all<{ at: number }>(
      "SELECT at FROM rate_limit_uses WHERE key = ? AND at > ? AND id < ? ORDER BY at, id",
      [key, at - windowMs, mine?.id],
    );
    if (earlier.length < max) return { allowed: true };
    await db.run("DELETE FROM rate_limit_uses WHERE id = ?", [mine?.id]);
    // One more fits once all but max − 1 of them have left the window.
    const leaving = earlier[earlier.length - max] ?? earlier[0];
    return { allowed: false, retryAfterMs: Math.max(1, (leaving?.at ?? at) + windowMs - at) };
  }

  return { take: (key) => retryWhileBusy(() => take(key)) };
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

/**
 * The wider network a client is in, for limits that one holder of many
 * addresses must not get around: an IPv4 /24, or an IPv6 /48 (what one site
 * or subscriber is usually given, 65,536 /64s).
 */
export function networkKey(address: string): string {
  const client = clientKey(address);
  const v4 = /^(\d+\.\d+\.\d+)\.\d+$/.exec(client);
  if (v4?.[1]) return `${v4[1]}.0/24`;
  if (!client.endsWith("::/64")) return client;
  return `${client.split(":").slice(0, 3).join(":")}::/48`;
}

function expandIPv6(address: string): string[] {
  const [withoutZone = ""] = address.split("%");
  const [head = "", tail] = withoutZone.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill("0"), ...right].map((group) => group.toLowerCase() || "0");
}
