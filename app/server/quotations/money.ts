/**
 * An amount of money as a whole number of paise (100 paise to the rupee).
 * Whole numbers add and compare exactly, where rupees with a fraction in
 * floating point would gain or lose a paisa somewhere in a long quotation.
 */
export type Paise = number;

/** A quantity as a whole number of thousandths of a unit, so 2.5 kg is 2500 and sums stay exact. */
export type Milli = number;

/**
 * ₹99,99,99,999.99, the largest amount a buyer or staff member may type: far
 * beyond any order, and small enough that thousands of such amounts still
 * add up to a whole number JavaScript holds exactly.
 */
export const maxPaise: Paise = 99_999_999_999;

const minusSign = "\u2212";

/**
 * Digits grouped with commas the Indian or the international way, with an
 * optional fraction. Either grouping is taken because amounts are pasted from
 * both kinds of documents; a comma anywhere else is more likely a typing slip
 * than a separator, so it is refused.
 */
const decimalPattern = /^(\d{1,3}(?:,\d{3})+|\d{1,2}(?:,\d{2})*,\d{3}|\d+)(?:\.(\d+))?$/;

/** The number in `text` times 10^decimals, or undefined when it is not a plain decimal with at most that many places. */
function parseScaled(text: string, decimals: number): number | undefined {
  const match = decimalPattern.exec(text);
  if (match === null) return undefined;
  const whole = (match[1] ?? "").replaceAll(",", "");
  const fraction = match[2] ?? "";
  if (fraction.length > decimals) return undefined;
  // Leading zeros are stripped before the length test so "000…1" is not refused for its length.
  const significant = whole.replace(/^0+/, "");
  if (significant.length > 15) return undefined;
  const value = Number(significant || "0") * 10 ** decimals + Number(fraction.padEnd(decimals, "0"));
  return Number.isSafeInteger(value) ? value : undefined;
}

/**
 * The amount in paise of a rupee amount as people write it: "1234",
 * "1,23,456.78", "₹ 1,234.50", or with the "/-" that closes amounts on Indian
 * bills. Undefined for anything else: a minus sign, letters, more than two
 * decimals, or more than {@link maxPaise}.
 */
export function parseRupees(text: string): Paise | undefined {
  const paise = parseScaled(withoutRupeeMarks(text), 2);
  return paise !== undefined && paise <= maxPaise ? paise : undefined;
}

function withoutRupeeMarks(text: string): string {
  let body = text.trim();
  if (body.startsWith("₹")) body = body.slice(1).trimStart();
  if (body.endsWith("/-")) body = body.slice(0, -2).trimEnd();
  return body;
}

/**
 * A unit price as a whole number of ten-thousandths of a rupee (a hundredth
 * of a paisa): labels and cartons are priced to a tenth of a paisa and
 * beyond (₹0.925 a piece is 9250), which paise cannot hold.
 */
export type TenThousandths = number;

/** ₹99,99,99,999.9999, the largest unit price: the largest amount, to four decimals. */
export const maxUnitPrice: TenThousandths = maxPaise * 100 + 99;

/**
 * A unit price as people write it, to at most four decimals of a rupee:
 * "0.925", "₹ 1,250.5", "925/-". Undefined for anything else, as for
 * {@link parseRupees}.
 */
export function parseUnitPrice(text: string): TenThousandths | undefined {
  const price = parseScaled(withoutRupeeMarks(text), 4);
  return price !== undefined && price <= maxUnitPrice ? price : undefined;
}

/** Commas after the thousands, then after every two digits: 12345678 → "1,23,45,678". */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ",");
  return `${head},${digits.slice(-3)}`;
}

