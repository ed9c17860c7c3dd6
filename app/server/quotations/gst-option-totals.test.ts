import { describe, expect, test } from "vitest";
import {
  computeOptionTotals,
  computeQuotation,
  type OptionInput,
  type PricedLineInput,
  type PricePer,
  QuotationError,
} from "./gst.ts";

// Amounts in paise (₹1 = 100), unit prices in ten-thousandths of a rupee (₹1 = 10,000) and
// quantities in thousandths (1 unit = 1,000), as the module takes them; the comments give
// rupees so each sum can be checked by hand.

const allowedRates = [0, 5, 18, 40];

function option(lines: PricedLineInput[], rest: Partial<OptionInput> = {}) {
  return computeOptionTotals({ lines, tax: "inter-state", allowedRates, ...rest });
}

function priced(units: number, rupees: string, per: PricePer, gstRate = 18, rest: Partial<PricedLineInput> = {}) {
  const [whole = "0", fraction = ""] = rupees.split(".");
  const tenThousandths = Number(whole) * 10_000 + Number(fraction.padEnd(4, "0"));
  return { quantityMilli: Math.round(units * 1000), unitPrice: { tenThousandths, per }, gstRate, ...rest };
}

describe("a price per piece, per 100 or per 1,000, to four decimals", () => {
  test("₹0.925 a piece and ₹925 per 1,000 on 10,000 pieces both come to ₹9,250.00", () => {
    const perPiece = option([priced(10_000, "0.925", 1)]);
    const perThousand = option([priced(10_000, "925", 1000)]);
    const perHundred = option([priced(10_000, "92.5", 100)]);
    for (const totals of [perPiece, perThousand, perHundred]) {
      expect(totals.lines[0]?.amount).toBe(925_000);
    }
    expect(perThousand).toEqual(perPiece);
    expect(perHundred).toEqual(perPiece);
  });

  test("the amount is rounded once, so a price per piece is never rounded to the paisa first", () => {
    // 333 × ₹0.925 = ₹308.025, half a paisa, so up: ₹308.03, per piece and per 1,000 alike
    // (₹925 × 333 / 1,000). Had ₹0.925 been rounded to ₹0.93 first, it would be ₹309.69.
    expect(option([priced(333, "0.925", 1)]).goods).toBe(30_803);
    expect(option([priced(333, "925", 1000)]).goods).toBe(30_803);
    // 1,000 × ₹0.9255 = ₹925.50 exactly, the fourth decimal kept.
    expect(option([priced(1_000, "0.9255", 1)]).goods).toBe(92_550);
  });

  test("half a paisa goes up, less than half goes down", () => {
    // 1 piece at ₹5 per 1,000 = ₹0.005, half a paisa → 1 paisa; at ₹4.9999 per 1,000 → 0.49999 paisa → 0.
    // 1 piece at ₹0.0050 = half a paisa → 1; at ₹0.0049 → 0.
    expect(option([priced(1, "5", 1000), priced(1, "4.9999", 1000)]).lines.map((line) => line.amount)).toEqual([1, 0]);
    expect(option([priced(1, "0.005", 1), priced(1, "0.0049", 1)]).lines.map((line) => line.amount)).toEqual([1, 0]);
    // 2.5 kg at ₹0.0150 = 3.75 paise → 4; 0.125 sheets at ₹0.20 per 100 = 0.025 paise → 0.
    expect(option([priced(2.5, "0.015", 1), priced(0.125, "0.2", 100)]).lines.map((line) => line.amount)).toEqual([
      4, 0,
    ]);
  });

  test("a price in paise per unit is the same price to four decimals per 1: the same totals to the paisa", () => {
    // The old form of a line: 3 × ₹333.50 with freight, 7.5 % off, within the state.
    const old = computeQuotation({
      lines: [
        { quantityMilli: 3_000, unitPricePaise: 33_350, gstRate: 18 },
        { quantityMilli: 2_500, unitPricePaise: 33_333, gstRate: 5 },
      ],
      discount: { percent: 7.5 },
      freightPaise: 1_099,
      supply: "intra-state",
      allowedRates,
    });
    const now = option([priced(3, "333.50", 1), priced(2.5, "333.33", 1, 5)], {
      discount: { percent: 7.5 },
      freightPaise: 1_099,
      tax: "intra-state",
    });
    expect(now).toMatchObject(old);
    expect(now).toMatchObject({ lineDiscounts: 0, oneTimeCharges: 0 });
  });

  test("a quantity in the crores at a price to four decimals is reckoned exactly", () => {
    // 98,76,54,321 pieces at ₹987.6543 per 1,000:
    // 987,654,321 × 9,876,543 / 100,000 = 97,546,103,704.92303 paise → ₹97,54,61,037.05.
    // The product, 9,754,610,370,492,303,000, is far past what floating point holds to the unit.
    // IGST 18 % = 17,558,298,666.9 paise → ₹17,55,82,986.67; before rounding ₹1,15,10,44,023.72
    // → ₹1,15,10,44,024.00, round-off +₹0.28.
    const totals = option([priced(987_654_321, "987.6543", 1000)]);
    expect(totals.goods).toBe(97_546_103_705);
    expect(totals).toMatchObject({ igst: 17_558_298_667, beforeRounding: 115_104_402_372, roundOff: 28 });
    expect(totals.total).toBe(115_104_402_400);
  });

  test("an amount too large to hold exactly is refused, not rounded", () => {
    // 1 crore pieces at ₹99,99,99,999.9999 a piece: about 10^19 paise.
    expect(() =>
      option([
        { quantityMilli: 10_000_000_000, unitPrice: { tenThousandths: 999_999_999_999_999, per: 1 }, gstRate: 18 },
      ]),
    ).toThrow(
      new QuotationError("The quotation comes to more than can be reckoned exactly: check the quantities and prices"),
    );
  });
});

