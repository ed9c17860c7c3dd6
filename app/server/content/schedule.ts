/**
 * The time an owner chooses for drafts to be published, as a form gives it:
 * a day and a time of day in India (an `<input type="datetime-local">`, which
 * carries no zone), whatever zone the server or the browser is in.
 */

/** Why a chosen time is refused: none given, no real day and time, not after now, or more than a year ahead. */
export type ScheduleProblem = "missing" | "not-a-time" | "past" | "too-far";

/** India Standard Time, UTC+05:30: India has kept one offset all year since 1945, so a sum is exact. */
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** The furthest ahead a publication may be scheduled: a year, so that a mistyped year is caught. */
const SCHEDULE_AHEAD_LIMIT_MS = 366 * 24 * 60 * 60_000;

/** What a datetime-local control sends: the day, and the time to the minute, second or millisecond. */
const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;

/** The moment a datetime-local value names in India; undefined when it is no real day and time (30 February, 24:00). */
function fromIndiaTime(value: string): number | undefined {
  const parts = LOCAL_TIME.exec(value.trim());
  if (!parts) return undefined;
  const part = (index: number) => Number(parts[index] ?? 0);
  const asked = [part(1), part(2) - 1, part(3), part(4), part(5), part(6)] as const;
  const [year, month, day, hour, minute, second] = asked;
  const utc = new Date(0);
  // setUTCFullYear, not Date.UTC, which reads the years 0 to 99 as 1900 to 1999.
  utc.setUTCFullYear(year, month, day);
  utc.setUTCHours(hour, minute, second, Number((parts[7] ?? "0").padEnd(3, "0")));
  // Date rolls 30 February over to March and 24:00 to the next day: a value it changed named no real moment.
  const read = [
    utc.getUTCFullYear(),
    utc.getUTCMonth(),
    utc.getUTCDate(),
    utc.getUTCHours(),
    utc.getUTCMinutes(),
    utc.getUTCSeconds(),
  ];
  const real = read.every((value, index) => value === asked[index]);
  return real ? utc.getTime() - INDIA_OFFSET_MS : undefined;
}

/** The moment to publish at, from the form's value, or why it cannot be: it must be a real time, after now and within a year. */
export function readScheduleTime(
  value: string | undefined,
  now: number,
): { at: number } | { problem: ScheduleProblem } {
  if (!value?.trim()) return { problem: "missing" };
  const at = fromIndiaTime(value);
  if (at === undefined) return { problem: "not-a-time" };
  if (at <= now) return { problem: "past" };
  if (at - now > SCHEDULE_AHEAD_LIMIT_MS) return { problem: "too-far" };
  return { at };
}
