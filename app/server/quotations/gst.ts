/**
 * The totals of a quotation under GST, reckoned the way the company has
 * decided to round, so that every quotation, and the invoice that follows
 * it, comes out to the same paisa:
 *
 * 1. Each line's amount is quantity × unit price ÷ the number of units the
 *    price is for (1, 100 or 1,000), reckoned exactly and rounded once, to the
 *    paisa, half up (an exact half paisa goes up; no amount is below zero, so
 *    this is also half away from zero). The price is never rounded first:
 *    ₹0.925 a piece and ₹925 per 1,000 come to the same amount on any
 *    quantity. A price in paise per unit is the same rule with four decimals.
 * 2. A line's own discount comes off that line's amount: a percent of it,
 *    rounded to the paisa half up, or a fixed amount, not more than the line.
 * 3. A discount on the whole is taken off the goods before tax, after the
 *    lines' own discounts: either a percent of the goods' total after them,
 *    rounded to the paisa half up, or a fixed amount. It may not be more than
 *    that total. It is shared out over the lines in proportion to their
 *    amounts after their own discounts by the largest-remainder method, so the
 *    shares add up to the discount exactly.
 * 4. Packing and freight are incidental charges and so part of the value of
 *    the supply. Each is shared out over the lines in proportion to their
 *    amounts after both discounts, by the largest-remainder method, and is
 *    taxed at the rate of the goods it goes with.
 * 5. One-time charges (a die, plates, cylinders, design) are charged once, at
 *    their own rate, and take no share of the discount on the whole, of
 *    packing or of freight: those follow the goods.
 * 6. The taxable value of a line is its amount − its own discount − its share
 *    of the discount on the whole + packing share + freight share; a one-time
 *    charge's is its amount. The taxable value at a GST rate is the sum over
 *    that rate's lines and charges.
 * 7. Tax is reckoned once per rate on that rate's taxable value, to the paisa,
 *    half up. Between states: IGST at the full rate. Within a state: CGST and
 *    SGST at half the rate each, each rounded on its own, so CGST always
 *    equals SGST and their sum may differ from IGST on the same value by one
 *    paisa. A zero-rated supply (an export, or to an SEZ, under a letter of
 *    undertaking or bond) is charged no tax at any rate.
 * 8. The grand total is taxable value + all tax, rounded to the nearest rupee,
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
import { formatRupees, type Milli, type Paise, type TenThousandths } from "./money.ts";

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

/** The units a price is for: a piece, a hundred or a thousand of the line's unit. */
export const PRICE_PER = [1, 100, 1000] as const;

export type PricePer = (typeof PRICE_PER)[number];

/** ₹925.00 per 1,000 is { tenThousandths: 9_250_000, per: 1000 }. */
export type UnitPrice = { tenThousandths: TenThousandths; per: PricePer };

/** A line of goods of one option, as {@link computeOptionTotals} takes it. */
export type PricedLineInput = {
  quantityMilli: Milli;
  unitPrice: UnitPrice;
  /** The line's own discount, off its amount before the discount on the whole. */
  discount?: Discount;
  gstRate: number;
};

/** A charge made once for the order, whatever its quantity: a die, plates, cylinders, design. */
export type ChargeInput = { amountPaise: Paise; gstRate: number };

/** How the supply is taxed: CGST and SGST, IGST, or nothing (zero-rated under a letter of undertaking or bond). */
export type TaxMode = Supply | "zero-rated";

const TAX_MODES: readonly string[] = ["intra-state", "inter-state", "zero-rated"] satisfies TaxMode[];

