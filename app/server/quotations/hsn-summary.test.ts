import { describe, expect, test } from "vitest";
import { computeOptionTotals, type TaxMode } from "./gst.ts";
import { hsnSummary } from "./hsn-summary.ts";

const allowedRates = [0, 5, 18, 40];

/** One piece of each item at its price in paise, reckoned as an option, and summarised by HSN. */
function summarised(items: { hsn: string; paise: number; gstRate: number }[], tax: TaxMode) {
  const totals = computeOptionTotals({
    lines: items.map((item) => ({
      quantityMilli: 1_000,
      unitPrice: { tenThousandths: item.paise * 100, per: 1 },
      gstRate: item.gstRate,
    })),
    tax,
    allowedRates,
  });
  const rows = hsnSummary(
    items.map((item, index) => ({ hsn: item.hsn, gstRate: item.gstRate, taxable: totals.lines[index]?.taxable ?? 0 })),
    totals.byRate,
  );
  return { totals, rows };
}

describe("the HSN-wise summary", () => {
  // Leaflets (4911) ₹1,000.50 and calendars (4910) ₹333.33 at 18 %; cartons (481920) ₹500.00 and
  // more cartons, their code typed with a space (4819 20), ₹250.00 at 5 %.
  const items = [
    { hsn: "4911", paise: 100_050, gstRate: 18 },
    { hsn: "4910", paise: 33_333, gstRate: 18 },
    { hsn: "481920", paise: 50_000, gstRate: 5 },
    { hsn: "4819 20", paise: 25_000, gstRate: 5 },
  ];

  test("has a row per code and rate, by code, and shares each rate's tax so the rows add up to the document's", () => {
    // Within the state. 18 %: ₹1,333.83 × 9 % = ₹120.0447 → ₹120.04 each of CGST and SGST, shared
    //   33,333 : 1,00,050 → exactly 2,999.85 and 9,004.15 paise: 2,999 and 9,004 whole, the paisa
    //   left to 4910's larger fraction: ₹30.00 and ₹90.04. (Reckoned alone, 4911's would be
    //   ₹90.045 → ₹90.05, and the rows would add up to a paisa more than the document.)
    // 5 %: ₹750.00 × 2.5 % = ₹18.75 each, all of it 481920's.
    const { totals, rows } = summarised(items, "intra-state");
    expect(rows).toEqual([
      { hsn: "481920", rate: 5, taxable: 75_000, cgst: 1_875, sgst: 1_875, igst: 0 },
      { hsn: "4910", rate: 18, taxable: 33_333, cgst: 3_000, sgst: 3_000, igst: 0 },
      { hsn: "4911", rate: 18, taxable: 100_050, cgst: 9_004, sgst: 9_004, igst: 0 },
    ]);
    expect(totals).toMatchObject({ taxable: 208_383, cgst: 13_879, sgst: 13_879 });
  });

  test("between states the rows carry IGST", () => {
    // 18 %: ₹1,333.83 × 18 % = ₹240.0894 → ₹240.09, shared → ₹60.00 and ₹180.09; 5 %: ₹37.50.
    const { rows } = summarised(items, "inter-state");
    expect(rows.map((row) => [row.hsn, row.igst, row.cgst + row.sgst])).toEqual([
      ["481920", 3_750, 0],
      ["4910", 6_000, 0],
      ["4911", 18_009, 0],
    ]);
  });

  test("one code at two rates is two rows", () => {
    const { rows } = summarised(
      [
        { hsn: "4819", paise: 10_000, gstRate: 18 },
        { hsn: "4819", paise: 10_000, gstRate: 5 },
      ],
      "inter-state",
    );
    expect(rows.map((row) => [row.hsn, row.rate, row.igst])).toEqual([
      ["4819", 5, 500],
      ["4819", 18, 1_800],
    ]);
  });

  test("zero-rated rows have their taxable values and no tax", () => {
    const { rows } = summarised(items, "zero-rated");
    expect(rows.map((row) => [row.taxable, row.cgst + row.sgst + row.igst])).toEqual([
      [75_000, 0],
      [33_333, 0],
      [100_050, 0],
    ]);
  });

  test("on any mix of codes and rates, the rows add up to the taxable value and to each tax", () => {
    let state = 30;
    const next = (below: number) => {
      state = (state * 48_271) % 2_147_483_647;
      return Math.floor((state / 2_147_483_647) * below);
    };
    const codes = ["4819", "481910", "481920", "4911", "4910", "8441"];
    const rates = [0, 5, 18, 40];
    for (let i = 0; i < 300; i++) {
      const mixed = Array.from({ length: 1 + next(8) }, () => ({
        hsn: codes[next(codes.length)] ?? "4819",
        paise: 1 + next(10_000_000),
        gstRate: rates[next(rates.length)] ?? 18,
      }));
      const { totals, rows } = summarised(mixed, next(2) === 0 ? "intra-state" : "inter-state");
      const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((all, row) => all + pick(row), 0);
      expect(sum((row) => row.taxable)).toBe(totals.taxable);
      expect(sum((row) => row.cgst)).toBe(totals.cgst);
      expect(sum((row) => row.sgst)).toBe(totals.sgst);
      expect(sum((row) => row.igst)).toBe(totals.igst);
      for (const row of rows) {
        // Each tax of a row is less than a paisa and a half from the one reckoned on the row alone:
        // half a paisa of its rate's rounding, less than a paisa of the sharing.
        const own = (row.taxable * row.rate) / 100;
        if (totals.igst > 0) expect(Math.abs(row.igst - own)).toBeLessThan(1.5);
        expect(Math.abs(row.cgst - (totals.cgst > 0 ? own / 2 : 0))).toBeLessThan(1.5);
        expect(row.sgst).toBe(row.cgst);
      }
    }
  });
});
