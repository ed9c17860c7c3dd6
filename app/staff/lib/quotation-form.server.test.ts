import { describe, expect, test } from "vitest";
import type { StoredInquiry } from "../../server/contact/inquiries.server.ts";
import type { BillingSettings } from "../../server/quotations/billing.ts";
import { billing } from "../../site/content/billing.ts";
import { lineField } from "./quotation-fields.ts";
import {
  draftRatesOffTable,
  initialValues,
  lineRows,
  rateWarnings,
  readQuotationForm,
  valuesOf,
} from "./quotation-form.server.ts";

const NOW = Date.parse("2026-11-26T06:00:00Z");
const AT_NOW = { now: NOW, billing };

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

const startAt = (now: number, settings: BillingSettings = billing) =>
  initialValues(inquiry, { catalog: services, now, billing: settings });

/** The form as staff leave it: the request's lines priced. */
function priced() {
  return {
    ...startAt(NOW),
    [lineField(0, "price")]: "18.50",
    [lineField(1, "price")]: "15",
  };
}

describe("a new quotation's form", () => {
  test("starts with a line per quantity, described by the specification, with the product's HSN and its rate today", () => {
    const values = startAt(NOW);
    expect(values[lineField(0, "description")]).toBe("Cake Box; Style: Cake box with window; Inner length (mm): 250");
    expect(values[lineField(0, "quantity")]).toBe("1000");
    expect(values[lineField(1, "quantity")]).toBe("5000");
    expect(values[lineField(0, "hsn")]).toBe(billing.hsnByService.cake);
    expect(values[lineField(0, "hsn")]).toBe("481920");
    // Folding cartons at 5 % since 22 September 2025.
    expect(values[lineField(0, "rate")]).toBe("5");
    expect(values[lineField(1, "rate")]).toBe("5");
    expect(values.buyer_pin).toBe("560001");
    expect(values.buyer_company).toBe("Sweet Crumbs");
    // Valid for the usual days, counted in India.
    expect(values.valid_until).toBe("2026-12-11");
    // Two lines and a spare.
    expect(lineRows(values)).toBe(3);
    expect(lineRows(values, 1)).toBe(4);
  });
});

describe("a new line's rate: the rate table's for its HSN on the quotation's date", () => {
  test("a carton quotation dated before 22 September 2025 starts at 18 %, one dated that day (in India) at 5 %", () => {
    // 23:59 on the 21st in India, then 01:30 on the 22nd: the day is India's, not the server's.
    expect(startAt(Date.parse("2025-09-21T18:29:00Z"))[lineField(0, "rate")]).toBe("18");
    expect(startAt(Date.parse("2025-09-21T20:00:00Z"))[lineField(0, "rate")]).toBe("5");
  });

  test("the table handed in decides, and an HSN it does not know starts at the usual rate", () => {
    const later = {
      ...billing,
      gstRateTable: [...billing.gstRateTable, { hsn: "4819", rate: 40, effectiveFrom: "2026-11-01" }],
    };
    // The more specific heading still wins over the newer, broader entry.
    expect(startAt(NOW, later)[lineField(0, "rate")]).toBe("5");
    const unknown = { ...billing, hsnByService: { ...billing.hsnByService, cake: "3923" } };
    expect(startAt(NOW, unknown)[lineField(0, "rate")]).toBe(String(billing.defaultGstRate));
  });
});

