import { isIPv6 } from "node:net";
import { type Database, retryWhileBusy } from "../store/db.server.ts";

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

export type RateLimiter = {
  /** Counts one use for the key if its budget allows, and says whether it did; rejects when the store stays busy. */
  take(key: string): Promise<RateLimitDecision>;
};

/**
 * A sliding window per key, counted in the store so every instance behind the
 * proxy draws on one budget. Each use is counted in a short transaction that
 * first locks the key's row: uses of one key, from any instance, are counted
 * one after another and exactly, while other keys never wait. A refused use is
 * not written, so a person who waits as told is let in.
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
      await db.run("DELETE FROM rate_limit_keys WHERE key NOT IN (SELECT key FROM rate_limit_uses)");
    }
    return db.transaction(
      async (tx) => {
        await tx.run(
          "INSERT INTO rate_limit_keys (key) VALUES (?) ON CONFLICT (key) DO UPDATE SET key = excluded.key",
          [key],
        );
        const uses = await tx.all<{ at: number }>(
          "SELECT at FROM rate_limit_uses WHERE key = ? AND at > ? ORDER BY at",
          [key, at - windowMs],
        );
        if (uses.length < max) {
          await tx.run("INSERT INTO rate_limit_uses (key, at) VALUES (?, ?)", [key, at]);
          return { allowed: true } as const;
        }
        // One more fits once all but max − 1 of them have left the window.
        const leaving = uses[uses.length - max] ?? uses[0];
        return { allowed: false, retryAfterMs: Math.max(1, Number(leaving?.at ?? at) + windowMs - at) } as const;
      },
      { isolation: "read-committed" },
    );
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
