import { describe, expect, test } from "vitest";
import { computeQuotation, type LineInput, QuotationError, type QuotationInput } from "./gst.ts";

// Amounts below are in paise (₹1 = 100) and quantities in thousandths (1 unit = 1000),
// as the module takes them; the comments give both so each sum can be checked by hand.

const allowedRates = [0, 0.25, 3, 5, 12, 18, 28];

function quote(lines: LineInput[], rest: Partial<QuotationInput> = {}): ReturnType<typeof computeQuotation> {
  return computeQuotation({ lines, supply: "inter-state", allowedRates, ...rest });
}

function line(units: number, unitPricePaise: number, gstRate: number): LineInput {
  return { quantityMilli: Math.round(units * 1000), unitPricePaise, gstRate };
}

describe("within a state and between states, on the same lines", () => {
  test("CGST + SGST equals IGST when half the rate comes out to whole paise", () => {
    // 10 × ₹100.00 = ₹1,000.00 at 18 %.
    // IGST = 1,000.00 × 18 % = ₹180.00; CGST = SGST = 1,000.00 × 9 % = ₹90.00.
    const lines = [line(10, 10_000, 18)];
    const inter = quote(lines, { supply: "inter-state" });
    const intra = quote(lines, { supply: "intra-state" });
    expect(inter).toMatchObject({ taxable: 100_000, igst: 18_000, cgst: 0, sgst: 0, tax: 18_000, total: 118_000 });
    expect(intra).toMatchObject({ taxable: 100_000, igst: 0, cgst: 9_000, sgst: 9_000, tax: 18_000, total: 118_000 });
    expect(intra.roundOff).toBe(0);
  });

  test("CGST + SGST may be one paisa more than IGST, since each half is rounded on its own", () => {
    // 3 × ₹333.50 = ₹1,000.50 at 18 %.
    // Between states: IGST = 1,000.50 × 18 % = ₹180.09 exactly.
    //   Before rounding 1,000.50 + 180.09 = ₹1,180.59 → total ₹1,181.00, round-off +₹0.41.
    // Within the state: 1,000.50 × 9 % = ₹90.045, half a paisa, so up to ₹90.05 for CGST and
    //   for SGST: ₹180.10 together, one paisa more than IGST. Each tax follows the rule on its own,
    //   and this is accepted rather than forced to match.
    //   Before rounding 1,000.50 + 180.10 = ₹1,180.60 → total ₹1,181.00, round-off +₹0.40.
    const lines = [line(3, 33_350, 18)];
    const inter = quote(lines, { supply: "inter-state" });
    const intra = quote(lines, { supply: "intra-state" });
    expect(inter.taxable).toBe(100_050);
    expect(inter.igst).toBe(18_009);
    expect(inter).toMatchObject({ beforeRounding: 118_059, roundOff: 41, total: 118_100 });
    expect(intra.cgst).toBe(9_005);
    expect(intra.sgst).toBe(9_005);
    expect(intra.cgst + intra.sgst - inter.igst).toBe(1);
    expect(intra).toMatchObject({ tax: 18_010, beforeRounding: 118_060, roundOff: 40, total: 118_100 });
  });

  test("CGST always equals SGST, and the pair never strays more than a paisa per rate from IGST", () => {
    const next = seeded(2026);
    for (let i = 0; i < 500; i++) {
      const lines = randomLines(next);
      const intra = quote(lines, { supply: "intra-state" });
      const inter = quote(lines, { supply: "inter-state" });
      expect(intra.cgst).toBe(intra.sgst);
      intra.byRate.forEach((row, index) => {
        expect(row.cgst).toBe(row.sgst);
        expect(row.igst).toBe(0);
        const igst = inter.byRate[index]?.igst ?? Number.NaN;
        expect(Math.abs(row.cgst + row.sgst - igst)).toBeLessThanOrEqual(1);
      });
      expect(inter.cgst + inter.sgst).toBe(0);
    }
  });
});