function assertSafeInteger(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a whole number, not ${value}`);
}

/**
 * The amount as it is printed on a quotation: "₹1,23,45,678.90", always with
 * paise so columns line up. A negative amount, which only a round-off line
 * has, takes a true minus sign before the rupee sign.
 */
export function formatRupees(paise: Paise, options: { symbol?: boolean } = {}): string {
  assertSafeInteger(paise, "An amount in paise");
  const size = Math.abs(paise);
  const rupees = groupIndian(String(Math.floor(size / 100)));
  const rest = String(size % 100).padStart(2, "0");
  return `${paise < 0 ? minusSign : ""}${options.symbol === false ? "" : "₹"}${rupees}.${rest}`;
}

/**
 * A unit price as a quotation prints it: two decimals at least, as amounts
 * are, and the third and fourth only when they are not zero, so ₹925.00 and
 * ₹0.925 are each written as they were quoted.
 */
export function formatUnitPrice(price: TenThousandths, options: { symbol?: boolean } = {}): string {
  assertSafeInteger(price, "A unit price in ten-thousandths of a rupee");
  if (price < 0) throw new RangeError(`A unit price cannot be negative: ${price}`);
  const rupees = groupIndian(String(Math.floor(price / 10_000)));
  const fraction = String(price % 10_000)
    .padStart(4, "0")
    .replace(/0{1,2}$/, "");
  return `${options.symbol === false ? "" : "₹"}${rupees}.${fraction}`;
}

const units = [
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
] as const;

const tens = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"] as const;

function word(list: readonly string[], index: number): string {
  const found = list[index];
  if (found === undefined) throw new RangeError(`No word for ${index}`);
  return found;
}

function belowHundred(value: number): string {
  if (value < 20) return word(units, value);
  const one = value % 10;
  const ten = word(tens, Math.floor(value / 10));
  return one === 0 ? ten : `${ten}-${word(units, one)}`;
}

/**
 * A whole number of at least one in Indian numbering. The count of crores is
 * itself a number in words ("One Hundred Crore", "Twelve Lakh Crore"), since
 * there is no larger unit in everyday use on bills.
 */
function wholeInWords(value: number): string {
  const parts: string[] = [];
  const crores = Math.floor(value / 10_000_000);
  if (crores > 0) parts.push(`${wholeInWords(crores)} Crore`);
  const lakhs = Math.floor(value / 100_000) % 100;
  if (lakhs > 0) parts.push(`${belowHundred(lakhs)} Lakh`);
  const thousands = Math.floor(value / 1000) % 100;
  if (thousands > 0) parts.push(`${belowHundred(thousands)} Thousand`);
  const hundreds = Math.floor(value / 100) % 10;
  if (hundreds > 0) parts.push(`${word(units, hundreds)} Hundred`);
  const rest = value % 100;
  if (rest > 0) parts.push(belowHundred(rest));
  return parts.join(" ");
}

/**
 * The amount in words for the "amount chargeable (in words)" line of a
 * quotation or invoice, where it guards the figure against alteration:
 * "Rupees One Hundred and Paise Five Only". A part that is zero is left out,
 * except that nothing at all is "Rupees Zero Only".
 */
export function amountInWords(paise: Paise): string {
  assertSafeInteger(paise, "An amount in paise");
  if (paise < 0) throw new RangeError(`An amount in words cannot be negative: ${paise}`);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  if (rupees === 0 && rest === 0) return "Rupees Zero Only";
  const parts: string[] = [];
  if (rupees > 0) parts.push(`Rupees ${wholeInWords(rupees)}`);
  if (rest > 0) parts.push(`Paise ${belowHundred(rest)}`);
  return `${parts.join(" and ")} Only`;
}

/**
 * A quantity with Indian grouping and only the decimals it needs: 2500 → "2.5",
 * 100000000 → "1,00,000". Trailing zeros are dropped because "2.500 kg" reads
 * as more precise than what was ordered.
 */
export function formatQuantity(quantity: Milli): string {
  assertSafeInteger(quantity, "A quantity in thousandths");
  if (quantity < 0) throw new RangeError(`A quantity cannot be negative: ${quantity}`);
  const whole = groupIndian(String(Math.floor(quantity / 1000)));
  const fraction = String(quantity % 1000)
    .padStart(3, "0")
    .replace(/0+$/, "");
  return fraction === "" ? whole : `${whole}.${fraction}`;
}

/**
 * A quantity typed as "1,000", "2.5" or "0.125", in thousandths of a unit.
 * Undefined for zero, a minus sign, letters or more than three decimals: a
 * line on a quotation is always for some positive amount of something.
 */
export function parseQuantity(text: string): Milli | undefined {
  const quantity = parseScaled(text.trim(), 3);
  return quantity !== undefined && quantity > 0 ? quantity : undefined;
}
