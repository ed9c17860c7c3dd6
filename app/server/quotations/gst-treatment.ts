import type { Supply, TaxMode } from "./gst.ts";
import { gstinProblem } from "./gstin.ts";

/**
 * How GST applies to the buyer of a quotation, chosen per quotation:
 *
 * - registered: a buyer with a GSTIN; CGST and SGST (or UTGST) within a
 *   state, IGST between states, by the place of supply.
 * - unregistered: the same taxes by the same rule; the buyer only cannot
 *   claim them back.
 * - sez-with-payment: a unit or developer in a Special Economic Zone, which
 *   is always supplied between states (IGST Act s.7(5)(b)), so IGST even
 *   within the company's own state.
 * - sez-without-payment: the same buyer, zero-rated (IGST Act s.16(1)(b))
 *   under a letter of undertaking (LUT) or bond: no tax.
 * - export-lut: goods exported out of India, zero-rated (s.16(1)(a)) under a
 *   letter of undertaking: no tax.
 *
 * The last two must carry the LUT's (or bond's) reference, which the
 * quotation prints.
 */
export const GST_TREATMENTS = [
  "registered",
  "unregistered",
  "sez-with-payment",
  "sez-without-payment",
  "export-lut",
] as const;

export type GstTreatment = (typeof GST_TREATMENTS)[number];

export type ZeroRatedTreatment = "sez-without-payment" | "export-lut";

export type GstTreatmentChoice =
  | { treatment: Exclude<GstTreatment, ZeroRatedTreatment> }
  | {
      treatment: ZeroRatedTreatment;
      /**
       * The acknowledgement (ARN) of the letter of undertaking filed for the
       * financial year, or the bond's reference. For the company's
       * accountant to confirm: whether an SEZ supply under bond rather than
       * LUT needs a different wording on the quotation.
       */
      lutNumber: string;
    };

/** The longest LUT or bond reference taken: an ARN is 15 characters, a bond's reference a little more. */
export const LUT_NUMBER_MAX = 40;

const LUT_NUMBER = /^[A-Z0-9][A-Z0-9/ -]*$/i;

export function isZeroRated(treatment: GstTreatment): treatment is ZeroRatedTreatment {
  return treatment === "sez-without-payment" || treatment === "export-lut";
}

/** Whether a value read from a form or the store is one of the treatments. */
export function isGstTreatment(value: unknown): value is GstTreatment {
  return (GST_TREATMENTS as readonly unknown[]).includes(value);
}

/**
 * How the supply is taxed: zero-rated under an LUT or bond; IGST to an SEZ
 * that pays; otherwise by the place of supply, as `supply` says.
 */
export function taxModeOf(choice: GstTreatmentChoice, supply: Supply): TaxMode {
  if (isZeroRated(choice.treatment)) return "zero-rated";
  if (choice.treatment === "sez-with-payment") return "inter-state";
  return supply;
}

/** The LUT or bond reference a zero-rated quotation prints; none for the others. */
export function lutNumberOf(choice: GstTreatmentChoice): string | undefined {
  if (!isZeroRated(choice.treatment) || !("lutNumber" in choice)) return undefined;
  // A choice read back from the store is checked, not trusted.
  return typeof choice.lutNumber === "string" ? choice.lutNumber.trim() : undefined;
}

/**
 * What keeps a treatment from being used: "gstin", a registered buyer or an
 * SEZ unit without a valid GSTIN (an SEZ unit is registered too); "lut", a
 * zero-rated supply without an LUT or bond reference, or one that is not one.
 * The words are the staff area's, keyed by these ids.
 */
export type GstTreatmentProblem = "gstin" | "lut";

export function gstTreatmentProblems(choice: GstTreatmentChoice, buyerGstin: string): GstTreatmentProblem[] {
  const problems: GstTreatmentProblem[] = [];
  const needsGstin = choice.treatment !== "unregistered" && choice.treatment !== "export-lut";
  if (needsGstin && gstinProblem(buyerGstin) !== undefined) problems.push("gstin");
  if (isZeroRated(choice.treatment)) {
    const lut = lutNumberOf(choice) ?? "";
    if (lut.length > LUT_NUMBER_MAX || !LUT_NUMBER.test(lut)) problems.push("lut");
  }
  return problems;
}
