import { describe, expect, test } from "vitest";
import { gstStates } from "./gstin.ts";
import { stateForPinCode } from "./pin-code.ts";
import {
  addressStateCode,
  addressStatesDiffer,
  decidePlaceOfSupply,
  PLACE_REASON_MAX,
  type PlaceOfSupplyInput,
  placeOfSupply,
} from "./place-of-supply.ts";

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

// The seed company is in Chandigarh (04). The buyer's GSTIN, 03AABCP1234C1ZA, is a well-formed
// Punjab one (its check character computed), not a real business's; it bills from Ludhiana
// (141001, Punjab) and has a unit in Chandigarh's Industrial Area (160002).
const punjabBuyer: PlaceOfSupplyInput = {
  billingAddress: { pinCode: "141001", stateCode: "03" },
  deliveryAddress: { pinCode: "160002", stateCode: "04" },
  buyerGstin: "03AABCP1234C1ZA",
  thirdPartyDelivery: false,
  treatment: "registered",
  companyStateCode: "04",
};

describe("decidePlaceOfSupply", () => {
  test("goods moved to the buyer's own unit: the delivery address's state, Chandigarh 04, within the territory", () => {
    const chandigarh = {
      stateCode: "04",
      stateName: "Chandigarh",
      basis: "delivery-address",
      supply: "intra-state",
    };
    expect(decidePlaceOfSupply(punjabBuyer)).toEqual({ place: chandigarh, proposed: chandigarh });
  });

  test("delivered to a third party on the buyer's direction: the buyer's GSTIN's state, Punjab 03, between states", () => {
    const punjab = { stateCode: "03", stateName: "Punjab", basis: "buyer-gstin", supply: "inter-state" };
    expect(decidePlaceOfSupply({ ...punjabBuyer, thirdPartyDelivery: true })).toEqual({
      place: punjab,
      proposed: punjab,
    });
  });

  test("a buyer without a GSTIN delivering to a third party: its billing address's state", () => {
    const decision = decidePlaceOfSupply({
      ...punjabBuyer,
      buyerGstin: "",
      treatment: "unregistered",
      thirdPartyDelivery: true,
    });
    expect(decision).toMatchObject({ place: { stateCode: "03", basis: "billing-address", supply: "inter-state" } });
  });

  test("without a delivery address the goods go to the billing address", () => {
    const { deliveryAddress: _, ...billedOnly } = punjabBuyer;
    expect(decidePlaceOfSupply(billedOnly)).toMatchObject({
      place: { stateCode: "03", stateName: "Punjab", basis: "delivery-address", supply: "inter-state" },
    });
  });

  test("an address without a state is placed by its PIN code", () => {
    const decision = decidePlaceOfSupply({ ...punjabBuyer, deliveryAddress: { pinCode: "560001" } });
    expect(decision).toMatchObject({ place: { stateCode: "29", stateName: "Karnataka", supply: "inter-state" } });
  });

  test("a supply to an SEZ unit in the company's own territory is between states", () => {
    for (const treatment of ["sez-with-payment", "sez-without-payment"] as const) {
      expect(decidePlaceOfSupply({ ...punjabBuyer, treatment })).toMatchObject({
        place: { stateCode: "04", basis: "delivery-address", supply: "inter-state" },
      });
    }
  });

  test("an export's place of supply is outside India, code 96", () => {
    const outside = { stateCode: "96", stateName: "Other Countries", basis: "outside-india", supply: "inter-state" };
    expect(decidePlaceOfSupply({ ...punjabBuyer, treatment: "export-lut" })).toEqual({
      place: outside,
      proposed: outside,
    });
  });

  test("staff may choose another state with a reason, which is kept beside what the rule proposed", () => {
    const decision = decidePlaceOfSupply({
      ...punjabBuyer,
      override: { stateCode: "03", reason: "  The buyer collects the goods at our works for its Ludhiana plant. " },
    });
    expect(decision).toEqual({
      place: { stateCode: "03", stateName: "Punjab", basis: "staff", supply: "inter-state" },
      proposed: { stateCode: "04", stateName: "Chandigarh", basis: "delivery-address", supply: "intra-state" },
      reason: "The buyer collects the goods at our works for its Ludhiana plant.",
    });
  });

  test("choosing the state proposed is no change and needs no reason", () => {
    const decision = decidePlaceOfSupply({ ...punjabBuyer, override: { stateCode: "04", reason: "" } });
    expect(decision).toMatchObject({ place: { stateCode: "04", basis: "delivery-address" } });
    expect(decision).not.toHaveProperty("reason");
  });

  test("staff name the state when no address or GSTIN does", () => {
    const unplaced = { ...punjabBuyer, billingAddress: {}, deliveryAddress: { pinCode: "244923" } };
    expect(decidePlaceOfSupply(unplaced)).toEqual({ problem: "state" });
    expect(
      decidePlaceOfSupply({ ...unplaced, override: { stateCode: "05", reason: "Kashipur unit, per the PO" } }),
    ).toEqual({
      place: { stateCode: "05", stateName: "Uttarakhand", basis: "staff", supply: "inter-state" },
      proposed: undefined,
      reason: "Kashipur unit, per the PO",
    });
  });

  test.each<[string, Partial<PlaceOfSupplyInput>, string]>([
    ["another state without a reason", { override: { stateCode: "03", reason: "  " } }, "reason"],
    ["a reason too long", { override: { stateCode: "03", reason: "x".repeat(PLACE_REASON_MAX + 1) } }, "reason"],
    [
      "a state for an export",
      { treatment: "export-lut", override: { stateCode: "03", reason: "Shipped from Mumbai" } },
      "export",
    ],
    ["a state that is none", { override: { stateCode: "25" as never, reason: "Daman" } }, "state"],
  ])("refuses %s", (_, change, problem) => {
    expect(decidePlaceOfSupply({ ...punjabBuyer, ...change })).toEqual({ problem });
  });
});

describe("an address's state", () => {
  test("is the one given with it, else its PIN code's", () => {
    expect(addressStateCode({ pinCode: "160002", stateCode: "04" })).toBe("04");
    expect(addressStateCode({ pinCode: "160002" })).toBe("04");
    expect(addressStateCode({ pinCode: "160055" })).toBe("03");
    expect(addressStateCode({ pinCode: "244923" })).toBeUndefined();
    expect(addressStateCode({})).toBeUndefined();
  });

  test("a PIN code in another state than the one given is pointed out", () => {
    // 160055 is Mohali, in Punjab, though its PIN begins as Chandigarh's do.
    expect(addressStatesDiffer({ pinCode: "160055", stateCode: "04" })).toBe(true);
    expect(addressStatesDiffer({ pinCode: "160002", stateCode: "04" })).toBe(false);
    expect(addressStatesDiffer({ pinCode: "160055" })).toBe(false);
    expect(addressStatesDiffer({ pinCode: "244923", stateCode: "05" })).toBe(false);
  });
});
