import { expect, test } from "vitest";
import { retryDelayMs } from "./retry.ts";

const policy = { baseMs: 30_000, maxMs: 3_600_000, maxAttempts: 12 };

test("retry delays double from the base up to the cap, give or take a fifth", () => {
  const middle = () => 0.5;
  expect([1, 2, 3, 4, 8, 12].map((attempt) => retryDelayMs(attempt, policy, middle))).toEqual([
    30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000,
  ]);
  expect(retryDelayMs(1, policy, () => 0)).toBe(24_000);
  expect(retryDelayMs(1, policy, () => 0.999_999)).toBe(36_000);
});
