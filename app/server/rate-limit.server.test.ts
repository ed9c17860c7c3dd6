import { describe, expect, test } from "vitest";
import { clientKey, createRateLimiter } from "./rate-limit.server.ts";

describe("the rate limit", () => {
  test("allows the budget in the window, then refuses until the oldest use leaves it", () => {
    let now = 0;
    const limiter = createRateLimiter({ max: 3, windowMs: 600_000, now: () => now });
    expect([limiter.take("a"), limiter.take("a"), limiter.take("a")]).toEqual([
      { allowed: true },
      { allowed: true },
      { allowed: true },
    ]);
    now = 60_000;
    expect(limiter.take("a")).toEqual({ allowed: false, retryAfterMs: 540_000 });
    expect(limiter.take("b")).toEqual({ allowed: true });
    now = 600_001;
    expect(limiter.take("a")).toEqual({ allowed: true });
  });

  test("counts an IPv6 /64 as one client, and an IPv4-mapped address as IPv4", () => {
    expect(clientKey("2001:db8:1:2:aaaa::1")).toBe(clientKey("2001:db8:1:2:bbbb:cccc:dddd:eeee"));
    expect(clientKey("2001:db8:1:2::1")).not.toBe(clientKey("2001:db8:1:3::1"));
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
  });
});
