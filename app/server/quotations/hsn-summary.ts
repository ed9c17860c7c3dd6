import { type RateTotals, shareOutPaise } from "./gst.ts";
import type { Paise } from "./money.ts";

/** One row of the HSN-wise summary: the taxable value and the tax of one HSN (or SAC) code at one rate. */
export type HsnSummaryRow = {
  hsn: string;
  rate: number;
  taxable: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
};

/** A line or one-time charge of a computed option: its HSN or SAC code, its rate and its taxable value. */
export type HsnSummaryItem = { hsn: string; gstRate: number; taxable: Paise };

/**
 * The HSN-wise summary of a quotation, one row per HSN code and rate, by
 * code and then rate. Tax is reckoned once per rate (gst.ts, rule 7), so each
 * rate's tax is shared out over that rate's codes in proportion to their
 * taxable values, by the largest-remainder method: the rows add up to the
 * document's taxable value and to each of its taxes exactly, and each tax of
 * a row is less than a paisa and a half from that reckoned on the row alone.
 */
export function hsnSummary(items: readonly HsnSummaryItem[], byRate: readonly RateTotals[]): HsnSummaryRow[] {
  const groups = new Map<string, { hsn: string; rate: number; taxable: Paise }>();
  for (const item of items) {
    // "4819 20" and "481920" are one code.
    const hsn = item.hsn.replace(/\s+/g, "");
    const key = `${hsn} ${item.gstRate}`;
    const group = groups.get(key) ?? { hsn, rate: item.gstRate, taxable: 0 };
    group.taxable += item.taxable;
    groups.set(key, group);
  }
  const sorted = [...groups.values()].sort((a, b) => (a.hsn === b.hsn ? a.rate - b.rate : a.hsn < b.hsn ? -1 : 1));
  const taxes = new Map<(typeof sorted)[number], { cgst: Paise; sgst: Paise; igst: Paise }>();
  for (const rateRow of byRate) {
    const ofRate = sorted.filter((group) => group.rate === rateRow.rate);
    const weights = ofRate.map((group) => group.taxable);
    const cgst = shareOutPaise(rateRow.cgst, weights);
    const sgst = shareOutPaise(rateRow.sgst, weights);
    const igst = shareOutPaise(rateRow.igst, weights);
    ofRate.forEach((group, index) => {
      taxes.set(group, { cgst: cgst[index] ?? 0, sgst: sgst[index] ?? 0, igst: igst[index] ?? 0 });
    });
  }
  return sorted.map((group) => ({ ...group, ...(taxes.get(group) ?? { cgst: 0, sgst: 0, igst: 0 }) }));
}
