/**
 * The totals of a quotation under GST, reckoned the way the company has
 * decided to round, so that every quotation, and the invoice that follows
 * it, comes out to the same paisa:
 *
 * 1. Each line's amount is quantity × unit price, rounded to the paisa, half
 *    up (an exact half paisa goes up).
 * 2. A discount is taken off the goods before tax: either a percent of the
 *    goods' total, rounded to the paisa half up, or a fixed amount. It may not
 *    be more than the goods' total. It is shared out over the lines in
 *    proportion to their amounts by the largest-remainder method, so the
 *    shares add up to the discount exactly.
 * 3. Packing and freight are incidental charges and so part of the value of
 *    the supply. Each is shared out over the lines in proportion to their
 *    amounts after discount, by the largest-remainder method, and is taxed at
 *    the rate of the goods it goes with.
 * 4. The taxable value of a line is its amount − discount share + packing
 *    share + freight share; the taxable value at a GST rate is the sum over
 *    that rate's lines.
 * 5. Tax is reckoned once per rate on that rate's taxable value, to the paisa,
 *    half up. Between states: IGST at the full rate. Within a state: CGST and
 *    SGST at half the rate each, each rounded on its own, so CGST always
 *    equals SGST and their sum may differ from IGST on the same value by one
 *    paisa.
 * 6. The grand total is taxable value + all tax, rounded to the nearest rupee,
 *    half up (50 paise go up). The difference is shown as a round-off, from
 *    −49 to +50 paise.
 *
 * In the largest-remainder method each line first gets the whole paise of its
 * exact share; the paise left over go one each to the lines with the largest
 * fractions left behind, the earlier line first when two fractions are equal.
 *
 * All sums are reckoned in whole paise with big integers, so no amount is ever
 * a floating-point approximation.
 */
import { formatRupees, type Milli, type Paise } from "./money.ts";

export type LineInput = {
  quantityMilli: Milli;
  unitPricePaise: Paise;
  /** GST rate in percent, with at most two decimals: 18, 5, 0.25 */
  gstRate: number;
};

export type Discount = { percent: number } | { paise: Paise };

export type Supply = "intra-state" | "inter-state";

export type QuotationInput = {
  lines: readonly LineInput[];
  discount?: Discount;
  packingPaise?: Paise;
  freightPaise?: Paise;
  supply: Supply;
  /** The rates the caller lets a line carry, so a mistyped rate cannot reach a buyer. */
  allowedRates: readonly number[];
};

export type LineTotals = {
  amount: Paise;
  discountShare: Paise;
  packingShare: Paise;
  freightShare: Paise;
  taxable: Paise;
};

export type RateTotals = { rate: number; taxable: Paise; cgst: Paise; sgst: Paise; igst: Paise };

export type QuotationTotals = {
  /** One for each line of the input, in the same order */
  lines: LineTotals[];
  goods: Paise;
  discount: Paise;
  packing: Paise;
  freight: Paise;
  taxable: Paise;
  /** One for each rate that a line carries, lowest rate first */
  byRate: RateTotals[];
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  tax: Paise;
  beforeRounding: Paise;
  /** total − beforeRounding: from −49 to +50 paise */
  roundOff: Paise;
  /** A whole number of rupees, in paise */
  total: Paise;
};

/** A quotation that cannot be reckoned. The message says what to correct, in words fit for staff. */
export class QuotationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "QuotationError";
  }
}

/** numerator / denominator to the nearest whole number, an exact half going up; both must be at least zero. */
function halfUp(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

function sum(values: readonly bigint[]): bigint {
  return values.reduce((total, value) => total + value, 0n);
}

/**
 * A percent in hundredths of a percent (18 → 1800, 0.25 → 25). Rates and
 * discounts come as ordinary numbers, but the arithmetic must not carry the
 * binary error of 0.29 or 2.5, so they are turned into whole numbers once.
 */
function hundredths(percent: number): bigint | undefined {
  if (!Number.isFinite(percent) || percent < 0) return undefined;
  const scaled = Math.round(percent * 100);
  return Math.abs(percent * 100 - scaled) < 1e-6 ? BigInt(scaled) : undefined;
}

function wholePaise(value: unknown, what: string): bigint {
  if (typeof value !== "number" || !Number.isSafeInteger(value)) {
    throw new QuotationError(`${what} must be a whole number of paise`);
  }
  if (value < 0) throw new QuotationError(`${what} cannot be negative`);
  return BigInt(value);
}

/**
 * `total` shared out over the lines in proportion to `weights`, by the
 * largest-remainder method. Lines of weight zero get nothing: the paise left
 * over are fewer than the lines with a fraction left behind.
 */
function shareOut(total: bigint, weights: readonly bigint[], what: string): bigint[] {
  if (total === 0n) return weights.map(() => 0n);
  const whole = sum(weights);
  if (whole === 0n) {
    throw new QuotationError(`${what} cannot be shared out: the goods come to nothing after discount`);
  }
  const parts = weights.map((weight, index) => ({
    index,
    share: (total * weight) / whole,
    remainder: (total * weight) % whole,
  }));
  let left = total - sum(parts.map((part) => part.share));
  const byRemainder = [...parts].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const part of byRemainder) {
    if (left === 0n) break;
    part.share += 1n;
    left -= 1n;
  }
  return parts.map((part) => part.share);
}

function checkedRates(allowedRates: readonly number[]): void {
  for (const rate of allowedRates) {
    if (hundredths(rate) === undefined) {
      throw new QuotationError(`The allowed GST rate ${rate} is not a percent with at most two decimals`);
    }
  }
}

