import { describe, expect, test } from "vitest";
import {
  amountInWords,
  formatQuantity,
  formatRupees,
  formatUnitPrice,
  maxPaise,
  maxUnitPrice,
  parseQuantity,
  parseRupees,
  parseUnitPrice,
} from "./money.ts";

/**
 * A seeded generator (Park and Miller's multiplier on 2^31 − 1), so that a
 * failing amount is the same on every run and can be looked into.
 */
function seeded(seed: number): (below: number) => number {
  let state = seed;
  return (below) => {
    state = (state * 48_271) % 2_147_483_647;
    return Math.floor((state / 2_147_483_647) * below);
  };
}

/** Random paise up to ₹99,99,99,999.99, from two draws since one draw has only about two billion values. */
function randomPaise(next: (below: number) => number): number {
  return next(100_000) * 1_000_000 + next(1_000_000);
}

describe("formatRupees", () => {
  test.each([
    [0, "₹0.00"],
    [5, "₹0.05"],
    [50, "₹0.50"],
    [100, "₹1.00"],
    [99_999, "₹999.99"],
    [100_000, "₹1,000.00"],
    [10_000_000, "₹1,00,000.00"],
    [1_234_567_890, "₹1,23,45,678.90"],
    [maxPaise, "₹99,99,99,999.99"],
    [100_000_000_000, "₹1,00,00,00,000.00"],
  ])("%i paise are %s", (paise, text) => {
    expect(formatRupees(paise)).toBe(text);
  });

  test("leaves out the rupee sign when asked, for columns headed ₹", () => {
    expect(formatRupees(1_234_567_890, { symbol: false })).toBe("1,23,45,678.90");
    expect(formatRupees(1_234_567_890, { symbol: true })).toBe("₹1,23,45,678.90");
  });

  test("writes a round-off below zero with a true minus sign before the rupee sign", () => {
    expect(formatRupees(-49)).toBe("\u2212₹0.49");
    expect(formatRupees(-49, { symbol: false })).toBe("\u22120.49");
    expect(formatRupees(-0)).toBe("₹0.00");
  });

  test.each([0.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])(
    "refuses %d, which is not a whole number of paise",
    (paise) => {
      expect(() => formatRupees(paise)).toThrow(RangeError);
    },
  );
});

describe("parseRupees", () => {
  test.each([
    ["1234", 123_400],
    ["1,234.5", 123_450],
    ["1,23,456.78", 12_345_678],
    ["₹ 1,234.50", 123_450],
    ["₹1,234.50", 123_450],
    ["  ₹ 1,234.50  ", 123_450],
    ["1,234,567.89", 123_456_789],
    ["₹ 500/-", 50_000],
    ["0", 0],
    ["0.05", 5],
    ["007", 700],
    ["99,99,99,999.99", maxPaise],
  ])("reads %j as %i paise", (text, paise) => {
    expect(parseRupees(text)).toBe(paise);
  });

  test.each([
    ["nothing", ""],
    ["spaces", "   "],
    ["the rupee sign alone", "₹"],
    ["three decimals", "1.234"],
    ["a minus sign", "-5"],
    ["a true minus sign", "\u22125"],
    ["a minus after the rupee sign", "₹-5"],
    ["letters", "12a"],
    ["Rs.", "Rs. 100"],
    ["a word", "hundred"],
    ["a point with no paise", "12."],
    ["no rupees before the point", ".50"],
    ["a comma in the wrong place", "12,34"],
    ["a mixed grouping", "123,45,678"],
    ["a space inside", "1 234"],
    ["one paisa over the largest amount", "1,00,00,00,000.00"],
    ["far more than the largest amount", "123456789012345678901234567890"],
  ])("refuses %s", (_, text) => {
    expect(parseRupees(text)).toBeUndefined();
  });

  test("gives back every amount it formats, with and without the rupee sign", () => {
    const next = seeded(20_260_401);
    for (let i = 0; i < 2000; i++) {
      const paise = randomPaise(next);
      expect(parseRupees(formatRupees(paise))).toBe(paise);
      expect(parseRupees(formatRupees(paise, { symbol: false }))).toBe(paise);
    }
  });
});

