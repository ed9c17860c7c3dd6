import type { GstRateRow, GstRateTable } from "../../server/quotations/gst-rates.ts";

/** The editor's rows for a table, as the form shows them. */
export function rowsOf(table: GstRateTable): GstRateRow[] {
  return table.map((entry) => ({
    hsn: entry.hsn,
    rate: String(entry.rate),
    effectiveFrom: entry.effectiveFrom,
    note: entry.note ?? "",
  }));
}

/** Every field the table's form may send, for a table of at most `rows` entries and the empty rows after them. */
export function gstRateFieldNames(rows: number): string[] {
  return [
    "rows",
    ...Array.from({ length: rows }, (_, index) => [
      `hsn_${index}`,
      `rate_${index}`,
      `from_${index}`,
      `note_${index}`,
    ]).flat(),
  ];
}
