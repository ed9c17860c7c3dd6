import { describe, expect, test } from "vitest";
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

  test("every product has an HSN code of four to eight digits", () => {
    for (const service of services) expect(billing.hsnByService[service.slug]).toMatch(/^\d{4}(\d{2}){0,2}$/);
    expect(billing.defaultHsn).toMatch(/^\d{4}$/);
  });
});
