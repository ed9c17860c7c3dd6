import { describe, expect, test } from "vitest";
import {
  describeGstRateProblem,
  GST_TABLE_MAX_ENTRIES,
  type GstRateProblemWords,
  type GstRateTable,
  gstRateTableProblems,
  rateInForce,
  ratesOffTable,
  readGstRateRows,
} from "./gst-rates.ts";

/** Cartons at 18 % until the rates of 22 September 2025 moved folding cartons to 5 %. */
const table: GstRateTable = [
  { hsn: "4819", rate: 18, effectiveFrom: "2017-07-01" },
  { hsn: "481920", rate: 5, effectiveFrom: "2025-09-22" },
];

describe("the rate in force for an HSN code on a day", () => {
  test("the day before a new rate, the heading's; from its first day, the new one", () => {
    expect(rateInForce(table, "48192000", "2025-09-21")).toBe(table[0]);
    expect(rateInForce(table, "48192000", "2025-09-22")).toBe(table[1]);
    expect(rateInForce(table, "481920", "2026-01-01")?.rate).toBe(5);
  });

  test("a code shorter than the specific entry, or beside it, takes the heading's rate", () => {
    expect(rateInForce(table, "4819", "2026-01-01")?.rate).toBe(18);
    expect(rateInForce(table, "48191000", "2026-01-01")?.rate).toBe(18);
  });

  test("the latest rate of the most specific entry wins, whatever the table's order", () => {
    const history: GstRateTable = [
      { hsn: "4911", rate: 18, effectiveFrom: "2025-09-22" },
      { hsn: "4911", rate: 12, effectiveFrom: "2017-07-01" },
      { hsn: "491110", rate: 5, effectiveFrom: "2030-01-01" },
    ];
    expect(rateInForce(history, "49111010", "2020-05-05")?.rate).toBe(12);
    expect(rateInForce(history, "49111010", "2025-09-22")?.rate).toBe(18);
    expect(rateInForce(history, "49111010", "2030-01-01")?.rate).toBe(5);
  });

  test("a code the table does not know, or a day before any of its rates, has none", () => {
    expect(rateInForce(table, "3923", "2026-01-01")).toBeUndefined();
    expect(rateInForce(table, "4819", "2017-06-30")).toBeUndefined();
    expect(rateInForce([], "4819", "2026-01-01")).toBeUndefined();
  });
});

describe("lines charged at another rate than the table's", () => {
  test("are found with the entry that gives their HSN its rate; lines the table agrees with or does not know are not", () => {
    const lines = [
      { hsn: "481920", gstRate: 18 },
      { hsn: "4819", gstRate: 18 },
      { hsn: "3923", gstRate: 18 },
    ];
    expect(ratesOffTable(lines, table, "2025-09-22")).toEqual([{ line: 0, rate: 18, entry: table[1] }]);
    expect(ratesOffTable(lines, table, "2025-09-21")).toEqual([]);
  });
});

describe("a table's checks", () => {
  test("the company's kind of table passes", () => {
    expect(gstRateTableProblems(table)).toEqual([]);
    expect(gstRateTableProblems([{ hsn: "49111010", rate: 0.25, effectiveFrom: "2024-02-29", note: "x" }])).toEqual([]);
  });

  test("an HSN of two digits, or with letters, is refused", () => {
    expect(gstRateTableProblems([{ hsn: "48", rate: 18, effectiveFrom: "2017-07-01" }])).toEqual([
      { problem: "hsn", entry: 0 },
    ]);
    expect(gstRateTableProblems([...table, { hsn: "48A9", rate: 18, effectiveFrom: "2017-07-01" }])).toEqual([
      { problem: "hsn", entry: 2 },
    ]);
    expect(gstRateTableProblems([{ hsn: "481920001", rate: 18, effectiveFrom: "2017-07-01" }])).toEqual([
      { problem: "hsn", entry: 0 },
    ]);
  });

  test("a rate GST does not charge, and a day the calendar does not have, are refused", () => {
    expect(gstRateTableProblems([{ hsn: "4819", rate: 15, effectiveFrom: "2017-07-01" }])).toEqual([
      { problem: "rate", entry: 0 },
    ]);
    for (const day of ["2025-02-29", "2025-13-01", "22-09-2025", "2025-9-22", ""]) {
      expect(gstRateTableProblems([{ hsn: "4819", rate: 18, effectiveFrom: day }]), day).toEqual([
        { problem: "date", entry: 0 },
      ]);
    }
  });

  test("two rates for one HSN from one day are refused at the second; from another day they are history", () => {
    const repeated = [...table, { hsn: "481920", rate: 18, effectiveFrom: "2025-09-22" }];
    expect(gstRateTableProblems(repeated)).toEqual([{ problem: "repeated", entry: 2 }]);
    expect(gstRateTableProblems([...table, { hsn: "481920", rate: 18, effectiveFrom: "2026-04-01" }])).toEqual([]);
  });

  test("what is not a table of entries is refused as such", () => {
    expect(gstRateTableProblems("4819 at 18 %")).toEqual([{ problem: "malformed" }]);
    expect(gstRateTableProblems([null])).toEqual([{ problem: "malformed", entry: 0 }]);
    expect(gstRateTableProblems([{ hsn: 4819, rate: "18", effectiveFrom: "2017-07-01" }])).toEqual([
      { problem: "hsn", entry: 0 },
      { problem: "rate", entry: 0 },
    ]);
  });

  test("a problem is told in the words handed in, the rates GST knows named", () => {
    const words: GstRateProblemWords = {
      hsn: "hsn",
      rate: (known) => `one of ${known.join(", ")}`,
      date: "date",
      repeated: "repeated",
      malformed: "malformed",
    };
    expect(describeGstRateProblem("rate", words)).toBe("one of 0, 0.1, 0.25, 1.5, 3, 5, 12, 18, 28, 40");
    expect(describeGstRateProblem("repeated", words)).toBe("repeated");
  });
});

describe("the table's editor", () => {
  const row = (hsn: string, rate: string, effectiveFrom: string, note = "") => ({ hsn, rate, effectiveFrom, note });

  test("rows become the table, empty rows dropped, spaces in an HSN taken out", () => {
    expect(readGstRateRows([row("4819 20", "5", "2025-09-22", "Notification 9/2025"), row("", "", "")])).toEqual({
      table: [{ hsn: "481920", rate: 5, effectiveFrom: "2025-09-22", note: "Notification 9/2025" }],
    });
  });

  test("each bad row is named by its place in the form, an empty one before it not counted out", () => {
    const result = readGstRateRows([
      row("4819", "18", "2017-07-01"),
      row("", "", ""),
      row("48", "7", "2025-02-30"),
      row("4819", "5", "2017-07-01"),
    ]);
    expect("problems" in result && Object.fromEntries(result.problems)).toEqual({
      2: ["hsn", "rate", "date"],
      3: ["repeated"],
    });
  });

  test("a table longer than the limit is refused, however the rows are sent", () => {
    const rows = Array.from({ length: GST_TABLE_MAX_ENTRIES + 1 }, (_, index) =>
      row(String(48_190_000 + index), "18", "2017-07-01"),
    );
    expect(readGstRateRows(rows)).toHaveProperty("problems");
    expect(readGstRateRows(rows.slice(0, GST_TABLE_MAX_ENTRIES))).toHaveProperty("table");
  });
});