describe("lines at different rates", () => {
  // Line 1: 250 × ₹4.10 = ₹1,025.00 at 5 %.
  // Line 2: 1,000 × ₹2.75 = ₹2,750.00 at 18 %.
  // Line 3: 2.5 × ₹333.33 = ₹833.325, half a paisa, so ₹833.33 at 18 %.
  // Goods ₹1,025.00 + ₹2,750.00 + ₹833.33 = ₹4,608.33.
  // Taxable at 5 % ₹1,025.00; at 18 % ₹2,750.00 + ₹833.33 = ₹3,583.33.
  const lines = [line(250, 410, 5), line(1_000, 275, 18), line(2.5, 33_333, 18)];

  test("between states, IGST is reckoned once per rate", () => {
    // 5 %: 1,025.00 × 5 % = ₹51.25.
    // 18 %: 3,583.33 × 18 % = ₹644.9994 → ₹645.00. Reckoned line by line it would have been
    //   495.00 + 149.9994 → 495.00 + 150.00, the same here, but only the per-rate sum is the rule.
    // Tax 51.25 + 645.00 = ₹696.25; before rounding 4,608.33 + 696.25 = ₹5,304.58
    //   → total ₹5,305.00, round-off +₹0.42.
    const totals = quote(lines, { supply: "inter-state" });
    expect(totals.lines.map((row) => row.amount)).toEqual([102_500, 275_000, 83_333]);
    expect(totals.goods).toBe(460_833);
    expect(totals.byRate).toEqual([
      { rate: 5, taxable: 102_500, cgst: 0, sgst: 0, igst: 5_125 },
      { rate: 18, taxable: 358_333, cgst: 0, sgst: 0, igst: 64_500 },
    ]);
    expect(totals).toMatchObject({ igst: 69_625, tax: 69_625, beforeRounding: 530_458, roundOff: 42, total: 530_500 });
  });

  test("within a state, CGST and SGST are each half the rate, per rate", () => {
    // 5 %: 1,025.00 × 2.5 % = ₹25.625 → ₹25.63 each (₹51.26, a paisa over the IGST of ₹51.25).
    // 18 %: 3,583.33 × 9 % = ₹322.4997 → ₹322.50 each.
    // CGST = SGST = 25.63 + 322.50 = ₹348.13; tax ₹696.26.
    // Before rounding 4,608.33 + 696.26 = ₹5,304.59 → total ₹5,305.00, round-off +₹0.41.
    const totals = quote(lines, { supply: "intra-state" });
    expect(totals.byRate).toEqual([
      { rate: 5, taxable: 102_500, cgst: 2_563, sgst: 2_563, igst: 0 },
      { rate: 18, taxable: 358_333, cgst: 32_250, sgst: 32_250, igst: 0 },
    ]);
    expect(totals).toMatchObject({ cgst: 34_813, sgst: 34_813, igst: 0, tax: 69_626, beforeRounding: 530_459 });
    expect(totals).toMatchObject({ roundOff: 41, total: 530_500 });
  });

  test("lists the rates lowest first, whatever the order of the lines, with a row per rate", () => {
    const totals = quote([line(1, 10_000, 28), line(1, 10_000, 0.25), line(1, 10_000, 0), line(1, 100, 28)]);
    expect(totals.byRate.map((row) => [row.rate, row.taxable])).toEqual([
      [0, 10_000],
      [0.25, 10_000],
      [28, 10_100],
    ]);
    // 0.25 % of ₹100.00 = ₹0.25; 28 % of ₹101.00 = ₹28.28; nothing at 0 %.
    expect(totals.byRate.map((row) => row.igst)).toEqual([0, 25, 2_828]);
  });

  test("a quarter per cent within a state is an eighth per cent each, rounded half up", () => {
    // ₹1,000.00 × 0.125 % = ₹1.25 each; ₹1,004.00 × 0.125 % = ₹1.255 → ₹1.26 each.
    expect(quote([line(1, 100_000, 0.25)], { supply: "intra-state" }).cgst).toBe(125);
    expect(quote([line(1, 100_400, 0.25)], { supply: "intra-state" }).sgst).toBe(126);
  });
});

