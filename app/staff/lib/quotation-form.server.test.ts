import { describe, expect, test } from "vitest";
import type { StoredInquiry } from "../../server/contact/inquiries.server.ts";
import { billing } from "../../site/content/billing.ts";
import { lineField } from "./quotation-fields.ts";
import { initialValues, lineRows, readQuotationForm, valuesOf } from "./quotation-form.server.ts";

const NOW = Date.parse("2026-11-26T06:00:00Z");

/** The catalog as the services are handed it: the product is named from it. */
const services = [{ slug: "cake", title: "Cake Box" }];

const inquiry = {
  id: 7,
  reference: "ENQ-2026-000007",
  receivedAt: "2026-11-26T05:00:00.000Z",
  status: "new",
  spamReason: null,
  name: "Meena Rao",
  email: "meena@example.in",
  phone: "+91 98450 12345",
  subject: "Quote request: Cake Box",
  message: "",
  service: "cake",
  sourcePage: "/services/cake",
  quote: {
    specification: [
      ["Style", "Cake box with window"],
      ["Inner length (mm)", "250"],
    ],
    quantities: [1000, 5000],
    neededBy: "2026-12-20",
    pinCode: "560001 (Karnataka)",
    company: "Sweet Crumbs",
    gstin: "",
  },
} as unknown as StoredInquiry;

/** The form as staff leave it: the request's lines priced. */
function priced() {
  return {
    ...initialValues(inquiry, services, NOW),
    [lineField(0, "price")]: "18.50",
    [lineField(1, "price")]: "15",
  };
}

describe("a new quotation's form", () => {
  test("starts with a line per quantity, described by the specification, with the product's HSN and the usual rate", () => {
    const values = initialValues(inquiry, services, NOW);
    expect(values[lineField(0, "description")]).toBe("Cake Box; Style: Cake box with window; Inner length (mm): 250");
    expect(values[lineField(0, "quantity")]).toBe("1000");
    expect(values[lineField(1, "quantity")]).toBe("5000");
    expect(values[lineField(0, "hsn")]).toBe(billing.hsnByService.cake);
    expect(values[lineField(0, "rate")]).toBe(String(billing.defaultGstRate));
    expect(values.buyer_pin).toBe("560001");
    expect(values.buyer_company).toBe("Sweet Crumbs");
    // Valid for the usual days, counted in India.
    expect(values.valid_until).toBe("2026-12-11");
    // Two lines and a spare.
    expect(lineRows(values)).toBe(3);
    expect(lineRows(values, 1)).toBe(4);
  });
});

describe("reading the form", () => {
  test("a priced form becomes a quotation: Karnataka from the PIN code, so IGST; the discount as a percentage", () => {
    const read = readQuotationForm({ ...priced(), discount: "5%", packing: "1,000" }, { now: NOW });
    if (!("content" in read)) throw new Error(JSON.stringify(read.errors));
    expect(read.content.lines.map((line) => [line.quantityMilli, line.unitPricePaise])).toEqual([
      [1_000_000, 1850],
      [5_000_000, 1500],
    ]);
    expect(read.content.discount).toEqual({ percent: 5 });
    expect(read.content.packingPaise).toBe(100_000);
    expect(read.content.placeOfSupply).toMatchObject({ stateCode: "29", supply: "inter-state", source: "pin-code" });
  });

  test("the buyer's GSTIN decides the place of supply over the PIN code", () => {
    const read = readQuotationForm({ ...priced(), buyer_gstin: "04AAACE1234A1ZO" }, { now: NOW });
    if (!("content" in read)) throw new Error(JSON.stringify(read.errors));
    expect(read.content.placeOfSupply).toMatchObject({ stateCode: "04", supply: "intra-state", source: "gstin" });
  });

  test("each wrong field gets its own message, and a form with no line at all says so", () => {
    const read = readQuotationForm(
      {
        ...priced(),
        [lineField(0, "price")]: "eighteen",
        [lineField(1, "hsn")]: "48",
        [lineField(1, "rate")]: "12",
        discount: "five",
        valid_until: "2020-01-01",
        buyer_pin: "",
      },
      { now: NOW },
    );
    expect("errors" in read && read.errors).toMatchObject({
      [lineField(0, "price")]: expect.stringContaining("price in rupees"),
      [lineField(1, "hsn")]: expect.stringContaining("digits"),
      [lineField(1, "rate")]: expect.stringContaining("One of"),
      discount: expect.any(String),
      valid_until: "A day from today on.",
      buyer_pin: expect.stringContaining("place of supply"),
    });
    const empty = readQuotationForm(
      {
        ...priced(),
        [lineField(0, "description")]: "",
        [lineField(0, "quantity")]: "",
        [lineField(0, "price")]: "",
        [lineField(1, "description")]: "",
        [lineField(1, "quantity")]: "",
        [lineField(1, "price")]: "",
      },
      { now: NOW },
    );
    expect("errors" in empty && empty.errors[lineField(0, "description")]).toBe("A quotation needs at least one line.");
  });

  test("a discount larger than the goods is refused in words, not thrown", () => {
    const read = readQuotationForm({ ...priced(), discount: "9,99,999" }, { now: NOW });
    expect("errors" in read && read.errors.discount).toBeTruthy();
  });

  test("a stored quotation reads back into the same form: nothing is lost between edits", () => {
    const first = readQuotationForm({ ...priced(), discount: "2,500.50", freight: "1,200" }, { now: NOW });
    if (!("content" in first)) throw new Error(JSON.stringify(first.errors));
    const again = readQuotationForm(valuesOf(first.content), { now: NOW });
    expect(again).toEqual(first);
  });
});
