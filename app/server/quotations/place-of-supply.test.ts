import { describe, expect, test } from "vitest";
import { gstStates } from "./gstin.ts";
import { stateForPinCode } from "./pin-code.ts";
import { placeOfSupply } from "./place-of-supply.ts";

// The company is in Maharashtra (27) in these examples. The GSTINs are the published ones
// the GSTIN checks are tested with: 27AAPFU0939F1ZV in Maharashtra, 29AAGCB7383J1Z4 in Karnataka.
const companyStateCode = "27";

describe("placeOfSupply", () => {
  test("a buyer registered in the company's state is supplied within the state", () => {
    expect(placeOfSupply({ buyerGstin: "27AAPFU0939F1ZV", companyStateCode })).toEqual({
      stateCode: "27",
      stateName: "Maharashtra",
      source: "gstin",
      supply: "intra-state",
    });
  });

  test("the buyer's GSTIN wins over the delivery PIN code", () => {
    // Registered in Karnataka, delivered to Mumbai (400001).
    expect(placeOfSupply({ buyerGstin: "29AAGCB7383J1Z4", deliveryPinCode: "400001", companyStateCode })).toEqual({
      stateCode: "29",
      stateName: "Karnataka",
      source: "gstin",
      supply: "inter-state",
    });
  });

  test("a GSTIN typed in small letters with spaces still counts", () => {
    expect(placeOfSupply({ buyerGstin: " 29aagcb7383j1z4 ", companyStateCode })?.stateCode).toBe("29");
  });

  test.each([
    ["560001", "29", "Karnataka", "inter-state"],
    ["400001", "27", "Maharashtra", "intra-state"],
    ["403001", "30", "Goa", "inter-state"],
    ["110001", "07", "Delhi", "inter-state"],
    ["194101", "38", "Ladakh", "inter-state"],
    ["396210", "26", "Dadra and Nagar Haveli and Daman and Diu", "inter-state"],
  ])("without a GSTIN, PIN code %s decides: %s, %s", (deliveryPinCode, stateCode, stateName, supply) => {
    expect(placeOfSupply({ deliveryPinCode, companyStateCode })).toEqual({
      stateCode,
      stateName,
      source: "pin-code",
      supply,
    });
  });

  test("a GSTIN that fails its checks is passed over for the PIN code", () => {
    // The last character of the Karnataka GSTIN changed: the check character no longer matches.
    expect(placeOfSupply({ buyerGstin: "29AAGCB7383J1Z5", deliveryPinCode: "110001", companyStateCode })).toMatchObject(
      { stateCode: "07", source: "pin-code" },
    );
  });

  test.each([
    ["nothing given", {}],
    ["an empty GSTIN and PIN", { buyerGstin: "", deliveryPinCode: "" }],
    ["a PIN on a state border", { deliveryPinCode: "244923" }],
    ["an Army Postal Service PIN", { deliveryPinCode: "900001" }],
    ["a malformed GSTIN and a malformed PIN", { buyerGstin: "27AAPFU0939F1ZW", deliveryPinCode: "40001" }],
  ])("is undefined with %s", (_, given) => {
    expect(placeOfSupply({ ...given, companyStateCode })).toBeUndefined();
  });

  test("names the same state as the PIN code table for every PIN with a state", () => {
    // Four PIN codes in every thousand, which reach 34 of the 36 states and territories in the table.
    const seen = new Set<string>();
    for (let pin = 110_000; pin <= 859_999; pin += 1_000) {
      for (const last of [1, 55, 310, 923]) {
        const deliveryPinCode = String(pin + last);
        const state = stateForPinCode(deliveryPinCode);
        const place = placeOfSupply({ deliveryPinCode, companyStateCode });
        if (state === undefined) {
          expect(place).toBeUndefined();
          continue;
        }
        expect(place?.stateName).toBe(state);
        expect(place && gstStates[place.stateCode]).toBe(state);
        seen.add(state);
      }
    }
    expect(seen.size).toBeGreaterThanOrEqual(34);
  });
});
