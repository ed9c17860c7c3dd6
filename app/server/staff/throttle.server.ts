import { createHmac, timingSafeEqual } from "node:crypto";
import { clientKey, networkKey } from "../contact/rate-limit.server.ts";
import { type Database, type Queries, retryWhileBusy } from "../store/db.server.ts";
import { normalizeEmail } from "./accounts.server.ts";

export type ThrottlePolicy = {
  /** Failures a key may have before it must wait. */
  freeFailures: number;
  /** The first wait; each further failure doubles it… */
  firstLockMs: number;
  /** …up to this. */
  maxLockMs: number;
  /** Failures are forgotten this long after the last one. */
  forgetAfterMs: number;
  /**
   * Failures a wider network (an IPv4 /24, an IPv6 /48) may have before its
   * clients must wait: one holder of many addresses gets no more guesses than
   * this, while a network that many people share is not shut for one of them.
   */
  networkFreeFailures: number;
};

export const signInThrottlePolicy: ThrottlePolicy = {
  freeFailures: 5,
  firstLockMs: 60_000,
  maxLockMs: 60 * 60_000,
  forgetAfterMs: 24 * 60 * 60_000,
  networkFreeFailures: 30,
};

/** What sign-in attempts are counted under: the client and its network (the e-mail address typed: `accountKey`). */
export const throttleKeys = {
  address: (clientAddress: string) => `address:${clientKey(clientAddress)}`,
  network: (clientAddress: string) => `${NETWORK_PREFIX}${networkKey(clientAddress)}`,
  /** The client and its network, each counted. */
  client: (clientAddress: string) => [throttleKeys.address(clientAddress), throttleKeys.network(clientAddress)],
};

const NETWORK_PREFIX = "network:";

export type ThrottleTicket =
  | { allowed: false; retryAfterMs: number }
  | {
      allowed: true;
      keys: string[];
      /** The keys that must wait, and until when, if this attempt fails. */
      locksIfFailed: { key: string; until: number }[];
    };

type ThrottleRow = { key: string; failures: number; last_failure_at: number; locked_until: number | null };

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;

/**
 * Sign-in attempts counted per key in the database, so every server process
 * shares one count. An attempt is counted as a failure before the password
 * is checked, in one transaction with the check of the lock: a burst of
 * attempts sent at once cannot slip past the count while the first ones are
 * still being checked, on one instance or several (on PostgreSQL the
 * transaction is SERIALIZABLE: attempts that meet are run again, one after
 * the other). A success takes its count back.
 */
