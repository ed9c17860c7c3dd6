import { describe, expect, test } from "vitest";
import { readScheduleTime } from "./schedule.ts";

// The time chosen for a publication is India's, whatever zone this process runs in (TZ is not read).

const now = Date.UTC(2026, 10, 26, 6, 0); // 26 November 2026, 11:30 in India

describe("a day and time chosen for a publication", () => {
  test("is read as India time, UTC+05:30", () => {
    expect(readScheduleTime("2026-11-26T18:30", now)).toEqual({ at: Date.UTC(2026, 10, 26, 13, 0) });
    expect(readScheduleTime("2026-11-27T00:15:30", now)).toEqual({ at: Date.UTC(2026, 10, 26, 18, 45, 30) });
    expect(readScheduleTime("2026-11-26T11:30:00.5", now)).toEqual({ at: now + 500 });
  });

  test("a time not after now is refused, as is one more than a year ahead", () => {
    expect(readScheduleTime("2026-11-26T11:30", now)).toEqual({ problem: "past" });
    expect(readScheduleTime("2026-11-26T11:29", now)).toEqual({ problem: "past" });
    expect(readScheduleTime("2025-12-01T09:00", now)).toEqual({ problem: "past" });
    expect(readScheduleTime("2027-11-26T11:30", now)).toHaveProperty("at");
    expect(readScheduleTime("2062-11-26T11:30", now)).toEqual({ problem: "too-far" });
  });

  test("no real day and time is refused, and an empty field is missing", () => {
    for (const value of [
      "2027-02-30T10:00",
      "2027-02-29T10:00",
      "2026-12-01T24:00",
      "2026-12-01T10:60",
      "2026-12-01 10:00",
      "2026-12-01",
      "tomorrow",
      "2026-12-01T10:00Z",
      "2026-12-01T10:00+05:30",
      "+275760-09-13T00:00",
    ]) {
      expect(readScheduleTime(value, now), value).toEqual({ problem: "not-a-time" });
    }
    expect(readScheduleTime("2028-02-29T10:00", Date.UTC(2027, 5, 1))).toHaveProperty("at");
    expect(readScheduleTime("", now)).toEqual({ problem: "missing" });
    expect(readScheduleTime("  ", now)).toEqual({ problem: "missing" });
    expect(readScheduleTime(undefined, now)).toEqual({ problem: "missing" });
  });
});