describe("a line's own discount and the discount on the whole", () => {
  // Line 1: 10,000 cartons at ₹12.50 = ₹1,25,000.00 at 5 %, less 10 % of its own = ₹12,500.00 → ₹1,12,500.00.
  // Line 2: 2,000 leaflets at ₹1,450 per 1,000 = ₹2,900.00 at 18 %, less ₹400.00 of its own → ₹2,500.00.
  // Goods after the lines' own discounts ₹1,15,000.00; 2 % off the whole = ₹2,300.00, shared
  //   1,12,500 : 2,500 → ₹2,250.00 and ₹50.00.
  // Taxable ₹1,10,250.00 at 5 % and ₹2,450.00 at 18 %, ₹1,12,700.00 in all.
  const lines = [
    priced(10_000, "12.50", 1, 5, { discount: { percent: 10 } }),
    priced(2_000, "1450", 1000, 18, { discount: { paise: 40_000 } }),
  ];

  test("come off in that order: each line's own first, then the whole's on what is left", () => {
    // Within Chandigarh: 5 %: 1,10,250.00 × 2.5 % = ₹2,756.25 each; 18 %: 2,450.00 × 9 % = ₹220.50 each.
    // CGST = UTGST = ₹2,976.75, tax ₹5,953.50; before rounding ₹1,18,653.50 → ₹1,18,654.00, +₹0.50.
    const totals = option(lines, { discount: { percent: 2 }, tax: "intra-state" });
    expect(totals.lines).toEqual([
      {
        amount: 12_500_000,
        lineDiscount: 1_250_000,
        discountShare: 225_000,
        packingShare: 0,
        freightShare: 0,
        taxable: 11_025_000,
      },
      {
        amount: 290_000,
        lineDiscount: 40_000,
        discountShare: 5_000,
        packingShare: 0,
        freightShare: 0,
        taxable: 245_000,
      },
    ]);
    expect(totals).toMatchObject({
      goods: 12_790_000,
      lineDiscounts: 1_290_000,
      discount: 230_000,
      taxable: 11_270_000,
    });
    expect(totals.byRate).toEqual([
      { rate: 5, taxable: 11_025_000, cgst: 275_625, sgst: 275_625, igst: 0 },
      { rate: 18, taxable: 245_000, cgst: 22_050, sgst: 22_050, igst: 0 },
    ]);
    expect(totals).toMatchObject({ cgst: 297_675, sgst: 297_675, tax: 595_350, beforeRounding: 11_865_350 });
    expect(totals).toMatchObject({ roundOff: 50, total: 11_865_400 });
  });

  test("the whole's amount may be up to what the lines' own discounts leave, and no more", () => {
    expect(option(lines, { discount: { paise: 11_500_000 } }).taxable).toBe(0);
    expect(() => option(lines, { discount: { paise: 11_500_001 } })).toThrow(
      new QuotationError("The discount of ₹1,15,000.01 is more than the goods' total of ₹1,15,000.00"),
    );
  });

  test("a line's percent is rounded to the paisa, half up", () => {
    // ₹10.01 less 50 % = ₹5.005 off → ₹5.01 off, leaving ₹5.00.
    const totals = option([priced(1, "10.01", 1, 0, { discount: { percent: 50 } })]);
    expect(totals.lines[0]).toMatchObject({ amount: 1_001, lineDiscount: 501, taxable: 500 });
  });

  test("100 % off a line leaves it nothing, and packing goes to the other lines", () => {
    const totals = option([priced(10, "100", 1, 18, { discount: { percent: 100 } }), priced(10, "50", 1, 5)], {
      packingPaise: 10_000,
    });
    expect(totals.lines.map((line) => [line.lineDiscount, line.packingShare, line.taxable])).toEqual([
      [100_000, 0, 0],
      [0, 10_000, 60_000],
    ]);
  });

  test("100 % off every line leaves nothing to share packing or freight by", () => {
    const free = [priced(10, "100", 1, 18, { discount: { percent: 100 } })];
    expect(option(free)).toMatchObject({ taxable: 0, tax: 0, total: 0 });
    expect(() => option(free, { freightPaise: 1 })).toThrow(
      new QuotationError("Freight cannot be shared out: the goods come to nothing after discount"),
    );
  });

  test.each<[string, PricedLineInput, string]>([
    [
      "more than the line",
      priced(1, "10", 1, 18, { discount: { paise: 1_001 } }),
      "Line 1: the discount of ₹10.01 is more than the line's amount of ₹10.00",
    ],
    [
      "a percent over 100",
      priced(1, "10", 1, 18, { discount: { percent: 100.5 } }),
      "Line 1: the discount must be a percent from 0 to 100 with at most two decimals",
    ],
    [
      "both a percent and an amount",
      priced(1, "10", 1, 18, { discount: { percent: 5, paise: 5 } as never }),
      "Line 1: give the discount as a percent or as an amount, not both",
    ],
    [
      "an amount below zero",
      priced(1, "10", 1, 18, { discount: { paise: -1 } }),
      "Line 1: the discount cannot be negative",
    ],
  ])("a line's own discount is refused when it is %s", (_, line, message) => {
    expect(() => option([line])).toThrow(new QuotationError(message));
  });
});

