import { describe, expect, test } from "vitest";
import { financialYear, formatDay, quotationNumber } from "./numbering.ts";

// India keeps UTC+5:30 all year, so midnight in India is 18:30 UTC the day before.

describe("financialYear", () => {
  test.each([
    // 31 March 2027, 23:59:59.999 in India is 18:29:59.999 UTC: still the year that began in April 2026.
    ["2027-03-31T18:29:59.999Z", "2026-27"],
    // 1 April 2027, 00:00 in India is 18:30 UTC on 31 March: the new year, though UTC is still in March.
    ["2027-03-31T18:30:00.000Z", "2027-28"],
    // 20:00 UTC on 31 March is 01:30 on 1 April in India.
    ["2027-03-31T20:00:00.000Z", "2027-28"],
    // The first moment of 2026-27 and the moment before it.
    ["2026-03-31T18:30:00.000Z", "2026-27"],
    ["2026-03-31T18:29:59.999Z", "2025-26"],
    // Mid-year and the calendar new year, which is not a financial new year.
    ["2026-09-15T06:00:00.000Z", "2026-27"],
    ["2026-12-31T18:30:00.000Z", "2026-27"],
    // 1 April 2099 in India: the year ends in 2100, written "00".
    ["2099-04-01T00:00:00.000Z", "2099-00"],
    ["2009-04-01T00:00:00.000Z", "2009-10"],
  ])("%s falls in %s", (at, year) => {
    expect(financialYear(new Date(at))).toBe(year);
  });

  test("refuses a date that is not one", () => {
    expect(() => financialYear(new Date("31 Smarch"))).toThrow(RangeError);
  });
});

describe("quotationNumber", () => {
  test.each([
    ["2026-27", 1, 0, "QT/2026-27/0001"],
    ["2026-27", 1, 1, "QT/2026-27/0001-R1"],
    ["2026-27", 42, 12, "QT/2026-27/0042-R12"],
    ["2026-27", 9_999, 0, "QT/2026-27/9999"],
    ["2026-27", 10_000, 0, "QT/2026-27/10000"],
    ["2026-27", 123_456, 2, "QT/2026-27/123456-R2"],
    ["2099-00", 7, 0, "QT/2099-00/0007"],
  ])("%s, serial %i, revision %i is %s", (year, serial, revision, number) => {
    expect(quotationNumber(year, serial, revision)).toBe(number);
  });

  test("has no revision mark when no revision is given", () => {
    expect(quotationNumber("2026-27", 1)).toBe("QT/2026-27/0001");
  });

  test.each([
    ["a year whose halves do not follow", "2026-28", 1, 0],
    ["a calendar year", "2026", 1, 0],
    ["a year written in full", "2026-2027", 1, 0],
    ["serial 0", "2026-27", 0, 0],
    ["a fraction of a serial", "2026-27", 1.5, 0],
    ["a negative revision", "2026-27", 1, -1],
    ["a fraction of a revision", "2026-27", 1, 0.5],
  ])("refuses %s", (_, year, serial, revision) => {
    expect(() => quotationNumber(year, serial, revision)).toThrow(RangeError);
  });
});

describe("formatDay", () => {
  test("writes a day with the month in words, the same on the PDF, the pages and the mails", () => {
    expect(formatDay("2026-05-04")).toBe("4 May 2026");
    expect(formatDay("2027-12-31")).toBe("31 Dec 2027");
    // Anything else is shown as it came rather than as a wrong date.
    expect(formatDay("2026-13-01")).toBe("2026-13-01");
  });
});