describe("a discount before tax", () => {
  // Line 1: 3 × ₹117.00 = ₹351.00; line 2: 7 × ₹95.50 = ₹668.50; line 3: 11 × ₹41.25 = ₹453.75.
  // Goods ₹1,473.25 (147,325 paise), all at 18 %.
  const lines = [line(3, 11_700, 18), line(7, 9_550, 18), line(11, 4_125, 18)];

  test("as a percent of the goods, shared out by largest remainder", () => {
    // Discount 7.5 % of 1,473.25 = ₹110.49375 → ₹110.49 (11,049 paise).
    // Exact shares, 11,049 × amount / 147,325:
    //   line 1: 11,049 × 35,100 / 147,325 = 2,632 remainder 60,500   (2,632.41)
    //   line 2: 11,049 × 66,850 / 147,325 = 5,013 remainder 85,425   (5,013.58)
    //   line 3: 11,049 × 45,375 / 147,325 = 3,403 remainder 1,400    (3,403.01)
    // Whole paise 2,632 + 5,013 + 3,403 = 11,048: one paisa left, to line 2 with the largest remainder.
    // Taxable 1,473.25 − 110.49 = ₹1,362.76; IGST 18 % = ₹245.2968 → ₹245.30.
    // Before rounding ₹1,608.06 → total ₹1,608.00, round-off −₹0.06.
    const totals = quote(lines, { discount: { percent: 7.5 } });
    expect(totals.goods).toBe(147_325);
    expect(totals.discount).toBe(11_049);
    expect(totals.lines.map((row) => row.discountShare)).toEqual([2_632, 5_014, 3_403]);
    expect(totals.lines.map((row) => row.taxable)).toEqual([32_468, 61_836, 41_972]);
    expect(totals).toMatchObject({ taxable: 136_276, igst: 24_530, beforeRounding: 160_806, roundOff: -6 });
    expect(totals.total).toBe(160_800);
  });

  test("as an amount, shared out by largest remainder", () => {
    // Discount ₹100.00 (10,000 paise). Exact shares, 10,000 × amount / 147,325:
    //   line 1: 351,000,000 / 147,325 = 2,382 remainder 71,850    (2,382.49)
    //   line 2: 668,500,000 / 147,325 = 4,537 remainder 86,475    (4,537.59)
    //   line 3: 453,750,000 / 147,325 = 3,079 remainder 136,325   (3,079.93)
    // Whole paise 2,382 + 4,537 + 3,079 = 9,998: two paise left, to lines 3 and 2, not line 1.
    // Within the state: taxable ₹1,373.25 × 9 % = ₹123.5925 → ₹123.59 each, tax ₹247.18.
    // Before rounding ₹1,620.43 → total ₹1,620.00, round-off −₹0.43.
    const totals = quote(lines, { discount: { paise: 10_000 }, supply: "intra-state" });
    expect(totals.lines.map((row) => row.discountShare)).toEqual([2_382, 4_538, 3_080]);
    expect(totals).toMatchObject({ discount: 10_000, taxable: 137_325, cgst: 12_359, sgst: 12_359 });
    expect(totals).toMatchObject({ beforeRounding: 162_043, roundOff: -43, total: 162_000 });
  });

  test("a paisa left over on equal lines goes to the earlier line", () => {
    // Three lines of ₹1.00 and a discount of ₹0.02: each exact share is 2/3 of a paisa, 0 whole,
    // all remainders equal, so the two paise go to lines 1 and 2.
    const totals = quote([line(1, 100, 18), line(1, 100, 18), line(1, 100, 18)], { discount: { paise: 2 } });
    expect(totals.lines.map((row) => row.discountShare)).toEqual([1, 1, 0]);
  });

  test("the shares always add up to the discount exactly", () => {
    const next = seeded(7);
    for (let i = 0; i < 500; i++) {
      const lines = randomLines(next);
      const goods = quote(lines).goods;
      const discount = next(2) === 0 ? { percent: next(10_001) / 100 } : { paise: next(goods + 1) };
      const totals = quote(lines, { discount });
      expect(totals.lines.reduce((sum, row) => sum + row.discountShare, 0)).toBe(totals.discount);
      for (const row of totals.lines) expect(row.discountShare).toBeLessThanOrEqual(row.amount);
    }
  });

  test("100 % takes off all the goods", () => {
    const totals = quote(lines, { discount: { percent: 100 } });
    expect(totals).toMatchObject({ discount: 147_325, taxable: 0, tax: 0, total: 0 });
  });

  test("is refused when it is more than the goods", () => {
    expect(() => quote(lines, { discount: { paise: 147_326 } })).toThrow(
      new QuotationError("The discount of ₹1,473.26 is more than the goods' total of ₹1,473.25"),
    );
    expect(() => quote(lines, { discount: { percent: 100.01 } })).toThrow(QuotationError);
  });
});