describe("one-time charges", () => {
  // 5,000 boxes at ₹9.40 = ₹47,000.00 at 5 %, freight ₹1,200.00; a die at ₹6,500.00 at 18 %.
  const boxes = [priced(5_000, "9.40", 1, 5)];
  const die = { amountPaise: 650_000, gstRate: 18 };

  test("are charged once, at their own rate, and take no share of the discount, packing or freight", () => {
    // 10 % off the boxes = ₹4,700.00, all of it on the boxes; freight ₹1,200.00 all on the boxes.
    // 5 %: 47,000 − 4,700 + 1,200 = ₹43,500.00 → IGST ₹2,175.00. 18 %: ₹6,500.00 → IGST ₹1,170.00.
    // Taxable ₹50,000.00, tax ₹3,345.00, total ₹53,345.00.
    const totals = option(boxes, { charges: [die], discount: { percent: 10 }, freightPaise: 120_000 });
    expect(totals.lines).toEqual([
      {
        amount: 4_700_000,
        lineDiscount: 0,
        discountShare: 470_000,
        packingShare: 0,
        freightShare: 120_000,
        taxable: 4_350_000,
      },
    ]);
    expect(totals.byRate).toEqual([
      { rate: 5, taxable: 4_350_000, cgst: 0, sgst: 0, igst: 217_500 },
      { rate: 18, taxable: 650_000, cgst: 0, sgst: 0, igst: 117_000 },
    ]);
    expect(totals).toMatchObject({ goods: 4_700_000, oneTimeCharges: 650_000, taxable: 5_000_000, tax: 334_500 });
    expect(totals.total).toBe(5_334_500);
  });

  test("stay charged when the goods are discounted to nothing", () => {
    // 100 % off the goods: only the die, ₹6,500.00 + 18 % = ₹7,670.00.
    const totals = option(boxes, { charges: [die], discount: { percent: 100 } });
    expect(totals).toMatchObject({ discount: 4_700_000, taxable: 650_000, igst: 117_000, total: 767_000 });
  });

  test.each<[string, OptionInput["charges"], string]>([
    [
      "in part paise",
      [{ amountPaise: 10.5, gstRate: 18 }],
      "One-time charge 1: the amount must be a whole number of paise",
    ],
    ["below zero", [{ amountPaise: -100, gstRate: 18 }], "One-time charge 1: the amount cannot be negative"],
    [
      "at a rate not allowed",
      [die, { amountPaise: 100, gstRate: 12 }],
      "One-time charge 2: GST at 12% is not one of the rates allowed (0, 5, 18, 40%)",
    ],
  ])("are refused %s", (_, charges, message) => {
    expect(() => option(boxes, { charges })).toThrow(new QuotationError(message));
  });
});

