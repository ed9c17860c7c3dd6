/**
 * State and union territory codes that begin a GSTIN today. 25 (Daman and Diu)
 * is left out because its GSTINs were reissued under 26 when the territories
 * merged in 2020, and 28 (Andhra Pradesh before its division) because GST
 * began after it, with Andhra Pradesh on 37.
 */
export const gstStates = {
  "01": "Jammu and Kashmir",
  "02": "Himachal Pradesh",
  "03": "Punjab",
  "04": "Chandigarh",
  "05": "Uttarakhand",
  "06": "Haryana",
  "07": "Delhi",
  "08": "Rajasthan",
  "09": "Uttar Pradesh",
  "10": "Bihar",
  "11": "Sikkim",
  "12": "Arunachal Pradesh",
  "13": "Nagaland",
  "14": "Manipur",
  "15": "Mizoram",
  "16": "Tripura",
  "17": "Meghalaya",
  "18": "Assam",
  "19": "West Bengal",
  "20": "Jharkhand",
  "21": "Odisha",
  "22": "Chhattisgarh",
  "23": "Madhya Pradesh",
  "24": "Gujarat",
  "26": "Dadra and Nagar Haveli and Daman and Diu",
  "27": "Maharashtra",
  "29": "Karnataka",
  "30": "Goa",
  "31": "Lakshadweep",
  "32": "Kerala",
  "33": "Tamil Nadu",
  "34": "Puducherry",
  "35": "Andaman and Nicobar Islands",
  "36": "Telangana",
  "37": "Andhra Pradesh",
  "38": "Ladakh",
  "97": "Other Territory",
  "99": "Centre Jurisdiction",
} as const;

export type GstStateCode = keyof typeof gstStates;

/**
 * Union territories without a legislature of their own, where the tax within
 * the territory is CGST and UTGST rather than CGST and SGST (UTGST Act 2017,
 * section 7). Delhi, Puducherry and Jammu and Kashmir have legislatures.
 */
const territoriesWithoutLegislature: ReadonlySet<GstStateCode> = new Set(["04", "26", "31", "35", "38", "97"]);

/** The name of the half of the tax within a state that is not CGST: the amount is the same either way. */
export function localTaxName(code: GstStateCode): "SGST" | "UTGST" {
  return territoriesWithoutLegislature.has(code) ? "UTGST" : "SGST";
}

/** State code, PAN (five letters, four digits, a letter), entity number, Z, check character. */
const gstinPattern = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

const base36 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** Buyers paste GSTINs from invoices and e-mails, with stray spaces and in either case. */
export function normalizeGstin(value: string): string {
  return value.trim().toUpperCase();
}

/**
 * GSTN's mod-36 check character: it catches any single mistyped character
 * and most swaps of neighbours before the GSTIN reaches an invoice.
 */
function checkCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < first14.length; i++) {
    const product = base36.indexOf(first14.charAt(i)) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return base36.charAt((36 - (sum % 36)) % 36);
}

function isGstStateCode(code: string): code is GstStateCode {
  return Object.hasOwn(gstStates, code);
}

/**
 * What is wrong with the GSTIN typed, or undefined when it is well formed;
 * the words that tell the buyer what to do are the site's, keyed by it. A
 * well-formed GSTIN may still be unregistered: only the GST portal can say that.
 */
export type GstinProblem = "length" | "pattern" | "state" | "check";

/** The words a buyer is shown for each problem, filled in by the site's content. */
export type GstinProblemWords = Readonly<Record<GstinProblem, string>>;

export function gstinProblem(value: string): GstinProblem | undefined {
  const gstin = normalizeGstin(value);
  if (gstin.length !== 15) return "length";
  if (!gstinPattern.test(gstin)) return "pattern";
  if (!isGstStateCode(gstin.slice(0, 2))) return "state";
  if (checkCharacter(gstin.slice(0, 14)) !== gstin.charAt(14)) return "check";
  return undefined;
}

/** The state the GSTIN is registered in, so tax can be charged as intra- or inter-state. */
export function gstinStateCode(value: string): GstStateCode | undefined {
  if (gstinProblem(value) !== undefined) return undefined;
  const code = normalizeGstin(value).slice(0, 2);
  return isGstStateCode(code) ? code : undefined;
}
