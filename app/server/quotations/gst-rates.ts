import * as v from "valibot";

/**
 * The GST rate of goods by their HSN code, each rate from the day a
 * notification put it in force, so a quotation starts at the rate of its own
 * date. The table is content handed in by the caller (BillingSettings); this
 * module knows its shape, its checks and how to read a rate from it, not
 * where it is kept. What can be wrong with an entry is an id: the words that
 * say so are the staff area's.
 */

/** Every rate GST charges goods at, in percent; a table's rate is one of them. */
export const KNOWN_GST_RATES = [0, 0.1, 0.25, 1.5, 3, 5, 12, 18, 28, 40] as const;

export type GstRateEntry = {
  /** An HSN code or heading of 4 to 8 digits: it covers every longer code that begins with it. */
  readonly hsn: string;
  /** In percent: CGST and SGST are half of it each, IGST all of it. */
  readonly rate: number;
  /** The first day it applies (YYYY-MM-DD, in India). */
  readonly effectiveFrom: string;
  /** Where the rate comes from, or that it is yet to be confirmed. */
  readonly note?: string;
};

export type GstRateTable = readonly GstRateEntry[];

export type GstRateProblem = "hsn" | "rate" | "date" | "repeated" | "malformed";

/** A problem of a table, and the entry it is in (by position) when it is one entry's. */
export type GstRateTableProblem = { readonly problem: GstRateProblem; readonly entry?: number };

export type GstRateProblemWords = {
  readonly hsn: string;
  rate(known: readonly number[]): string;
  readonly date: string;
  readonly repeated: string;
  readonly malformed: string;
};

const HSN_PATTERN = /^\d{4,8}$/;

/** Whether a value is an HSN code or heading of 4 to 8 digits. */
export function isHsnCode(value: string): boolean {
  return HSN_PATTERN.test(value);
}
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const isKnownRate = (rate: number) => (KNOWN_GST_RATES as readonly number[]).includes(rate);

/** A day the calendar has: 2025-02-29 is not one, though it looks like one. */
function isCalendarDay(day: string): boolean {
  if (!DAY_PATTERN.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

// Each message is the problem's id, read back by gstRateTableProblems.
const problem = (id: GstRateProblem) => id;

export const gstRateEntrySchema = v.object(
  {
    hsn: v.pipe(v.string(problem("hsn")), v.regex(HSN_PATTERN, problem("hsn"))),
    rate: v.pipe(v.number(problem("rate")), v.check(isKnownRate, problem("rate"))),
    effectiveFrom: v.pipe(v.string(problem("date")), v.check(isCalendarDay, problem("date"))),
    note: v.optional(v.string(problem("malformed"))),
  },
  problem("malformed"),
);

/** A table whose entries each pass, and no two of which set a rate for the same HSN from the same day. */
export const gstRateTableSchema = v.pipe(
  v.array(gstRateEntrySchema, problem("malformed")),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const seen = new Set<string>();
    for (const [index, entry] of dataset.value.entries()) {
      const key = `${entry.hsn} ${entry.effectiveFrom}`;
      if (seen.has(key)) {
        addIssue({
          message: problem("repeated"),
          path: [{ type: "array", origin: "value", input: dataset.value, key: index, value: entry }],
        });
      }
      seen.add(key);
    }
  }),
);

/** What is wrong with a table, each problem once per entry; none for a good one. */
export function gstRateTableProblems(table: unknown): GstRateTableProblem[] {
  const result = v.safeParse(gstRateTableSchema, table);
  if (result.success) return [];
  const found = new Map<string, GstRateTableProblem>();
  for (const issue of result.issues) {
    const id = isProblem(issue.message) ? issue.message : "malformed";
    const key = issue.path?.[0]?.key;
    const entry = typeof key === "number" ? key : undefined;
    found.set(`${entry} ${id}`, entry === undefined ? { problem: id } : { problem: id, entry });
  }
  return [...found.values()];
}

const PROBLEMS: readonly string[] = ["hsn", "rate", "date", "repeated", "malformed"] satisfies GstRateProblem[];
const isProblem = (message: string): message is GstRateProblem => PROBLEMS.includes(message);

/** A table's problem in the words staff read. */
export function describeGstRateProblem(id: GstRateProblem, words: GstRateProblemWords): string {
  return id === "rate" ? words.rate(KNOWN_GST_RATES) : words[id];
}

/**
 * The entry that gives an HSN code its rate on a day: of the entries in force
 * that day whose HSN begins the code, the most specific (longest) one, and of
 * its rates the latest. Undefined when the table does not know the code.
 */
export function rateInForce(table: GstRateTable, hsn: string, onDate: string): GstRateEntry | undefined {
  let found: GstRateEntry | undefined;
  for (const entry of table) {
    if (!hsn.startsWith(entry.hsn) || entry.effectiveFrom > onDate) continue;
    if (!found || entry.hsn.length > found.hsn.length) found = entry;
    else if (entry.hsn.length === found.hsn.length && entry.effectiveFrom > found.effectiveFrom) found = entry;
  }
  return found;
}

/** A line whose rate is not the one the table gives its HSN: the line's position, and the table's entry. */
export type RateOffTable = { readonly line: number; readonly rate: number; readonly entry: GstRateEntry };

/**
 * The lines charged at another rate than the table gives their HSN on the
 * day: a warning for staff, never a refusal, as a rate may rightly differ
 * (an exemption, a product the heading does not describe well).
 */
export function ratesOffTable(
  lines: readonly { readonly hsn: string; readonly gstRate: number }[],
  table: GstRateTable,
  onDate: string,
): RateOffTable[] {
  return lines.flatMap((line, index) => {
    const entry = rateInForce(table, line.hsn, onDate);
    return entry && entry.rate !== line.gstRate ? [{ line: index, rate: line.gstRate, entry }] : [];
  });
}

/** The most entries a table may hold: far more than a packaging firm's HSN headings, and a bound on the editor's form. */
export const GST_TABLE_MAX_ENTRIES = 100;

/** One row of the table's editor as typed: empty rows are left out. */
export type GstRateRow = { hsn: string; rate: string; effectiveFrom: string; note: string };

export type GstRateFormResult = { table: GstRateTable } | { problems: ReadonlyMap<number, readonly GstRateProblem[]> };

/**
 * Reads the editor's rows into a table, or says what is wrong with each row
 * (by its position in the form). A row with neither an HSN nor a day is an
 * empty one, left for adding an entry, and dropped.
 */
export function readGstRateRows(rows: readonly GstRateRow[]): GstRateFormResult {
  const kept = rows
    .map((row, position) => ({ row, position }))
    .filter(({ row }) => row.hsn.trim() !== "" || row.effectiveFrom.trim() !== "");
  const table = kept.map(({ row }) => ({
    hsn: row.hsn.replace(/\s+/g, ""),
    rate: row.rate.trim() === "" ? Number.NaN : Number(row.rate),
    effectiveFrom: row.effectiveFrom.trim(),
    ...(row.note.trim() ? { note: row.note.trim() } : {}),
  }));
  const found = gstRateTableProblems(table);
  if (found.length === 0 && table.length <= GST_TABLE_MAX_ENTRIES) return { table };
  const problems = new Map<number, GstRateProblem[]>();
  for (const { problem: id, entry } of found) {
    const position = kept[entry ?? 0]?.position ?? 0;
    problems.set(position, [...(problems.get(position) ?? []), id]);
  }
  if (table.length > GST_TABLE_MAX_ENTRIES) problems.set(GST_TABLE_MAX_ENTRIES, ["malformed"]);
  return { problems };
}
