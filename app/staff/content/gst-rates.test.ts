import { describe, expect, test } from "vitest";
import { describeGstRateProblem, type GstRateProblem, KNOWN_GST_RATES } from "../../server/quotations/gst-rates.ts";
import { gstRateProblemText, tableDay, tableRate } from "./gst-rates.ts";

describe("the rate table's words", () => {
  test("every problem of an entry is told, the rate's with the rates GST charges", () => {
    const problems: GstRateProblem[] = ["hsn", "rate", "date", "repeated", "malformed"];
    for (const problem of problems) expect(describeGstRateProblem(problem, gstRateProblemText)).not.toBe("");
    expect(describeGstRateProblem("rate", gstRateProblemText)).toContain(KNOWN_GST_RATES.join(", "));
  });

  test("an entry is told with its day as people write it, and its note", () => {
    expect(tableDay("2025-09-22")).toBe("22 September 2025");
    expect(
      tableRate({ hsn: "481920", rate: 5, effectiveFrom: "2025-09-22", note: "Confirm with your accountant." }),
    ).toBe("The rate table gives 5 % for HSN 481920 from 22 September 2025. Confirm with your accountant.");
  });
});