describe("a line's rate that is not the table's", () => {
  test("is saved as chosen, and the form says beside it what the table gives for its HSN and from when", () => {
    const read = readQuotationForm({ ...priced(), [lineField(1, "rate")]: "18" }, AT_NOW);
    if (!("content" in read)) throw new Error(JSON.stringify(read.errors));
    expect(read.content.lines.map((line) => line.gstRate)).toEqual([5, 18]);
    expect(read.warnings).toEqual({
      [lineField(1, "rate")]: expect.stringContaining(
        "The rate table gives 5 % for HSN 481920 from 22 September 2025.",
      ),
    });
    expect(read.warnings[lineField(1, "rate")]).toContain("Confirm with your accountant");
  });

  test("is judged on the quotation's date: 18 % for a carton is the table's rate the day before the change", () => {
    const before = Date.parse("2025-09-21T06:00:00Z");
    const values = { ...priced(), [lineField(0, "rate")]: "18", [lineField(1, "rate")]: "18" };
    const read = readQuotationForm({ ...values, valid_until: "2025-10-01" }, { now: before, billing });
    expect("content" in read && read.warnings).toEqual({});
    expect(readQuotationForm(values, AT_NOW).warnings).toHaveProperty(lineField(0, "rate"));
  });

  test("is marked on its own row when a blank row stands between lines, and not over a refusal of the rate", () => {
    const values = {
      ...priced(),
      [lineField(1, "description")]: "",
      [lineField(1, "quantity")]: "",
      [lineField(1, "price")]: "",
      [lineField(2, "description")]: "Cake box, plain",
      [lineField(2, "hsn")]: "48192000",
      [lineField(2, "quantity")]: "500",
      [lineField(2, "unit")]: "pcs",
      [lineField(2, "price")]: "9",
      [lineField(2, "rate")]: "18",
    };
    expect(readQuotationForm(values, AT_NOW).warnings).toEqual({ [lineField(2, "rate")]: expect.any(String) });
    const refused = readQuotationForm({ ...values, [lineField(2, "rate")]: "12" }, AT_NOW);
    expect("errors" in refused && refused.errors[lineField(2, "rate")]).toContain("One of");
    expect(refused.warnings).toEqual({});
  });

  test("is marked again when the saved draft's form is opened", () => {
    const lines = [
      { hsn: "481920", gstRate: 5 },
      { hsn: "4911", gstRate: 5 },
    ];
    expect(rateWarnings(lines, NOW, billing)).toEqual({
      [lineField(1, "rate")]: expect.stringContaining("18 % for HSN 4911 from 1 July 2017"),
    });
  });
});

describe("a quotation's page and the rate table", () => {
  test("a draft's page names each line at another rate than the table's; a sent quotation's names none, whatever the table says since", () => {
    const read = readQuotationForm({ ...priced(), [lineField(1, "rate")]: "18" }, AT_NOW);
    if (!("content" in read)) throw new Error(JSON.stringify(read.errors));
    expect(draftRatesOffTable({ state: "draft", content: read.content }, NOW, billing)).toEqual([
      expect.stringMatching(
        /^Line 2 is at 18 % GST\. The rate table gives 5 % for HSN 481920 from 22 September 2025\./,
      ),
    ]);
    const changed = { ...billing, gstRateTable: [{ hsn: "4819", rate: 40, effectiveFrom: "2026-01-01" }] };
    for (const state of ["sent", "accepted", "changes", "superseded"] as const) {
      expect(draftRatesOffTable({ state, content: read.content }, NOW, changed), state).toEqual([]);
    }
  });
});

describe("reading the form", () => {
  test("a priced form becomes a quotation: Karnataka from the PIN code, so IGST; the discount as a percentage", () => {
    const read = readQuotationForm({ ...priced(), discount: "5%", packing: "1,000" }, AT_NOW);
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
    const read = readQuotationForm({ ...priced(), buyer_gstin: "04AAACE1234A1ZO" }, AT_NOW);
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
      AT_NOW,
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
      AT_NOW,
    );
    expect("errors" in empty && empty.errors[lineField(0, "description")]).toBe("A quotation needs at least one line.");
  });

  test("a discount larger than the goods is refused in words, not thrown", () => {
    const read = readQuotationForm({ ...priced(), discount: "9,99,999" }, AT_NOW);
    expect("errors" in read && read.errors.discount).toBeTruthy();
  });

  test("a stored quotation reads back into the same form: nothing is lost between edits", () => {
    const first = readQuotationForm({ ...priced(), discount: "2,500.50", freight: "1,200" }, AT_NOW);
    if (!("content" in first)) throw new Error(JSON.stringify(first.errors));
    const again = readQuotationForm(valuesOf(first.content), AT_NOW);
    expect(again).toEqual(first);
  });
});
