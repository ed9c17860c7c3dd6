import { describe, expect, test } from "vitest";
import { quoteFormContent as content } from "../../../tests/support/area-words.ts";
import { quoteFields, specificationFields, validateQuote } from "./quote-spec.ts";

const now = new Date("2026-11-25T06:00:00Z");

const person = {
  name: "Asha Verma",
  email: "asha@example.in",
  phone_number: "+91 98765 43210",
  quantity_1: "500",
  needed_by: "2026-12-20",
  pin_code: "400001",
};

const cakeBoxes = {
  ...person,
  style: "cakeWindow",
  length_mm: "250",
  width_mm: "250",
  height_mm: "120",
  board: "sbs-solid-bleached-board",
  colours: "4-colours-cmyk",
  finish_matte: "on",
  window: "on",
  quantity_2: "1000",
};

describe("the quote request's rules", () => {
  test("every service says which questions its quote asks, and every question has a unique name", () => {
    for (const service of content.services) {
      const spec = content.specs[service.slug];
      expect(spec, service.slug).toBeDefined();
      if (!spec) continue;
      const names = quoteFields(spec, content).map((field) => field.name);
      expect(new Set(names).size, service.slug).toBe(names.length);
      expect(specificationFields(spec, content).length, service.slug).toBeGreaterThan(2);
    }
  });

  test("a complete cake-box request gives the specification in the estimator's words", () => {
    const result = validateQuote("cake", cakeBoxes, content, now);
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.output.service.slug).toBe("cake");
    expect(result.output.specification).toEqual([
      ["Style", "Cake box with window"],
      ["Inner length (mm)", "250"],
      ["Inner width (mm)", "250"],
      ["Inner height (mm)", "120"],
      ["Board or material", "SBS (solid bleached board)"],
      ["Printing colours", "4 colours (CMYK)"],
      ["Matte lamination", "Yes"],
      ["With a window", "Yes"],
    ]);
    expect(result.output.quantities).toEqual([500, 1000]);
    expect(result.output.pinCode).toBe("400001 (Maharashtra)");
  });

  test("each problem is said beside its field: missing, out of range, not from the list, in the past", () => {
    const result = validateQuote(
      "cake",
      {
        ...cakeBoxes,
        style: "rocket",
        length_mm: "2",
        height_mm: "ten",
        board: "",
        needed_by: "2026-11-24",
        quantity_1: "",
        quantity_2: "10.5",
        pin_code: "",
      },
      content,
      now,
    );
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.errors).toMatchObject({
      style: "Choose style from the list",
      length_mm: "Inner length (mm): at least 10",
      height_mm: expect.stringContaining("enter a number"),
      board: "Choose the board or material",
      needed_by: "Choose a date from today on",
      quantity_1: "Enter the quantity",
      quantity_2: "Quantity 2 (optional): enter a whole number, such as 1",
      pin_code: "Enter the delivery PIN code",
    });
  });

  test("the PIN code, the GSTIN and the person's details are checked by their own rules", () => {
    const result = validateQuote(
      "cake",
      { ...cakeBoxes, pin_code: "01234", gstin: "27AAPFU0939F1ZX", email: "asha@", phone_number: "12" },
      content,
      now,
    );
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(Object.keys(result.errors).sort()).toEqual(["email", "gstin", "phone_number", "pin_code"]);
  });

  test("a custom paper size needs its width and height", () => {
    const brochure = { ...person, size: "custom", pages: "16", paper: "art-paper-matte", colours: "4-colours-cmyk" };
    const result = validateQuote("brochure", { ...brochure, binding: "centre-stitched" }, content, now);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.errors).toEqual({
      custom_width_mm: "Enter the custom size in millimetres",
      custom_height_mm: "Enter the custom size in millimetres",
    });
  });

  test("an unknown product is refused, not guessed", () => {
    expect(validateQuote("rockets", person, content, now)).toEqual({
      success: false,
      errors: { service: "Choose the product from the list" },
    });
  });
});