export function createSignInThrottle(db: Database, policy: ThrottlePolicy = signInThrottlePolicy) {
  const write = <T>(work: () => Promise<T>) => retryWhileBusy(work);

  const freeFailures = (key: string) =>
    key.startsWith(NETWORK_PREFIX) ? policy.networkFreeFailures : policy.freeFailures;

  function lockFor(failures: number, free: number): number {
    const doublings = failures - free;
    return Math.min(policy.firstLockMs * 2 ** Math.min(doublings, 30), policy.maxLockMs);
  }

  async function current(queries: Queries, key: string, now: number): Promise<ThrottleRow | undefined> {
    const row = await queries.get<ThrottleRow>("SELECT * FROM sign_in_throttle WHERE key = ?", [key]);
    return row && now - row.last_failure_at < policy.forgetAfterMs ? row : undefined;
  }

  let secret: Promise<Buffer> | undefined;
  const throttleSecret = () =>
    (secret ??= db
      .get<{ value: string }>("SELECT value FROM site_secrets WHERE name = 'sign-in throttle'")
      .then((row) => {
        if (!row) throw new Error("The sign-in throttle's secret is missing from the database.");
        return Buffer.from(row.value, "utf8");
      })
      .catch((error: unknown) => {
        secret = undefined;
        throw error;
      }));

  return {
    /**
     * The key an e-mail address typed at sign-in is counted under: a keyed
     * hash of it, never the text, which may be anything (a password typed in
     * the wrong field, say) and is kept for a day. The same address in any
     * case gives the same key.
     */
    async accountKey(email: string): Promise<string> {
      const hash = createHmac("sha256", await throttleSecret()).update(normalizeEmail(email), "utf8");
      return `account:${hash.digest("base64url")}`;
    },

    /** The mark a browser that signed in to this account keeps (cookie.server.ts, knownBrowserCookie). */
    async browserMark(staffId: number): Promise<string> {
      return `${staffId}.${createHmac("sha256", await throttleSecret())
        .update(`known browser ${staffId}`)
        .digest("base64url")}`;
    },

    /** Whether a browser's mark is this account's, made with this store's secret. */
    async isKnownBrowser(mark: string | undefined, staffId: number): Promise<boolean> {
      if (!mark) return false;
      const expected = Buffer.from(await this.browserMark(staffId));
      const given = Buffer.from(mark);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },

    /** Says how long the keys must still wait, without counting anything. */
    async waiting(keys: readonly string[], now = Date.now()): Promise<number> {
      const rows = await Promise.all(keys.map((key) => current(db, key, now)));
      const until = Math.max(0, ...rows.map((row) => row?.locked_until ?? 0));
      return Math.max(0, until - now);
    },

    /** Refuses while any key waits; otherwise counts the attempt as a failure until it proves otherwise. */
    async begin(keys: readonly string[], now = Date.now()): Promise<ThrottleTicket> {
      return write(() =>
        db.transaction(async (tx): Promise<ThrottleTicket> => {
          const rows: { key: string; row: ThrottleRow | undefined }[] = [];
          for (const key of keys) rows.push({ key, row: await current(tx, key, now) });
          const until = Math.max(0, ...rows.map(({ row }) => row?.locked_until ?? 0));
          if (until > now) return { allowed: false, retryAfterMs: until - now };
          await tx.run("DELETE FROM sign_in_throttle WHERE last_failure_at < ? AND coalesce(locked_until, 0) < ?", [
            now - policy.forgetAfterMs,
            now,
          ]);
          const locksIfFailed: { key: string; until: number }[] = [];
          for (const { key, row } of rows) {
            const failures = (row?.failures ?? 0) + 1;
            const free = freeFailures(key);
            const lockedUntil = failures >= free ? now + lockFor(failures, free) : null;
            await tx.run(
              `INSERT INTO sign_in_throttle (key, failures, last_failure_at, locked_until) VALUES (?, ?, ?, ?)
               ON CONFLICT (key) DO UPDATE SET failures = excluded.failures, last_failure_at = excluded.last_failure_at,
                 locked_until = excluded.locked_until`,
              [key, failures, now, lockedUntil],
            );
            if (lockedUntil !== null) locksIfFailed.push({ key, until: lockedUntil });
          }
          return { allowed: true, keys: [...keys], locksIfFailed };
        }),
      );
    },

    /**
     * The attempt succeeded: the account's count is cleared (the person proved
     * who they are), and the client's loses this attempt only, so a client
     * cannot wipe its record of guesses at other accounts by signing in to its own.
     */
    async succeeded(ticket: Extract<ThrottleTicket, { allowed: true }>, accountKey?: string): Promise<void> {
      await write(() =>
        db.transaction(async (tx) => {
          for (const key of ticket.keys) {
            if (key === accountKey) {
              await tx.run("DELETE FROM sign_in_throttle WHERE key = ?", [key]);
            } else {
              const lock = ticket.locksIfFailed.find((entry) => entry.key === key);
              // Lifts the lock only if it is the one this attempt set.
              await tx.run(
                `UPDATE sign_in_throttle SET failures = CASE WHEN failures > 0 THEN failures - 1 ELSE 0 END,
                   locked_until = CASE WHEN locked_until = ? THEN NULL ELSE locked_until END
                 WHERE key = ?`,
                [lock?.until ?? null, key],
              );
            }
          }
        }),
      );
    },

    /** Forgets an account's failures: its password was just set through a link. */
    async clear(key: string): Promise<void> {
      await write(() => db.run("DELETE FROM sign_in_throttle WHERE key = ?", [key]));
    },
  };
}
