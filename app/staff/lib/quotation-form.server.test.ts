import { describe, expect, test } from "vitest";
import { quotationContent } from "../../../tests/support/quotation-content.ts";
import type { StoredInquiry } from "../../server/contact/inquiries.server.ts";
import type { BillingSettings } from "../../server/quotations/billing.ts";
import { billing } from "../../site/content/billing.ts";
import { chargeField, intents, lineField, optionField } from "./quotation-fields.ts";
import {
  changedForm,
  chargeRows,
  draftRatesOffTable,
  initialValues,
  lineRows,
  optionCount,
  proposedPlaceText,
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

/** The form as staff leave it: each option's line priced. */
function priced(): Record<string, string> {
  return {
    ...startAt(NOW),
    [lineField(0, 0, "price")]: "18.50",
    [lineField(1, 0, "price")]: "15",
  };
}

function readOrThrow(values: Record<string, string>, at = AT_NOW) {
  const read = readQuotationForm(values, at);
  if (!("content" in read)) throw new Error(JSON.stringify(read.errors));
  return read;
}

describe("a new quotation's form", () => {
  test("starts with an option per quantity asked for, each a line described by the specification, with the product's HSN and its rate today", () => {
    const values = startAt(NOW);
    expect(optionCount(values)).toBe(2);
    expect(values[optionField(0, "label")]).toBe("1,000 pieces");
    expect(values[optionField(1, "label")]).toBe("5,000 pieces");
    expect(values[lineField(0, 0, "description")]).toBe(
      "Cake Box; Style: Cake box with window; Inner length (mm): 250",
    );
    expect(values[lineField(0, 0, "quantity")]).toBe("1000");
    expect(values[lineField(1, 0, "quantity")]).toBe("5000");
    expect(values[lineField(0, 0, "hsn")]).toBe(billing.hsnByService.cake);
    expect(values[lineField(0, 0, "hsn")]).toBe("481920");
    // Folding cartons at 5 % since 22 September 2025.
    expect(values[lineField(0, 0, "rate")]).toBe("5");
    expect(values[lineField(1, 0, "rate")]).toBe("5");
    expect(values[lineField(0, 0, "per")]).toBe("1");
    expect(values.delivery_pin).toBe("560001");
    expect(values.buyer_company).toBe("Sweet Crumbs");
    // No GSTIN was given: an unregistered buyer, until staff say otherwise.
    expect(values.treatment).toBe("unregistered");
    // Valid for the usual days, counted in India.
    expect(values.valid_until).toBe("2026-12-11");
    // One line in each option ("Add a line" gives another); one spare one-time charge.
    expect(lineRows(values, 0)).toBe(1);
    expect(chargeRows(values)).toBe(1);
    expect(proposedPlaceText(values, billing)).toMatch(/^Proposed: Karnataka \(29\), where the goods are delivered/);
  });
});

describe("the form's buttons, which send it back changed", () => {
  test("add a line to one option, add an option, copy the first option's lines into another, and remove one", () => {
    const values = priced();
    const more = changedForm(intents.addLine(1), values);
    expect(more && lineRows(more, 1)).toBe(2);
    expect(more && lineRows(more, 0)).toBe(1);

    const third = changedForm(intents.addOption, values) ?? {};
    expect(optionCount(third)).toBe(3);
    const copied = changedForm(intents.copyLines(2), { ...third, [optionField(2, "label")]: "10,000 pieces" }) ?? {};
    expect(copied[lineField(2, 0, "description")]).toBe(values[lineField(0, 0, "description")]);
    expect(copied[lineField(2, 0, "price")]).toBe("18.50");
    expect(copied[optionField(2, "label")]).toBe("10,000 pieces");

    const removed = changedForm(intents.removeOption(0), copied) ?? {};
    expect(optionCount(removed)).toBe(2);
    // What was option 2 is now option 1.
    expect(removed[lineField(0, 0, "price")]).toBe("15");
    expect(removed[optionField(1, "label")]).toBe("10,000 pieces");
    expect(changedForm("remove-option-7", values)).toBeUndefined();
    expect(changedForm("save", values)).toBeUndefined();
  });
});

describe("a new line's rate: the rate table's for its HSN on the quotation's date", () => {
  test("a carton quotation dated before 22 September 2025 starts at 18 %, one dated that day (in India) at 5 %", () => {
    // 23:59 on the 21st in India, then 01:30 on the 22nd: the day is India's, not the server's.
    expect(startAt(Date.parse("2025-09-21T18:29:00Z"))[lineField(0, 0, "rate")]).toBe("18");
    expect(startAt(Date.parse("2025-09-21T20:00:00Z"))[lineField(0, 0, "rate")]).toBe("5");
  });

  test("the table handed in decides, and an HSN it does not know starts at the usual rate", () => {
    const later = {
      ...billing,
      gstRateTable: [...billing.gstRateTable, { hsn: "4819", rate: 40, effectiveFrom: "2026-11-01" }],
    };
    // The more specific heading still wins over the newer, broader entry.
    expect(startAt(NOW, later)[lineField(0, 0, "rate")]).toBe("5");
    const unknown = { ...billing, hsnByService: { ...billing.hsnByService, cake: "3923" } };
    expect(startAt(NOW, unknown)[lineField(0, 0, "rate")]).toBe(String(billing.defaultGstRate));
  });
});

describe("a line's rate that is not the table's", () => {
  test("is saved as chosen, and the form says beside it what the table gives for its HSN and from when", () => {
    const read = readOrThrow({ ...priced(), [lineField(1, 0, "rate")]: "18" });
    expect(read.content.options.map((option) => option.lines[0]?.gstRate)).toEqual([5, 18]);
    expect(read.warnings).toEqual({
      [lineField(1, 0, "rate")]: expect.stringContaining(
        "The rate table gives 5 % for HSN 481920 from 22 September 2025.",
      ),
    });
    expect(read.warnings[lineField(1, 0, "rate")]).toContain("Confirm with your accountant");
  });

  test("is judged on the quotation's date: 18 % for a carton is the table's rate the day before the change", () => {
    const before = Date.parse("2025-09-21T06:00:00Z");
    const values = { ...priced(), [lineField(0, 0, "rate")]: "18", [lineField(1, 0, "rate")]: "18" };
    const read = readQuotationForm({ ...values, valid_until: "2025-10-01" }, { now: before, billing });
    expect("content" in read && read.warnings).toEqual({});
    expect(readQuotationForm(values, AT_NOW).warnings).toHaveProperty(lineField(0, 0, "rate"));
  });

  test("is marked on its own row when a blank row stands between lines, on a one-time charge too, and not over a refusal of the rate", () => {
    const values = {
      ...priced(),
      [lineField(0, 2, "description")]: "Cake box, plain",
      [lineField(0, 2, "hsn")]: "48192000",
      [lineField(0, 2, "quantity")]: "500",
      [lineField(0, 2, "unit")]: "pcs",
      [lineField(0, 2, "price")]: "9",
      [lineField(0, 2, "rate")]: "18",
      [chargeField(0, "description")]: "Printed leaflet insert",
      [chargeField(0, "hsn")]: "4911",
      [chargeField(0, "amount")]: "4,000",
      [chargeField(0, "rate")]: "5",
    };
    expect(readQuotationForm(values, AT_NOW).warnings).toEqual({
      [lineField(0, 2, "rate")]: expect.any(String),
      [chargeField(0, "rate")]: expect.stringContaining("18 % for HSN 4911"),
    });
    const refused = readQuotationForm({ ...values, [lineField(0, 2, "rate")]: "12" }, AT_NOW);
    expect("errors" in refused && refused.errors[lineField(0, 2, "rate")]).toContain("One of");
    expect(refused.warnings).toEqual({ [chargeField(0, "rate")]: expect.any(String) });
  });

  test("is marked again when the saved draft's form is opened", () => {
    const content = quotationContent({
      lines: [
        { description: "Box", hsn: "481920", quantityMilli: 1000, unit: "pcs", unitPricePaise: 100, gstRate: 5 },
        { description: "Leaflet", hsn: "4911", quantityMilli: 1000, unit: "pcs", unitPricePaise: 100, gstRate: 5 },
      ],
    });
    expect(rateWarnings(content, NOW, billing)).toEqual({
      [lineField(0, 1, "rate")]: expect.stringContaining("18 % for HSN 4911 from 1 July 2017"),
    });
  });
});

describe("a quotation's page and the rate table", () => {
  test("a draft's page names each line at another rate than the table's; a sent quotation's names none, whatever the table says since", () => {
    const read = readOrThrow({ ...priced(), [lineField(1, 0, "rate")]: "18" });
    expect(draftRatesOffTable({ state: "draft", content: read.content }, NOW, billing)).toEqual([
      expect.stringMatching(
        /^Option 2, line 1 is at 18 % GST\. The rate table gives 5 % for HSN 481920 from 22 September 2025\./,
      ),
    ]);
    const changed = { ...billing, gstRateTable: [{ hsn: "4819", rate: 40, effectiveFrom: "2026-01-01" }] };
    for (const state of ["sent", "accepted", "changes", "superseded"] as const) {
      expect(draftRatesOffTable({ state, content: read.content }, NOW, changed), state).toEqual([]);
    }
  });
});

describe("reading the form", () => {
  test("a priced form becomes options: Karnataka from the delivery PIN code, so IGST; prices to four decimals, per 1, 100 or 1,000; discounts of a line and of the whole", () => {
    const read = readOrThrow({
      ...priced(),
      [lineField(0, 0, "price")]: "0.925",
      [lineField(1, 0, "price")]: "925",
      [lineField(1, 0, "per")]: "1000",
      [lineField(1, 0, "line_discount")]: "2%",
      [optionField(1, "discount")]: "5%",
      [optionField(0, "packing")]: "1,000",
    });
    const [first, second] = read.content.options;
    expect(first?.lines[0]).toMatchObject({ quantityMilli: 1_000_000, unitPrice: { tenThousandths: 9250, per: 1 } });
    expect(second?.lines[0]).toMatchObject({
      quantityMilli: 5_000_000,
      unitPrice: { tenThousandths: 9_250_000, per: 1000 },
      discount: { percent: 2 },
    });
    expect(second?.discount).toEqual({ percent: 5 });
    expect(first?.packingPaise).toBe(100_000);
    expect(read.content.place).toMatchObject({ stateCode: "29", supply: "inter-state", basis: "delivery-address" });
    expect(read.content.deliveryAddress).toEqual({ text: "", pinCode: "560001" });
    expect(read.content.buyer.pinCode).toBe("560001");
  });

  test("a Punjab GSTIN delivered to Chandigarh is taxed in Chandigarh; ticked as delivered to a third party, in Punjab", () => {
    const punjab = {
      ...priced(),
      buyer_gstin: "03AAACV1234A1Z9",
      treatment: "registered",
      delivery_pin: "160017",
      delivery_state: "04",
    };
    expect(readOrThrow(punjab).content.place).toMatchObject({ stateCode: "04", supply: "intra-state" });
    const third = readOrThrow({ ...punjab, third_party: "yes" }).content;
    expect(third.place).toMatchObject({ stateCode: "03", supply: "inter-state", basis: "buyer-gstin" });
    expect(third.thirdPartyDelivery).toBe(true);
  });

  test("another place of supply than the one proposed needs a reason, which is kept beside what was proposed", () => {
    const chosen = { ...priced(), place_state: "27" };
    const refused = readQuotationForm(chosen, AT_NOW);
    expect("errors" in refused && refused.errors.place_reason).toContain("Say why");
    const read = readOrThrow({ ...chosen, place_reason: "Delivered to the buyer's Pune warehouse" });
    expect(read.content.place).toMatchObject({ stateCode: "27", basis: "staff" });
    expect(read.content.proposedPlace).toMatchObject({ stateCode: "29" });
    expect(read.content.placeReason).toBe("Delivered to the buyer's Pune warehouse");
    expect(valuesOf(read.content)).toMatchObject({ place_state: "27", place_reason: read.content.placeReason });
  });

  test("a zero-rated treatment needs its LUT reference, and a registered one a valid GSTIN", () => {
    const sez = { ...priced(), treatment: "export-lut" };
    const refused = readQuotationForm(sez, AT_NOW);
    expect("errors" in refused && refused.errors.lut_number).toContain("LUT");
    const read = readOrThrow({ ...sez, lut_number: "AD0401260012345" });
    expect(read.content.treatment).toEqual({ treatment: "export-lut", lutNumber: "AD0401260012345" });
    expect(read.content.place).toMatchObject({ stateCode: "96" });
    const registered = readQuotationForm({ ...priced(), treatment: "registered" }, AT_NOW);
    expect("errors" in registered && registered.errors.buyer_gstin).toContain("GSTIN");
  });

  test("each wrong field gets its own message, and an option with no line at all says so", () => {
    const read = readQuotationForm(
      {
        ...priced(),
        [lineField(0, 0, "price")]: "eighteen",
        [lineField(1, 0, "hsn")]: "48",
        [lineField(1, 0, "rate")]: "12",
        [lineField(1, 0, "per")]: "10",
        [optionField(0, "discount")]: "five",
        valid_until: "2020-01-01",
        delivery_pin: "",
      },
      AT_NOW,
    );
    expect("errors" in read && read.errors).toMatchObject({
      [lineField(0, 0, "price")]: expect.stringContaining("price in rupees"),
      [lineField(1, 0, "hsn")]: expect.stringContaining("digits"),
      [lineField(1, 0, "rate")]: expect.stringContaining("One of"),
      [lineField(1, 0, "per")]: expect.stringContaining("100"),
      [optionField(0, "discount")]: expect.any(String),
      valid_until: "A day from today on.",
      delivery_pin: expect.stringContaining("place of supply"),
    });
    const empty = readQuotationForm(
      {
        ...priced(),
        [lineField(1, 0, "description")]: "",
        [lineField(1, 0, "quantity")]: "",
        [lineField(1, 0, "price")]: "",
      },
      AT_NOW,
    );
    expect("errors" in empty && empty.errors[lineField(1, 0, "description")]).toBe(
      "An option needs at least one line.",
    );
  });

  test("a discount larger than the goods is refused in words beside that option's discount, not thrown", () => {
    const read = readQuotationForm({ ...priced(), [optionField(1, "discount")]: "9,99,999" }, AT_NOW);
    expect("errors" in read && read.errors[optionField(1, "discount")]).toMatch(/^Option 2/);
  });

  test("a stored quotation reads back into the same form: nothing is lost between edits", () => {
    const first = readOrThrow({
      ...priced(),
      [optionField(0, "discount")]: "2,500.50",
      [optionField(1, "freight")]: "1,200",
      [lineField(0, 0, "price")]: "18.5025",
      [chargeField(0, "description")]: "Cutting die",
      [chargeField(0, "hsn")]: "8441",
      [chargeField(0, "amount")]: "6,500",
      [chargeField(0, "rate")]: "18",
      billing_address: "12 MG Road\nBengaluru",
      billing_pin: "560001",
    });
    const again = readQuotationForm(valuesOf(first.content), AT_NOW);
    expect(again).toEqual(first);
  });

  test("a draft of one set of lines, saved before options, opens as one option of the same lines and prices", () => {
    const values = valuesOf(quotationContent({ validUntil: "2026-12-31" }));
    expect(optionCount(values)).toBe(1);
    expect(values[lineField(0, 0, "price")]).toBe("18.50");
    expect(values[lineField(0, 0, "quantity")]).toBe("1,000");
    expect(values.delivery_pin).toBe("560001");
    const read = readOrThrow(values);
    expect(read.content.options[0]?.lines[0]?.unitPrice).toEqual({ tenThousandths: 185_000, per: 1 });
  });
});
