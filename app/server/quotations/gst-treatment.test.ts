import { describe, expect, test } from "vitest";
import {
  GST_TREATMENTS,
  type GstTreatmentChoice,
  gstTreatmentProblems,
  isGstTreatment,
  isZeroRated,
  lutNumberOf,
  taxModeOf,
} from "./gst-treatment.ts";

// 03AABCP1234C1ZA is a well-formed Punjab GSTIN (its check character computed), not a real business's.
const gstin = "03AABCP1234C1ZA";
const lut = "AD040326001234X";

describe("how each treatment is taxed", () => {
  test.each<[GstTreatmentChoice, string, string]>([
    [{ treatment: "registered" }, "intra-state", "intra-state"],
    [{ treatment: "registered" }, "inter-state", "inter-state"],
    [{ treatment: "unregistered" }, "intra-state", "intra-state"],
    [{ treatment: "unregistered" }, "inter-state", "inter-state"],
    // An SEZ in the company's own state still pays IGST.
    [{ treatment: "sez-with-payment" }, "intra-state", "inter-state"],
    [{ treatment: "sez-with-payment" }, "inter-state", "inter-state"],
    [{ treatment: "sez-without-payment", lutNumber: lut }, "intra-state", "zero-rated"],
    [{ treatment: "export-lut", lutNumber: lut }, "inter-state", "zero-rated"],
  ])("%j supplied %s is taxed %s", (choice, supply, mode) => {
    expect(taxModeOf(choice, supply as "intra-state" | "inter-state")).toBe(mode);
  });

  test("only an SEZ supply without payment and an export are zero-rated", () => {
    expect(GST_TREATMENTS.filter(isZeroRated)).toEqual(["sez-without-payment", "export-lut"]);
  });

  test("a value read back is a treatment only when it is one of the five", () => {
    expect(GST_TREATMENTS.every(isGstTreatment)).toBe(true);
    expect(["exempt", "", undefined, 1].some(isGstTreatment)).toBe(false);
  });
});

describe("the LUT or bond reference", () => {
  test("is printed on a zero-rated quotation, trimmed, and on no other", () => {
    expect(lutNumberOf({ treatment: "export-lut", lutNumber: `  ${lut} ` })).toBe(lut);
    expect(lutNumberOf({ treatment: "sez-without-payment", lutNumber: lut })).toBe(lut);
    expect(lutNumberOf({ treatment: "registered" })).toBeUndefined();
    expect(lutNumberOf({ treatment: "sez-with-payment", lutNumber: lut } as GstTreatmentChoice)).toBeUndefined();
  });

  test.each([
    ["missing", undefined],
    ["blank", "   "],
    ["longer than 40 characters", "A".repeat(41)],
    ["not a reference", "<script>"],
  ])("is asked for when it is %s", (_, lutNumber) => {
    const choice = { treatment: "export-lut", ...(lutNumber === undefined ? {} : { lutNumber }) } as GstTreatmentChoice;
    expect(gstTreatmentProblems(choice, "")).toEqual(["lut"]);
  });

  test("a bond's reference with slashes and spaces is taken", () => {
    expect(gstTreatmentProblems({ treatment: "sez-without-payment", lutNumber: "BOND/2026-27/17" }, gstin)).toEqual([]);
  });
});

describe("the buyer's GSTIN", () => {
  test.each<[GstTreatmentChoice, string, string[]]>([
    [{ treatment: "registered" }, gstin, []],
    [{ treatment: "registered" }, "", ["gstin"]],
    // The last character changed, so the check character fails.
    [{ treatment: "registered" }, "03AABCP1234C1ZB", ["gstin"]],
    [{ treatment: "unregistered" }, "", []],
    [{ treatment: "sez-with-payment" }, "", ["gstin"]],
    [{ treatment: "sez-without-payment", lutNumber: "" }, "", ["gstin", "lut"]],
    [{ treatment: "export-lut", lutNumber: lut }, "", []],
  ])("%j with %j has problems %j", (choice, buyerGstin, problems) => {
    expect(gstTreatmentProblems(choice, buyerGstin)).toEqual(problems);
  });
});