describe("a zero-rated supply", () => {
  test("is charged no tax at any rate; the rates are kept to show what was not charged", () => {
    // ₹47,000.00 at 5 % and a die of ₹6,500.00 at 18 %: taxable ₹53,500.00, no tax, total ₹53,500.00.
    const totals = option([priced(5_000, "9.40", 1, 5)], {
      charges: [{ amountPaise: 650_000, gstRate: 18 }],
      tax: "zero-rated",
    });
    expect(totals.byRate).toEqual([
      { rate: 5, taxable: 4_700_000, cgst: 0, sgst: 0, igst: 0 },
      { rate: 18, taxable: 650_000, cgst: 0, sgst: 0, igst: 0 },
    ]);
    expect(totals).toMatchObject({ taxable: 5_350_000, tax: 0, roundOff: 0, total: 5_350_000 });
  });

  test("is still rounded to the rupee", () => {
    // 3 × ₹333.3333 = ₹999.9999 → ₹1,000.00 exactly; 7 × ₹1.2345 = ₹8.6415 → ₹8.64 → ₹9.00, +₹0.36.
    expect(option([priced(3, "333.3333", 1)], { tax: "zero-rated" }).total).toBe(100_000);
    expect(option([priced(7, "1.2345", 1)], { tax: "zero-rated" })).toMatchObject({ roundOff: 36, total: 900 });
  });
});

