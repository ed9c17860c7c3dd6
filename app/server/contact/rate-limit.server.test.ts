import { afterEach, describe, expect, test } from "vitest";
import { openTestStore } from "../../../tests/support/test-store.ts";
import { clientKey, createRateLimiter, networkKey } from "./rate-limit.server.ts";

describe("the rate limit", () => {
  const opened: { remove(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const db of opened.splice(0)) await db.remove();
  });

  test("allows the budget in the window, then refuses until the oldest use leaves it", async () => {
    const db = await openTestStore("rate-limit");
    opened.push(db);
    let now = 1_000_000;
    const limiter = createRateLimiter(db, { max: 3, windowMs: 600_000, now: () => now });
    expect([await limiter.take("a"), await limiter.take("a"), await limiter.take("a")]).toEqual([
      { allowed: true },
      { allowed: true },
      { allowed: true },
    ]);
    now += 60_000;
    expect(await limiter.take("a")).toEqual({ allowed: false, retryAfterMs: 540_000 });
    expect(await limiter.take("b")).toEqual({ allowed: true });
    // Refused uses were not counted: once the first three have left, three more fit.
    now += 540_000;
    expect([await limiter.take("a"), await limiter.take("a"), await limiter.take("a")]).toEqual([
      { allowed: true },
      { allowed: true },
      { allowed: true },
    ]);
    expect(await limiter.take("a")).toEqual({ allowed: false, retryAfterMs: 600_000 });
  });

  test("two limiters on one store, as two instances are, share one budget even when they count at once", async () => {
    const db = await openTestStore("rate-limit-shared");
    opened.push(db);
    const first = createRateLimiter(db, { max: 5, windowMs: 600_000 });
    const second = createRateLimiter(db, { max: 5, windowMs: 600_000 });
    const decisions = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? first : second).take("203.0.113.9")),
    );
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(5);
  });

  test("two limiters racing many times, each sweeping on its first use, never let a sixth of five through", async () => {
    // Each round: two new limiters (so both sweep the keys beside the takes), a
    // new key, 12 takes at once; any round that passes 5 is the race.
    const db = await openTestStore("rate-limit-race");
    opened.push(db);
    for (let round = 0; round < 25; round++) {
      const limiters = [0, 1].map(() => createRateLimiter(db, { max: 5, windowMs: 600_000 }));
      const decisions = await Promise.all(
        Array.from({ length: 12 }, (_, i) => limiters[i % 2]?.take(`198.51.100.${round}`)),
      );
      expect(
        decisions.filter((decision) => decision?.allowed),
        `round ${round}`,
      ).toHaveLength(5);
    }
  });

  test("counts an IPv6 /64 as one client, and an IPv4-mapped address as IPv4", () => {
    expect(clientKey("2001:db8:1:2:aaaa::1")).toBe(clientKey("2001:db8:1:2:bbbb:cccc:dddd:eeee"));
    expect(clientKey("2001:db8:1:2::1")).not.toBe(clientKey("2001:db8:1:3::1"));
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
  });
});

test("a wider network holds the /64s of one IPv6 /48, or the addresses of one IPv4 /24", () => {
  expect(networkKey("2001:db8:1:2::1")).toBe("2001:db8:1::/48");
  expect(networkKey("2001:db8:1:ffff:aaaa::9")).toBe(networkKey("2001:db8:1::1"));
  expect(networkKey("2001:db8:2::1")).not.toBe(networkKey("2001:db8:1::1"));
  expect(networkKey("203.0.113.7")).toBe("203.0.113.0/24");
  expect(networkKey("::ffff:203.0.113.200")).toBe("203.0.113.0/24");
  expect(networkKey("198.51.100.7")).not.toBe(networkKey("203.0.113.7"));
});