export type OptionInput = {
  lines: readonly PricedLineInput[];
  charges?: readonly ChargeInput[];
  /** The discount on the whole, after the lines' own. */
  discount?: Discount;
  packingPaise?: Paise;
  freightPaise?: Paise;
  tax: TaxMode;
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

export type PricedLineTotals = LineTotals & {
  /** The line's own discount; `discountShare` is its share of the discount on the whole. */
  lineDiscount: Paise;
};

/**
 * The totals of one option: as {@link QuotationTotals}, with `goods` the
 * lines' amounts before any discount, so that
 * taxable = goods − lineDiscounts − discount + packing + freight + oneTimeCharges.
 */
export type OptionTotals = Omit<QuotationTotals, "lines"> & {
  /** One for each line of goods of the input, in the same order. */
  lines: PricedLineTotals[];
  lineDiscounts: Paise;
  /** The one-time charges together; each one's taxable value is its amount. */
  oneTimeCharges: Paise;
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

function allowedRate(rate: number, allowedRates: readonly number[], where: string): number {
  if (!allowedRates.includes(rate)) {
    throw new QuotationError(`${where}: GST at ${rate}% is not one of the rates allowed (${allowedRates.join(", ")}%)`);
  }
  return rate;
}

/**
 * Rule 1, the one place a line's amount is reckoned: thousandths of a unit
 * times ten-thousandths of a rupee are hundred-thousandths of a paisa, for
 * `per` units.
 */
function amountOf(quantityMilli: bigint, tenThousandths: bigint, per: bigint): bigint {
  return halfUp(quantityMilli * tenThousandths, 100_000n * per);
}

function quantityOf(quantityMilli: Milli, where: string): bigint {
  if (!Number.isSafeInteger(quantityMilli)) {
    throw new QuotationError(`${where}: the quantity must be a whole number of thousandths`);
  }
  if (quantityMilli <= 0) throw new QuotationError(`${where}: the quantity must be more than zero`);
  return BigInt(quantityMilli);
}

function lineAmount(line: LineInput, number: number): bigint {
  const quantity = quantityOf(line.quantityMilli, `Line ${number}`);
  const price = wholePaise(line.unitPricePaise, `Line ${number}: the unit price`);
  return amountOf(quantity, price * 100n, 1n);
}

/** A message about a discount, on its own ("The discount …") or of a line ("Line 2: the discount …"). */
function discountError(where: string | undefined, text: string): QuotationError {
  return new QuotationError(where === undefined ? text : `${where}: ${text.charAt(0).toLowerCase()}${text.slice(1)}`);
}

function discountOn(base: bigint, discount: Discount | undefined, where?: string, of = "the goods' total"): bigint {
  if (discount === undefined) return 0n;
  if ("percent" in discount && "paise" in discount) {
    throw discountError(where, "Give the discount as a percent or as an amount, not both");
  }
  if ("percent" in discount) {
    const percent = hundredths(discount.percent);
    if (percent === undefined || percent > 10_000n) {
      throw discountError(where, "The discount must be a percent from 0 to 100 with at most two decimals");
    }
    return halfUp(base * percent, 10_000n);
  }
  const amount = wholePaise(discount.paise, where === undefined ? "The discount" : `${where}: the discount`);
  if (amount > base) {
    throw discountError(
      where,
      `The discount of ${formatRupees(Number(amount))} is more than ${of} of ${formatRupees(Number(base))}`,
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

/** A line or a one-time charge with its amount reckoned; only goods take shares of discount, packing and freight. */
type Priced = { amount: bigint; lineDiscount: bigint; rate: number; goods: boolean };

function pricedLine(line: PricedLineInput, number: number, allowedRates: readonly number[]): Priced {
  const where = `Line ${number}`;
  const quantity = quantityOf(line.quantityMilli, where);
  const price: unknown = line.unitPrice?.tenThousandths;
  if (typeof price !== "number" || !Number.isSafeInteger(price)) {
    throw new QuotationError(`${where}: the unit price must be a whole number of ten-thousandths of a rupee`);
  }
  if (price < 0) throw new QuotationError(`${where}: the unit price cannot be negative`);
  const per = line.unitPrice.per;
  if (!PRICE_PER.includes(per)) throw new QuotationError(`${where}: a price is for 1, 100 or 1,000 units`);
  const amount = amountOf(quantity, BigInt(price), BigInt(per));
  // Refused before a message could show it in rupees.
  paise(amount);
  const lineDiscount = discountOn(amount, line.discount, where, "the line's amount");
  return { amount, lineDiscount, rate: allowedRate(line.gstRate, allowedRates, where), goods: true };
}

function pricedCharge(charge: ChargeInput, number: number, allowedRates: readonly number[]): Priced {
  const where = `One-time charge ${number}`;
  const amount = wholePaise(charge.amountPaise, `${where}: the amount`);
  return { amount, lineDiscount: 0n, rate: allowedRate(charge.gstRate, allowedRates, where), goods: false };
}

type Charges = { discount?: Discount; packingPaise?: Paise; freightPaise?: Paise; tax: TaxMode };

/** Rules 3 to 8 on lines whose amounts and own discounts are reckoned. */
function reckon(priced: readonly Priced[], charges: Charges) {
  const goodsLines = priced.filter((line) => line.goods);
  const goods = sum(goodsLines.map((line) => line.amount));
  // Refused here, before any message shows the goods' total in rupees.
  paise(goods);
  const lineDiscounts = sum(goodsLines.map((line) => line.lineDiscount));

  // A one-time charge weighs nothing here, so it takes no share of what follows the goods.
  const afterOwn = priced.map((line) => (line.goods ? line.amount - line.lineDiscount : 0n));
  const discount = discountOn(goods - lineDiscounts, charges.discount);
  const discountShares = shareOut(discount, afterOwn, "The discount");
  const afterDiscount = afterOwn.map((amount, index) => amount - (discountShares[index] ?? 0n));

  const packing = wholePaise(charges.packingPaise ?? 0, "Packing");
  const freight = wholePaise(charges.freightPaise ?? 0, "Freight");
  const packingShares = shareOut(packing, afterDiscount, "Packing");
  const freightShares = shareOut(freight, afterDiscount, "Freight");

  const lines = priced.map((line, index) => {
    const discountShare = discountShares[index] ?? 0n;
    const packingShare = packingShares[index] ?? 0n;
    const freightShare = freightShares[index] ?? 0n;
    const taxable = line.amount - line.lineDiscount - discountShare + packingShare + freightShare;
    return { ...line, discountShare, packingShare, freightShare, taxable };
  });

  const taxableByRate = new Map<number, bigint>();
  for (const line of lines) {
    taxableByRate.set(line.rate, (taxableByRate.get(line.rate) ?? 0n) + line.taxable);
  }
  const { tax: mode } = charges;
  const byRate = [...taxableByRate]
    .sort(([a], [b]) => a - b)
    .map(([rate, taxable]) => {
      // Checked in checkedRates, and every line's rate is one of the allowed ones.
      const charged = mode === "zero-rated" ? 0n : (hundredths(rate) ?? 0n);
      const half = mode === "intra-state" ? halfUp(taxable * charged, 20_000n) : 0n;
      const igst = mode === "intra-state" ? 0n : halfUp(taxable * charged, 10_000n);
      return { rate, taxable, cgst: half, sgst: half, igst };
    });

  const taxable = sum(lines.map((line) => line.taxable));
  const cgst = sum(byRate.map((row) => row.cgst));
  const sgst = sum(byRate.map((row) => row.sgst));
  const igst = sum(byRate.map((row) => row.igst));
  const tax = cgst + sgst + igst;
  const beforeRounding = taxable + tax;
  const total = halfUp(beforeRounding, 100n) * 100n;
  const oneTime = sum(priced.filter((line) => !line.goods).map((line) => line.amount));
  return {
    lines,
    lineDiscounts,
    oneTime,
    totals: {
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
    },
  };
}

function lineTotalsOf(line: {
  amount: bigint;
  discountShare: bigint;
  packingShare: bigint;
  freightShare: bigint;
  taxable: bigint;
}): LineTotals {
  return {
    amount: paise(line.amount),
    discountShare: paise(line.discountShare),
    packingShare: paise(line.packingShare),
    freightShare: paise(line.freightShare),
    taxable: paise(line.taxable),
  };
}

/** The totals of a quotation; throws a {@link QuotationError} for input that cannot make one. */
export function computeQuotation(input: QuotationInput): QuotationTotals {
  const { lines, supply } = input;
  if (supply !== "intra-state" && supply !== "inter-state") {
    throw new QuotationError("The supply must be intra-state or inter-state");
  }
  checkedRates(input.allowedRates);
  if (lines.length === 0) throw new QuotationError("A quotation needs at least one line");

  const priced = lines.map((line, index) => ({
    amount: lineAmount(line, index + 1),
    lineDiscount: 0n,
    rate: allowedRate(line.gstRate, input.allowedRates, `Line ${index + 1}`),
    goods: true,
  }));
  const reckoned = reckon(priced, { ...charged(input), tax: supply });
  return { lines: reckoned.lines.map(lineTotalsOf), ...reckoned.totals };
}

/**
 * The totals of one option of a quotation: its lines, priced per 1, 100 or
 * 1,000 to four decimals with their own discounts, and the one-time charges,
 * taxed as `tax` says. Throws a {@link QuotationError} for input that cannot
 * make one.
 */
export function computeOptionTotals(input: OptionInput): OptionTotals {
  if (!TAX_MODES.includes(input.tax)) {
    throw new QuotationError("The tax must be intra-state, inter-state or zero-rated");
  }
  checkedRates(input.allowedRates);
  if (input.lines.length === 0) throw new QuotationError("A quotation needs at least one line");

  const priced = [
    ...input.lines.map((line, index) => pricedLine(line, index + 1, input.allowedRates)),
    ...(input.charges ?? []).map((charge, index) => pricedCharge(charge, index + 1, input.allowedRates)),
  ];
  const reckoned = reckon(priced, { ...charged(input), tax: input.tax });
  return {
    lines: reckoned.lines
      .filter((line) => line.goods)
      .map((line) => ({ ...lineTotalsOf(line), lineDiscount: paise(line.lineDiscount) })),
    ...reckoned.totals,
    lineDiscounts: paise(reckoned.lineDiscounts),
    oneTimeCharges: paise(reckoned.oneTime),
  };
}

/** What of an input is charged on the whole: its discount, packing and freight. */
function charged(input: { discount?: Discount; packingPaise?: Paise; freightPaise?: Paise }) {
  return {
    ...(input.discount === undefined ? {} : { discount: input.discount }),
    ...(input.packingPaise === undefined ? {} : { packingPaise: input.packingPaise }),
    ...(input.freightPaise === undefined ? {} : { freightPaise: input.freightPaise }),
  };
}

/**
 * `total` paise shared out in proportion to `weights` by the largest-remainder
 * method, as a discount is over the lines: the shares add up to it exactly.
 */
export function shareOutPaise(total: Paise, weights: readonly Paise[]): Paise[] {
  return shareOut(
    wholePaise(total, "An amount shared out"),
    weights.map((weight) => wholePaise(weight, "A weight")),
    "An amount",
  ).map(paise);
}
