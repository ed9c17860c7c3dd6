import { describe, expect, test } from "vitest";
import { formatWait } from "./wait.ts";

describe("a wait in words", () => {
  test.each([
    [0, "0 min"],
    [-5000, "0 min"],
    [59 * 60_000, "59 min"],
    [60 * 60_000, "1 h"],
    [200 * 60_000, "3 h 20 min"],
    [24 * 3_600_000, "1 day"],
    [52 * 3_600_000 + 59 * 60_000, "2 days 4 h"],
  ])("%i ms is %s", (ms, words) => {
    expect(formatWait(ms)).toBe(words);
  });
});