describe("packing and freight", () => {
  test("are shared out over the lines and taxed at the rates of their goods", () => {
    // Line 1: 4 × ₹100.00 = ₹400.00 at 5 %; line 2: 6 × ₹100.00 = ₹600.00 at 18 %.
    // Packing ₹150.00 → 400 : 600 → ₹60.00 and ₹90.00.
    // Freight ₹250.50 → ₹100.20 and ₹150.30.
    // Taxable at 5 % 400.00 + 60.00 + 100.20 = ₹560.20 → IGST 5 % = ₹28.01.
    // Taxable at 18 % 600.00 + 90.00 + 150.30 = ₹840.30 → IGST 18 % = ₹151.254 → ₹151.25.
    // Taxable ₹1,400.50, tax ₹179.26, before rounding ₹1,579.76 → total ₹1,580.00, round-off +₹0.24.
    const totals = quote([line(4, 10_000, 5), line(6, 10_000, 18)], { packingPaise: 15_000, freightPaise: 25_050 });
    expect(totals.lines).toEqual([
      { amount: 40_000, discountShare: 0, packingShare: 6_000, freightShare: 10_020, taxable: 56_020 },
      { amount: 60_000, discountShare: 0, packingShare: 9_000, freightShare: 15_030, taxable: 84_030 },
    ]);
    expect(totals.byRate.map((row) => [row.rate, row.taxable, row.igst])).toEqual([
      [5, 56_020, 2_801],
      [18, 84_030, 15_125],
    ]);
    expect(totals).toMatchObject({ packing: 15_000, freight: 25_050, taxable: 140_050, tax: 17_926 });
    expect(totals).toMatchObject({ beforeRounding: 157_976, roundOff: 24, total: 158_000 });
  });

  test("follow the amounts after discount", () => {
    // Line 1: ₹300.00 at 5 %, line 2: ₹100.00 at 18 %; a discount of ₹100.00 → ₹75.00 and ₹25.00,
    // leaving ₹225.00 and ₹75.00. Freight ₹10.00 → 3 : 1 → ₹7.50 and ₹2.50.
    // Taxable ₹232.50 and ₹77.50, within the state:
    //   5 %: 232.50 × 2.5 % = ₹5.8125 → ₹5.81 each; 18 %: 77.50 × 9 % = ₹6.975 → ₹6.98 each.
    // Tax 2 × (5.81 + 6.98) = ₹25.58; before rounding 310.00 + 25.58 = ₹335.58 → ₹336.00, +₹0.42.
    const totals = quote([line(1, 30_000, 5), line(1, 10_000, 18)], {
      discount: { paise: 10_000 },
      freightPaise: 1_000,
      supply: "intra-state",
    });
    expect(totals.lines.map((row) => [row.discountShare, row.freightShare, row.taxable])).toEqual([
      [7_500, 750, 23_250],
      [2_500, 250, 7_750],
    ]);
    expect(totals.byRate.map((row) => row.cgst)).toEqual([581, 698]);
    expect(totals).toMatchObject({ tax: 2_558, beforeRounding: 33_558, roundOff: 42, total: 33_600 });
  });

  test("a rupee over three equal lines is 34, 33 and 33 paise", () => {
    // ₹1.00 / 3 = 33⅓ paise each: 33 whole each, one paisa left, equal remainders, to line 1.
    const totals = quote([line(1, 500, 18), line(1, 500, 18), line(1, 500, 18)], { packingPaise: 100 });
    expect(totals.lines.map((row) => row.packingShare)).toEqual([34, 33, 33]);
  });

  test("pass over a line that comes to nothing", () => {
    // Lines of ₹5.00, ₹0.00 and ₹5.00 less a discount of ₹5.00 leave ₹2.50, nothing and ₹2.50.
    // Packing of ₹0.99 is 49.5, 0 and 49.5 paise exactly: one paisa left, to line 1 → 50, 0, 49.
    const totals = quote([line(1, 500, 18), line(1, 0, 18), line(1, 500, 5)], {
      discount: { paise: 500 },
      packingPaise: 99,
    });
    expect(totals.lines.map((row) => row.packingShare)).toEqual([50, 0, 49]);
  });

  test("are refused when the goods come to nothing after discount, as there is nothing to share them by", () => {
    expect(() => quote([line(1, 500, 18)], { discount: { percent: 100 }, freightPaise: 100 })).toThrow(
      new QuotationError("Freight cannot be shared out: the goods come to nothing after discount"),
    );
    // With nothing to share out there is nothing to refuse.
    expect(quote([line(1, 500, 18)], { discount: { percent: 100 }, freightPaise: 0 }).total).toBe(0);
  });

  test("add up to what was charged, on every line mix", () => {
    const next = seeded(99);
    for (let i = 0; i < 500; i++) {
      const packingPaise = next(100_000);
      const freightPaise = next(100_000);
      const totals = quote(randomLines(next), { packingPaise, freightPaise, discount: { percent: next(5_000) / 100 } });
      expect(totals.lines.reduce((sum, row) => sum + row.packingShare, 0)).toBe(packingPaise);
      expect(totals.lines.reduce((sum, row) => sum + row.freightShare, 0)).toBe(freightPaise);
      expect(totals.taxable).toBe(totals.goods - totals.discount + packingPaise + freightPaise);
      expect(totals.byRate.reduce((sum, row) => sum + row.taxable, 0)).toBe(totals.taxable);
    }
  });
});