describe("lines that cannot be priced", () => {
  test.each<[string, PricedLineInput, string]>([
    [
      "a quantity of zero",
      { quantityMilli: 0, unitPrice: { tenThousandths: 9_250, per: 1 }, gstRate: 18 },
      "Line 1: the quantity must be more than zero",
    ],
    [
      "a price below zero",
      { quantityMilli: 1_000, unitPrice: { tenThousandths: -1, per: 1 }, gstRate: 18 },
      "Line 1: the unit price cannot be negative",
    ],
    [
      "a fifth decimal of a rupee",
      { quantityMilli: 1_000, unitPrice: { tenThousandths: 0.5, per: 1 }, gstRate: 18 },
      "Line 1: the unit price must be a whole number of ten-thousandths of a rupee",
    ],
    [
      "a price for 10 units",
      { quantityMilli: 1_000, unitPrice: { tenThousandths: 100, per: 10 as PricePer }, gstRate: 18 },
      "Line 1: a price is for 1, 100 or 1,000 units",
    ],
    [
      "no price at all",
      { quantityMilli: 1_000, gstRate: 18 } as PricedLineInput,
      "Line 1: the unit price must be a whole number of ten-thousandths of a rupee",
    ],
  ])("%s", (_, line, message) => {
    expect(() => option([line])).toThrow(new QuotationError(message));
  });

  test("a tax that is none of the three, and an option of no lines", () => {
    expect(() => option([priced(1, "1", 1)], { tax: "exempt" as never })).toThrow(
      new QuotationError("The tax must be intra-state, inter-state or zero-rated"),
    );
    expect(() => option([])).toThrow(new QuotationError("A quotation needs at least one line"));
  });
});

describe("on any option", () => {
  test("the parts add up: shares to what was charged, the taxable value to its parts, the total to whole rupees", () => {
    let state = 404;
    const next = (below: number) => {
      state = (state * 48_271) % 2_147_483_647;
      return Math.floor((state / 2_147_483_647) * below);
    };
    const pers: PricePer[] = [1, 100, 1000];
    const rates = [0, 5, 18, 40];
    for (let i = 0; i < 500; i++) {
      const lines = Array.from({ length: 1 + next(5) }, () => ({
        quantityMilli: 1 + next(50_000_000),
        unitPrice: { tenThousandths: 1 + next(10_000_000), per: pers[next(3)] ?? 1 },
        gstRate: rates[next(4)] ?? 18,
        ...(next(3) === 0 ? { discount: { percent: next(10_001) / 100 } } : {}),
      }));
      const charges = Array.from({ length: next(3) }, () => ({
        amountPaise: next(1_000_000),
        gstRate: rates[next(4)] ?? 18,
      }));
      const packingPaise = next(100_000);
      const freightPaise = next(100_000);
      const tax = (["intra-state", "inter-state", "zero-rated"] as const)[next(3)] ?? "inter-state";
      let totals: ReturnType<typeof option>;
      try {
        totals = option(lines, { charges, discount: { percent: next(2_001) / 100 }, packingPaise, freightPaise, tax });
      } catch (error) {
        // Only when every line was discounted to nothing is there nothing to share packing and freight by.
        expect((error as Error).message).toMatch(/cannot be shared out/);
        continue;
      }
      const sum = (pick: (line: (typeof totals.lines)[number]) => number) =>
        totals.lines.reduce((all, line) => all + pick(line), 0);
      expect(sum((line) => line.amount)).toBe(totals.goods);
      expect(sum((line) => line.lineDiscount)).toBe(totals.lineDiscounts);
      expect(sum((line) => line.discountShare)).toBe(totals.discount);
      expect(sum((line) => line.packingShare)).toBe(packingPaise);
      expect(sum((line) => line.freightShare)).toBe(freightPaise);
      expect(totals.oneTimeCharges).toBe(charges.reduce((all, charge) => all + charge.amountPaise, 0));
      expect(totals.taxable).toBe(
        totals.goods - totals.lineDiscounts - totals.discount + packingPaise + freightPaise + totals.oneTimeCharges,
      );
      expect(totals.beforeRounding).toBe(totals.taxable + totals.tax);
      expect(totals.total % 100).toBe(0);
      expect(totals.roundOff).toBeGreaterThanOrEqual(-49);
      expect(totals.roundOff).toBeLessThanOrEqual(50);
      if (tax === "zero-rated") expect(totals.tax).toBe(0);
      if (tax !== "intra-state") expect(totals.cgst + totals.sgst).toBe(0);
      if (tax === "intra-state") expect(totals.cgst).toBe(totals.sgst);
    }
  });
});
