import { describe, expect, test } from "vitest";
import { gstRateTableProblems, rateInForce } from "../../server/quotations/gst-rates.ts";
import { gstinProblem, gstinStateCode, gstStates } from "../../server/quotations/gstin.ts";
import { billing } from "./billing.ts";
import { services } from "./services.ts";

describe("the company's billing settings", () => {
  test("the GSTIN is well formed, and its state is the one the settings name", () => {
    expect(gstinProblem(billing.gstin)).toBeUndefined();
    expect(gstinStateCode(billing.gstin)).toBe(billing.stateCode);
    expect(Object.keys(gstStates)).toContain(billing.stateCode);
  });

  test("a new line's rate is one of the rates, and the rates are distinct, ascending percentages", () => {
    expect(billing.gstRates).toContain(billing.defaultGstRate);
    expect([...billing.gstRates].sort((a, b) => a - b)).toEqual([...billing.gstRates]);
    expect(new Set(billing.gstRates).size).toBe(billing.gstRates.length);
    for (const rate of billing.gstRates) expect(rate >= 0 && rate < 100).toBe(true);
  });

  test("the rate table passes its checks, every rate in it is one a line may carry, and each entry says whether it is confirmed", () => {
    expect(gstRateTableProblems(billing.gstRateTable)).toEqual([]);
    for (const entry of billing.gstRateTable) {
      expect(billing.gstRates).toContain(entry.rate);
      expect(entry.note).toMatch(/accountant/);
    }
  });

  test("cartons and boxes start at 18 % on a quotation dated before 22 September 2025 and at 5 % from that day; printed matter at 18 %", () => {
    for (const slug of ["box", "cake", "carton"] as const) {
      const hsn = billing.hsnByService[slug];
      expect(rateInForce(billing.gstRateTable, hsn, "2025-09-21")?.rate, slug).toBe(18);
      expect(rateInForce(billing.gstRateTable, hsn, "2025-09-22")?.rate, slug).toBe(5);
    }
    expect(rateInForce(billing.gstRateTable, billing.hsnByService.brochure, "2026-01-01")?.rate).toBe(18);
    expect(rateInForce(billing.gstRateTable, billing.defaultHsn, "2026-01-01")?.rate).toBe(18);
  });

  test("every product has an HSN code of four to eight digits", () => {
    for (const service of services) expect(billing.hsnByService[service.slug]).toMatch(/^\d{4}(\d{2}){0,2}$/);
    expect(billing.defaultHsn).toMatch(/^\d{4}$/);
  });
});