describe("rounding", () => {
  test("each line is rounded to the paisa, an exact half going up", () => {
    // 0.333 × ₹1.00 = 33.3 paise → 33; 0.667 × ₹1.00 = 66.7 paise → 67.
    // 2.5 × ₹0.15 = 37.5 paise → 38 (half up); 0.125 × ₹0.20 = 2.5 paise → 3 (half up).
    // 1.25 × ₹0.13 = 16.25 paise → 16.
    const totals = quote([
      line(0.333, 100, 0),
      line(0.667, 100, 0),
      line(2.5, 15, 0),
      line(0.125, 20, 0),
      line(1.25, 13, 0),
    ]);
    expect(totals.lines.map((row) => row.amount)).toEqual([33, 67, 38, 3, 16]);
    expect(totals.goods).toBe(157);
  });

  test("a third of a paisa is never lost: shares of ₹1.00 over three lines add back to ₹1.00", () => {
    // Freight ₹1.00 over three lines of ₹3.33 each: 33⅓ paise each → 34, 33, 33.
    const totals = quote([line(1, 333, 0), line(1, 333, 0), line(1, 333, 0)], { freightPaise: 100 });
    expect(totals.lines.map((row) => row.freightShare)).toEqual([34, 33, 33]);
    expect(totals.taxable).toBe(999 + 100);
  });

  test("tax of half a paisa goes up", () => {
    // ₹0.50 × 5 % = 2.5 paise → 3.
    expect(quote([line(1, 50, 5)]).igst).toBe(3);
  });

  test.each([
    // ₹10.00 + 5 % (₹0.50) = ₹10.50: exactly half a rupee goes up to ₹11.00.
    ["₹10.50 goes up by 50 paise", line(1, 1_000, 5), 1_050, 50, 1_100],
    // ₹10.01 + 5 % (₹0.5005 → ₹0.50) = ₹10.51 → ₹11.00.
    ["₹10.51 goes up by 49 paise", line(1, 1_001, 5), 1_051, 49, 1_100],
    // ₹9.99 + 5 % (₹0.4995 → ₹0.50) = ₹10.49 → ₹10.00.
    ["₹10.49 goes down by 49 paise", line(1, 999, 5), 1_049, -49, 1_000],
    // ₹10.01 at 0 % → ₹10.00.
    ["₹10.01 goes down by a paisa", line(1, 1_001, 0), 1_001, -1, 1_000],
    // ₹84.30 + 18 % (₹15.174 → ₹15.17) = ₹99.47 → ₹99.00.
    ["₹99.47 goes down by 47 paise", line(1, 8_430, 18), 9_947, -47, 9_900],
    // ₹84.70 + 18 % (₹15.246 → ₹15.25) = ₹99.95 → ₹100.00.
    ["₹99.95 goes up by 5 paise", line(1, 8_470, 18), 9_995, 5, 10_000],
  ])("the grand total is whole rupees: %s", (_, only, beforeRounding, roundOff, total) => {
    expect(quote([only])).toMatchObject({ beforeRounding, roundOff, total });
  });

  test("on any quotation the total is whole rupees and the round-off is from −49 to +50 paise", () => {
    const next = seeded(123_456);
    for (let i = 0; i < 1000; i++) {
      const totals = quote(randomLines(next), {
        supply: next(2) === 0 ? "intra-state" : "inter-state",
        packingPaise: next(10_000),
      });
      expect(totals.total % 100).toBe(0);
      expect(totals.roundOff).toBeGreaterThanOrEqual(-49);
      expect(totals.roundOff).toBeLessThanOrEqual(50);
      expect(totals.total).toBe(totals.beforeRounding + totals.roundOff);
      expect(totals.beforeRounding).toBe(totals.taxable + totals.tax);
      expect(totals.tax).toBe(totals.cgst + totals.sgst + totals.igst);
    }
  });

  test("is exact where quantity × price passes what floating point holds to the unit", () => {
    // 1,23,456.789 units × ₹9,87,654.33: 123,456,789 × 98,765,433 = 12,193,263,222,374,637 paise × 1/1000,
    // above 2^53 = 9,007,199,254,740,992, where floating point would hold it as …636.
    // 12,193,263,222,374.637 paise → 12,193,263,222,375.
    const totals = quote([{ quantityMilli: 123_456_789, unitPricePaise: 98_765_433, gstRate: 18 }]);
    expect(totals.goods).toBe(12_193_263_222_375);
    // 18 %: 12,193,263,222,375 × 18 / 100 = 2,194,787,380,027.5 → 2,194,787,380,028 (half up).
    expect(totals.igst).toBe(2_194_787_380_028);
  });
});

