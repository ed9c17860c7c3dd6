import { describe, expect, test } from "vitest";
import { gstinProblem, gstinStateCode, gstStates, localTaxName, normalizeGstin } from "./gstin.ts";

describe("GSTINs as buyers type them", () => {
  test.each(["27AAPFU0939F1ZV", "29AAGCB7383J1Z4"])("%s, a published GSTIN, is accepted", (gstin) => {
    expect(gstinProblem(gstin)).toBeUndefined();
  });

  test("spaces around it and lower-case letters are forgiven", () => {
    expect(normalizeGstin("  27aapfu0939f1zv\n")).toBe("27AAPFU0939F1ZV");
    expect(gstinProblem("  27aapfu0939f1zv\n")).toBeUndefined();
  });

  test.each(["", "27AAPFU0939F1Z", "27AAPFU0939F1ZVX", "27 AAPFU 0939F1ZV"])(
    "%j is not 15 characters, so the buyer is asked for 15 and shown one",
    (gstin) => {
      expect(gstinProblem(gstin)).toBe("length");
    },
  );

  test.each([
    ["letter in the state code", "2AAAPFU0939F1ZV"],
    ["digit in the PAN's letters", "27AAPF00939F1ZV"],
    ["letter in the PAN's digits", "27AAPFUO939F1ZV"],
    ["entity number 0", "27AAPFU0939F0ZV"],
    ["no Z as the 14th character", "27AAPFU0939F1YV"],
    ["punctuation", "27AAPFU0939F-ZV"],
  ])("a GSTIN with a %s is sent back to the GST certificate", (_, gstin) => {
    expect(gstinProblem(gstin)).toBe("pattern");
  });

  test.each([
    ["00AAPFU0939F1ZB", "no state"],
    ["25AAPFU0939F1ZZ", "Daman and Diu's code before its merger"],
    ["28AAPFU0939F1ZT", "undivided Andhra Pradesh"],
    ["40AAPFU0939F1Z7", "no state"],
  ])("%s starts with the code of %s, so the buyer is asked to check the state code", (gstin) => {
    expect(gstinProblem(gstin)).toBe("state");
  });

  test.each(["26AAPFU0939F1ZX", "38AAPFU0939F1ZS", "97AAPFU0939F1ZO", "99AAPFU0939F1ZK"])(
    "%s has a state code of the GST system and is accepted",
    (gstin) => {
      expect(gstinProblem(gstin)).toBeUndefined();
    },
  );

  test.each([
    ["last character changed", "27AAPFU0939F1ZW"],
    ["one digit changed", "27AAPFU0938F1ZV"],
    ["two neighbouring digits swapped", "27AAPFU0993F1ZV"],
    ["two neighbouring letters swapped", "27AAPUF0939F1ZV"],
  ])("a typing slip (%s) is caught by the check character", (_, gstin) => {
    expect(gstinProblem(gstin)).toBe("check");
  });

  test("every character of a valid GSTIN is covered by the check character", () => {
    const valid = "29AAGCB7383J1Z4";
    for (let i = 0; i < 15; i++) {
      if (i === 13) continue;
      const original = valid.charAt(i);
      const replacement = /\d/.test(original) ? String((Number(original) + 1) % 10) : original === "Z" ? "A" : "Z";
      const slipped = valid.slice(0, i) + replacement + valid.slice(i + 1);
      expect(gstinProblem(slipped), slipped).toBeDefined();
    }
  });
});

describe("the state a GSTIN is registered in", () => {
  test("is the two-digit code of a valid GSTIN", () => {
    expect(gstinStateCode("27AAPFU0939F1ZV")).toBe("27");
    expect(gstinStateCode(" 29aagcb7383j1z4 ")).toBe("29");
    expect(gstStates["29"]).toBe("Karnataka");
  });

  test("is not answered for a GSTIN that is not valid", () => {
    expect(gstinStateCode("27AAPFU0939F1ZW")).toBeUndefined();
    expect(gstinStateCode("25AAPFU0939F1ZZ")).toBeUndefined();
    expect(gstinStateCode("")).toBeUndefined();
  });

  test("names the merged territory under 26 and Ladakh under 38", () => {
    expect(gstStates["26"]).toBe("Dadra and Nagar Haveli and Daman and Diu");
    expect(gstStates["38"]).toBe("Ladakh");
    expect(gstStates["37"]).toBe("Andhra Pradesh");
    expect(gstStates["36"]).toBe("Telangana");
    expect(Object.keys(gstStates)).not.toContain("25");
    expect(Object.keys(gstStates)).not.toContain("28");
    expect(Object.keys(gstStates)).toHaveLength(38);
  });
});

describe("the tax within a state besides CGST", () => {
  test.each([
    ["04", "UTGST"],
    ["26", "UTGST"],
    ["31", "UTGST"],
    ["35", "UTGST"],
    ["38", "UTGST"],
    ["97", "UTGST"],
    ["07", "SGST"],
    ["34", "SGST"],
    ["01", "SGST"],
    ["27", "SGST"],
    ["29", "SGST"],
  ] as const)("in %s is %s", (code, name) => {
    expect(localTaxName(code)).toBe(name);
  });
});