describe("amountInWords", () => {
  test.each([
    [0, "Rupees Zero Only"],
    [50, "Paise Fifty Only"],
    [100, "Rupees One Only"],
    [1_000, "Rupees Ten Only"],
    [1_100, "Rupees Eleven Only"],
    [1_900, "Rupees Nineteen Only"],
    [2_000, "Rupees Twenty Only"],
    [2_100, "Rupees Twenty-One Only"],
    [9_900, "Rupees Ninety-Nine Only"],
    [10_000, "Rupees One Hundred Only"],
    [10_005, "Rupees One Hundred and Paise Five Only"],
    [10_100, "Rupees One Hundred One Only"],
    [99_900, "Rupees Nine Hundred Ninety-Nine Only"],
    [100_000, "Rupees One Thousand Only"],
    [10_000_000, "Rupees One Lakh Only"],
    [100_000_000, "Rupees Ten Lakh Only"],
    [1_000_000_000, "Rupees One Crore Only"],
    [
      1_234_567_890,
      "Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight and Paise Ninety Only",
    ],
    [
      maxPaise,
      "Rupees Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine and Paise Ninety-Nine Only",
    ],
  ])("%i paise are %j", (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });

  test("counts crores past 99 in words of their own", () => {
    // ₹100,00,00,000 is a hundred crore.
    expect(amountInWords(100_000_000_000)).toBe("Rupees One Hundred Crore Only");
    // ₹12,34,56,78,901.23: 12,345,678,901 rupees = 1234 crore + 56 lakh + 78 thousand + 9 hundred + 1.
    expect(amountInWords(1_234_567_890_123)).toBe(
      "Rupees One Thousand Two Hundred Thirty-Four Crore Fifty-Six Lakh Seventy-Eight Thousand Nine Hundred One and Paise Twenty-Three Only",
    );
  });

  test.each([-1, 0.5, Number.NaN])("refuses %d paise", (paise) => {
    expect(() => amountInWords(paise)).toThrow(RangeError);
  });

  const numberWords = new Map<string, number>([
    ...[
      "Zero",
      "One",
      "Two",
      "Three",
      "Four",
      "Five",
      "Six",
      "Seven",
      "Eight",
      "Nine",
      "Ten",
      "Eleven",
      "Twelve",
      "Thirteen",
      "Fourteen",
      "Fifteen",
      "Sixteen",
      "Seventeen",
      "Eighteen",
      "Nineteen",
    ].map((name, value): [string, number] => [name, value]),
    ...["Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"].map(
      (name, index): [string, number] => [name, (index + 2) * 10],
    ),
  ]);

  /**
   * A number in Indian words back to a number, written apart from the code
   * under test: "Hundred" multiplies what was said since the last larger
   * unit, "Lakh" and "Thousand" close a group, and "Crore" multiplies all
   * that came before it, which is how a count of crores above 99 reads.
   */
  function readNumber(words: string): number {
    let total = 0;
    let group = 0;
    for (const token of words.split(/[ -]/)) {
      const value = numberWords.get(token);
      if (value !== undefined) group += value;
      else if (token === "Hundred") group *= 100;
      else if (token === "Thousand") [total, group] = [total + group * 1_000, 0];
      else if (token === "Lakh") [total, group] = [total + group * 100_000, 0];
      else if (token === "Crore") [total, group] = [(total + group) * 10_000_000, 0];
      else throw new Error(`Not a number word: ${token}`);
    }
    return total + group;
  }

  function readAmount(words: string): number {
    const match = /^(?:Rupees (.+?))?(?: and )?(?:Paise (.+?))? Only$/.exec(words);
    if (match === null) throw new Error(`Not an amount in words: ${words}`);
    const [, rupees, paise] = match;
    return (rupees === undefined ? 0 : readNumber(rupees) * 100) + (paise === undefined ? 0 : readNumber(paise));
  }

  test("reads back as the amount it was made from, for many random amounts", () => {
    const next = seeded(31_032_027);
    const amounts = [maxPaise, 1, 99, 10_001, 1_000_000_001, Number.MAX_SAFE_INTEGER];
    for (let i = 0; i < 3000; i++) amounts.push(randomPaise(next), next(1_000_000));
    for (const paise of amounts) {
      const words = amountInWords(paise);
      expect(readAmount(words), words).toBe(paise);
      // Tens and units are always joined by a hyphen, never a space.
      expect(words).not.toMatch(
        /(Twenty|Thirty|Forty|Fifty|Sixty|Seventy|Eighty|Ninety) (One|Two|Three|Four|Five|Six|Seven|Eight|Nine)\b/,
      );
      expect(words).toMatch(
        /^(Rupees|Paise) [A-Z][a-z]+([ -][A-Z][a-z]+)*( and Paise [A-Z][a-z]+(-[A-Z][a-z]+)?)? Only$/,
      );
    }
  });
});