function lineAmount(line: LineInput, number: number): { amount: bigint; rate: number } {
  const { quantityMilli } = line;
  if (!Number.isSafeInteger(quantityMilli)) {
    throw new QuotationError(`Line ${number}: the quantity must be a whole number of thousandths`);
  }
  if (quantityMilli <= 0) throw new QuotationError(`Line ${number}: the quantity must be more than zero`);
  const price = wholePaise(line.unitPricePaise, `Line ${number}: the unit price`);
  return { amount: halfUp(BigInt(quantityMilli) * price, 1000n), rate: line.gstRate };
}

function discountOn(goods: bigint, discount: Discount | undefined): bigint {
  if (discount === undefined) return 0n;
  if ("percent" in discount && "paise" in discount) {
    throw new QuotationError("Give the discount as a percent or as an amount, not both");
  }
  if ("percent" in discount) {
    const percent = hundredths(discount.percent);
    if (percent === undefined || percent > 10_000n) {
      throw new QuotationError("The discount must be a percent from 0 to 100 with at most two decimals");
    }
    return halfUp(goods * percent, 10_000n);
  }
  const amount = wholePaise(discount.paise, "The discount");
  if (amount > goods) {
    throw new QuotationError(
      `The discount of ${formatRupees(Number(amount))} is more than the goods' total of ${formatRupees(Number(goods))}`,
    );
  }
  return amount;
}

function paise(value: bigint): Paise {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new QuotationError(
      "The quotation comes to more than can be reckoned exactly: check the quantities and prices",
    );
  }
  return Number(value);
}

/** The totals of a quotation; throws a {@link QuotationError} for input that cannot make one. */
export function computeQuotation(input: QuotationInput): QuotationTotals {
  const { lines, supply } = input;
  if (supply !== "intra-state" && supply !== "inter-state") {
    throw new QuotationError("The supply must be intra-state or inter-state");
  }
  checkedRates(input.allowedRates);
  if (lines.length === 0) throw new QuotationError("A quotation needs at least one line");

  const priced = lines.map((line, index) => {
    const { amount, rate } = lineAmount(line, index + 1);
    if (!input.allowedRates.includes(rate)) {
      throw new QuotationError(
        `Line ${index + 1}: GST at ${rate}% is not one of the rates allowed (${input.allowedRates.join(", ")}%)`,
      );
    }
    return { amount, rate };
  });
  const amounts = priced.map((line) => line.amount);
  const goods = sum(amounts);
  // Refused here, before any message shows the goods' total in rupees.
  paise(goods);

  const discount = discountOn(goods, input.discount);
  const discountShares = shareOut(discount, amounts, "The discount");
  const afterDiscount = amounts.map((amount, index) => amount - (discountShares[index] ?? 0n));

  const packing = wholePaise(input.packingPaise ?? 0, "Packing");
  const freight = wholePaise(input.freightPaise ?? 0, "Freight");
  const packingShares = shareOut(packing, afterDiscount, "Packing");
  const freightShares = shareOut(freight, afterDiscount, "Freight");

  const lineTotals = priced.map((line, index) => {
    const discountShare = discountShares[index] ?? 0n;
    const packingShare = packingShares[index] ?? 0n;
    const freightShare = freightShares[index] ?? 0n;
    return {
      rate: line.rate,
      amount: line.amount,
      discountShare,
      packingShare,
      freightShare,
      taxable: line.amount - discountShare + packingShare + freightShare,
    };
  });

  const taxableByRate = new Map<number, bigint>();
  for (const line of lineTotals) {
    taxableByRate.set(line.rate, (taxableByRate.get(line.rate) ?? 0n) + line.taxable);
  }
  const byRate = [...taxableByRate]
    .sort(([a], [b]) => a - b)
    .map(([rate, taxable]) => {
      // Checked in checkedRates, and every line's rate is one of the allowed ones.
      const rateHundredths = hundredths(rate) ?? 0n;
      const half = supply === "intra-state" ? halfUp(taxable * rateHundredths, 20_000n) : 0n;
      const igst = supply === "inter-state" ? halfUp(taxable * rateHundredths, 10_000n) : 0n;
      return { rate, taxable, cgst: half, sgst: half, igst };
    });

  const taxable = sum(lineTotals.map((line) => line.taxable));
  const cgst = sum(byRate.map((row) => row.cgst));
  const sgst = sum(byRate.map((row) => row.sgst));
  const igst = sum(byRate.map((row) => row.igst));
  const tax = cgst + sgst + igst;
  const beforeRounding = taxable + tax;
  const total = halfUp(beforeRounding, 100n) * 100n;

  return {
    lines: lineTotals.map((line) => ({
      amount: paise(line.amount),
      discountShare: paise(line.discountShare),
      packingShare: paise(line.packingShare),
      freightShare: paise(line.freightShare),
      taxable: paise(line.taxable),
    })),
    goods: paise(goods),
    discount: paise(discount),
    packing: paise(packing),
    freight: paise(freight),
    taxable: paise(taxable),
    byRate: byRate.map((row) => ({
      rate: row.rate,
      taxable: paise(row.taxable),
      cgst: paise(row.cgst),
      sgst: paise(row.sgst),
      igst: paise(row.igst),
    })),
    cgst: paise(cgst),
    sgst: paise(sgst),
    igst: paise(igst),
    tax: paise(tax),
    beforeRounding: paise(beforeRounding),
    roundOff: Number(total - beforeRounding),
    total: paise(total),
  };
}