describe("input that cannot make a quotation", () => {
  test.each<[string, Partial<QuotationInput>, string]>([
    ["no lines", { lines: [] }, "A quotation needs at least one line"],
    [
      "a quantity of zero",
      { lines: [line(1, 100, 18), { quantityMilli: 0, unitPricePaise: 100, gstRate: 18 }] },
      "Line 2: the quantity must be more than zero",
    ],
    [
      "a negative quantity",
      { lines: [{ quantityMilli: -1000, unitPricePaise: 100, gstRate: 18 }] },
      "Line 1: the quantity must be more than zero",
    ],
    [
      "a fraction of a thousandth",
      { lines: [{ quantityMilli: 1.5, unitPricePaise: 100, gstRate: 18 }] },
      "Line 1: the quantity must be a whole number of thousandths",
    ],
    [
      "a fraction of a paisa",
      { lines: [{ quantityMilli: 1000, unitPricePaise: 10.5, gstRate: 18 }] },
      "Line 1: the unit price must be a whole number of paise",
    ],
    [
      "a negative price",
      { lines: [{ quantityMilli: 1000, unitPricePaise: -100, gstRate: 18 }] },
      "Line 1: the unit price cannot be negative",
    ],
    [
      "a rate not allowed",
      { lines: [line(1, 100, 15)] },
      "Line 1: GST at 15% is not one of the rates allowed (0, 0.25, 3, 5, 12, 18, 28%)",
    ],
    ["negative packing", { packingPaise: -100 }, "Packing cannot be negative"],
    ["freight in part paise", { freightPaise: 0.5 }, "Freight must be a whole number of paise"],
    ["a negative discount", { discount: { paise: -1 } }, "The discount cannot be negative"],
    [
      "a negative percent",
      { discount: { percent: -5 } },
      "The discount must be a percent from 0 to 100 with at most two decimals",
    ],
    [
      "a percent with three decimals",
      { discount: { percent: 2.555 } },
      "The discount must be a percent from 0 to 100 with at most two decimals",
    ],
    [
      "a rate list with three decimals",
      { allowedRates: [18, 0.125] },
      "The allowed GST rate 0.125 is not a percent with at most two decimals",
    ],
  ])("%s", (_, change, message) => {
    expect(() => quote([line(1, 100, 18)], change)).toThrow(new QuotationError(message));
  });

  test("the error is a QuotationError, so callers can tell it from a fault", () => {
    const error = (() => {
      try {
        quote([]);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(QuotationError);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe("QuotationError");
  });

  test("a total too large to hold exactly is refused, not rounded", () => {
    // 1,00,00,000 units × ₹99,99,99,999.99: about 10^18 paise, far past 2^53.
    expect(() => quote([{ quantityMilli: 10_000_000_000, unitPricePaise: 99_999_999_999, gstRate: 18 }])).toThrow(
      QuotationError,
    );
  });
});

/** A seeded generator (Park and Miller's multiplier on 2^31 − 1), so that a failing case is the same on every run. */
function seeded(seed: number): (below: number) => number {
  let state = seed;
  return (below) => {
    state = (state * 48_271) % 2_147_483_647;
    return Math.floor((state / 2_147_483_647) * below);
  };
}

/** One to six lines with odd quantities and prices, at the rates a printer's quotation carries. */
function randomLines(next: (below: number) => number): LineInput[] {
  const rates = [0, 5, 12, 18, 28];
  return Array.from({ length: 1 + next(6) }, () => ({
    quantityMilli: 1 + next(5_000_000),
    // Never nothing at all, which would leave packing and freight nothing to be shared by.
    unitPricePaise: 1 + next(100_000),
    gstRate: rates[next(rates.length)] ?? 18,
  }));
}