describe("quantities", () => {
  test.each([
    ["1", 1_000],
    ["1,000", 1_000_000],
    ["1,00,000", 100_000_000],
    ["2.5", 2_500],
    ["0.125", 125],
    [" 0.001 ", 1],
    ["12,34,567.891", 1_234_567_891],
  ])("reads %j as %i thousandths", (text, milli) => {
    expect(parseQuantity(text)).toBe(milli);
  });

  test.each([
    ["zero", "0"],
    ["zero with decimals", "0.000"],
    ["four decimals", "1.0005"],
    ["a minus sign", "-2"],
    ["letters", "2 kg"],
    ["nothing", ""],
    ["a comma in the wrong place", "1,0000"],
  ])("refuses %s", (_, text) => {
    expect(parseQuantity(text)).toBeUndefined();
  });

  test.each([
    [1, "0.001"],
    [1_000, "1"],
    [2_500, "2.5"],
    [125, "0.125"],
    [1_000_000, "1,000"],
    [100_000_000, "1,00,000"],
    [1_234_567_890, "12,34,567.89"],
  ])("writes %i thousandths as %s, with only the decimals it needs", (milli, text) => {
    expect(formatQuantity(milli)).toBe(text);
  });

  test("gives back every quantity it formats", () => {
    const next = seeded(4_242);
    for (let i = 0; i < 1000; i++) {
      const milli = 1 + next(1_000_000) * 1_000 + next(1_000);
      expect(parseQuantity(formatQuantity(milli))).toBe(milli);
    }
  });

  test.each([-1, 1.5])("refuses to write %d thousandths", (milli) => {
    expect(() => formatQuantity(milli)).toThrow(RangeError);
  });
});

describe("unit prices to four decimals of a rupee", () => {
  test.each([
    ["0.925", 9_250],
    ["₹ 0.925", 9_250],
    ["925", 9_250_000],
    ["925/-", 9_250_000],
    ["1,250.5", 12_505_000],
    ["12.5678", 125_678],
    ["0.0001", 1],
    ["0", 0],
    ["99,99,99,999.9999", maxUnitPrice],
  ])("%j is %i ten-thousandths", (text, price) => {
    expect(parseUnitPrice(text)).toBe(price);
  });

  test.each(["0.92501", "-0.925", "1,00,00,00,000", "0.9.25", "12 50", "", "₹"])("%j is refused", (text) => {
    expect(parseUnitPrice(text)).toBeUndefined();
  });

  test.each([
    [9_250, "₹0.925"],
    [9_250_000, "₹925.00"],
    [12_505_000, "₹1,250.50"],
    [125_678, "₹12.5678"],
    [1, "₹0.0001"],
    [10, "₹0.001"],
    [0, "₹0.00"],
    [maxUnitPrice, "₹99,99,99,999.9999"],
  ])("%i ten-thousandths are written %s, as quoted", (price, text) => {
    expect(formatUnitPrice(price)).toBe(text);
    expect(parseUnitPrice(text)).toBe(price);
  });

  test("leaves out the rupee sign when asked, and refuses what is not a price", () => {
    expect(formatUnitPrice(9_250, { symbol: false })).toBe("0.925");
    expect(() => formatUnitPrice(0.5)).toThrow(RangeError);
    expect(() => formatUnitPrice(-1)).toThrow(RangeError);
  });

  test("every price written reads back as itself", () => {
    const next = seeded(4);
    for (let i = 0; i < 1000; i++) {
      const price = randomPaise(next) * 100 + next(100);
      expect(parseUnitPrice(formatUnitPrice(price))).toBe(price);
    }
  });
});
