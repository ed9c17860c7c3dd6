import { afterEach, describe, expect, test } from "vitest";
import { openTestStore } from "../../tests/support/test-store.ts";
import { clientKey, createRateLimiter } from "./rate-limit.server.ts";

describe("the rate limit", () => {
  const opened: { remove(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const db of opened.splice(0)) await db.remove();
  });

  test("allows the budget in the window, refuses while the window holds it, and says how long to wait", async () => {
    const db = await openTestStore("rate-limit");
    opened.push(db);
    const windowMs = 600_000;
    let now = 100 * windowMs;
    const limiter = createRateLimiter(db, { max: 3, windowMs, now: () => now });
    expect([await limiter.take("a"), await limiter.take("a"), await limiter.take("a")]).toEqual([
      { allowed: true },
      { allowed: true },
      { allowed: true },
    ]);
    now += 60_000;
    const refused = await limiter.take("a");
    expect(refused.allowed).toBe(false);
    // Three uses must mostly leave the sliding window: a third of the next one.
    expect(refused.allowed === false && refused.retryAfterMs).toBe(540_000 + windowMs / 3);
    expect(await limiter.take("b")).toEqual({ allowed: true });
    // A refused use is not counted: still three, not four.
    now += 540_000 + windowMs / 3;
    expect(await limiter.take("a")).toEqual({ allowed: true });
    expect((await limiter.take("a")).allowed).toBe(false);
    // A whole window later, the budget is whole again.
    now += 2 * windowMs;
    expect([await limiter.take("a"), await limiter.take("a"), await limiter.take("a")]).toEqual([
      { allowed: true },
      { allowed: true },
      { allowed: true },
    ]);
  });

  test("a burst across a window's edge gets no more than the budget", async () => {
    const db = await openTestStore("rate-limit-edge");
    opened.push(db);
    const windowMs = 600_000;
    let now = 100 * windowMs - 1000;
    const limiter = createRateLimiter(db, { max: 5, windowMs, now: () => now });
    const allowed = async (count: number) =>
      (await Promise.all(Array.from({ length: count }, () => limiter.take("edge")))).filter((d) => d.allowed).length;
    const before = await allowed(5);
    now += 2000;
    expect(before + (await allowed(5))).toBe(5);
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

  test("counts an IPv6 /64 as one client, and an IPv4-mapped address as IPv4", () => {
    expect(clientKey("2001:db8:1:2:aaaa::1")).toBe(clientKey("2001:db8:1:2:bbbb:cccc:dddd:eeee"));
    expect(clientKey("2001:db8:1:2::1")).not.toBe(clientKey("2001:db8:1:3::1"));
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
  });
});
