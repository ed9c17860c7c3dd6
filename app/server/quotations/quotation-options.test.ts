import { describe, expect, test } from "vitest";
import { type QuotationContent, totalsOf } from "./document.ts";
import { QuotationError } from "./gst.ts";
import { lutNumberOf } from "./gst-treatment.ts";
import { localTaxName } from "./gstin.ts";
import { decidePlaceOfSupply, type PlaceOfSupplyInput } from "./place-of-supply.ts";
import {
  computeOption,
  computeOptions,
  MAX_OPTIONS,
  type OptionLine,
  pricingOfContent,
  type QuotationOption,
  type QuotationPricing,
  ratesInPricing,
} from "./quotation-options.ts";

// Amounts in paise, unit prices in ten-thousandths of a rupee, quantities in thousandths;
// the comments give rupees. The company is the seed's, in Chandigarh (04).

const allowedRates = [0, 5, 18, 40];

function cakeBoxes(pieces: number, tenThousandths: number, per: 1 | 100 | 1000): OptionLine {
  return {
    description: "Cake box, 10 × 10 × 5 in, 4 colours",
    hsn: "481920",
    quantityMilli: pieces * 1000,
    unit: "pcs",
    unitPrice: { tenThousandths, per },
    gstRate: 5,
  };
}

function tier(label: string, lines: OptionLine[], rest: Partial<QuotationOption> = {}): QuotationOption {
  return { label, lines, packingPaise: 0, freightPaise: 0, ...rest };
}

/** A cutting die, charged once; its code and rate are as staff would enter them. */
const die = { description: "Cutting die", hsn: "8441", amountPaise: 650_000, gstRate: 18 };

function pricing(options: QuotationOption[], rest: Partial<QuotationPricing> = {}): QuotationPricing {
  return { options, oneTimeCharges: [die], treatment: { treatment: "registered" }, supply: "inter-state", ...rest };
}

describe("price tiers as options, with a one-time die charge", () => {
  // Tier 1: 5,000 boxes at ₹9.40 a piece = ₹47,000.00, freight ₹1,200.00.
  // Tier 2: 10,000 boxes at ₹8,750 per 1,000 = ₹87,500.00, freight ₹2,000.00.
  // The die, ₹6,500.00 at 18 %, goes with whichever is ordered.
  const tiers = pricing([
    tier("5,000 boxes", [cakeBoxes(5_000, 94_000, 1)], { freightPaise: 120_000 }),
    tier("10,000 boxes", [cakeBoxes(10_000, 87_500_000, 1000)], { freightPaise: 200_000 }),
  ]);

  test("each option is reckoned on its own, the die counted once in each", () => {
    // Tier 1, to Punjab: 5 % on ₹48,200.00 = ₹2,410.00; 18 % on the die = ₹1,170.00.
    //   Taxable ₹54,700.00, IGST ₹3,580.00, total ₹58,280.00.
    // Tier 2: 5 % on ₹89,500.00 = ₹4,475.00; the die ₹1,170.00.
    //   Taxable ₹96,000.00, IGST ₹5,645.00, total ₹1,01,645.00.
    const [first, second] = computeOptions(tiers, allowedRates);
    expect(first?.totals).toMatchObject({ goods: 4_700_000, oneTimeCharges: 650_000, freight: 120_000 });
    expect(first?.totals).toMatchObject({ taxable: 5_470_000, igst: 358_000, total: 5_828_000 });
    expect(second?.totals).toMatchObject({ goods: 8_750_000, oneTimeCharges: 650_000, freight: 200_000 });
    expect(second?.totals).toMatchObject({ taxable: 9_600_000, igst: 564_500, total: 10_164_500 });
  });

  test("the option chosen counts its own goods and the die once, not the other tier's", () => {
    const chosen = computeOption(tiers, 1, allowedRates).totals;
    // ₹87,500.00 + ₹2,000.00 + ₹6,500.00 = ₹96,000.00: not ₹1,47,000.00 of both tiers, nor two dies.
    expect(chosen.taxable).toBe(8_750_000 + 200_000 + 650_000);
    expect(chosen.byRate).toEqual([
      { rate: 5, taxable: 8_950_000, cgst: 0, sgst: 0, igst: 447_500 },
      { rate: 18, taxable: 650_000, cgst: 0, sgst: 0, igst: 117_000 },
    ]);
    // Offered alone, the tier comes to the same.
    const alone = pricing([tiers.options[1] as QuotationOption]);
    expect(computeOption(alone, 0, allowedRates)).toEqual(computeOption(tiers, 1, allowedRates));
  });

  test("each option has its HSN-wise summary, the die under its own code", () => {
    expect(computeOption(tiers, 1, allowedRates).hsnSummary).toEqual([
      { hsn: "481920", rate: 5, taxable: 8_950_000, cgst: 0, sgst: 0, igst: 447_500 },
      { hsn: "8441", rate: 18, taxable: 650_000, cgst: 0, sgst: 0, igst: 117_000 },
    ]);
  });

  test("a tier priced ₹0.925 a piece is the same as one priced ₹925 per 1,000", () => {
    const perPiece = pricing([tier("10,000 labels", [cakeBoxes(10_000, 9_250, 1)])]);
    const perThousand = pricing([tier("10,000 labels", [cakeBoxes(10_000, 9_250_000, 1000)])]);
    const result = computeOption(perPiece, 0, allowedRates);
    expect(result.totals.lines[0]?.amount).toBe(925_000);
    expect(computeOption(perThousand, 0, allowedRates)).toEqual(result);
  });

  test("100 % off an option's goods still charges the die", () => {
    const free = pricing([tier("Samples", [cakeBoxes(100, 94_000, 1)], { discount: { percent: 100 } })]);
    // ₹6,500.00 + 18 % = ₹7,670.00.
    expect(computeOption(free, 0, allowedRates).totals).toMatchObject({ taxable: 650_000, total: 767_000 });
  });

  test("the rates of every option and charge are kept", () => {
    expect(ratesInPricing(tiers).sort((a, b) => a - b)).toEqual([5, 18]);
  });
});

describe("a Punjab buyer's unit in Chandigarh", () => {
  // 10,000 boxes at ₹8.75 = ₹87,500.00 at 5 %, no die; the GSTIN is a well-formed Punjab one
  // (its check character computed), not a real business's.
  const buyer: PlaceOfSupplyInput = {
    billingAddress: { pinCode: "141001", stateCode: "03" },
    deliveryAddress: { pinCode: "160002", stateCode: "04" },
    buyerGstin: "03AABCP1234C1ZA",
    thirdPartyDelivery: false,
    treatment: "registered",
    companyStateCode: "04",
  };

  function taxed(input: PlaceOfSupplyInput) {
    const decision = decidePlaceOfSupply(input);
    if (!("place" in decision)) throw new Error(`No place of supply: ${decision.problem}`);
    const priced = pricing([tier("", [cakeBoxes(10_000, 87_500, 1)])], {
      oneTimeCharges: [],
      supply: decision.place.supply,
    });
    return { place: decision.place, totals: computeOption(priced, 0, allowedRates).totals };
  }

  test("delivered there: place of supply Chandigarh 04, CGST and UTGST", () => {
    // 2.5 % of ₹87,500.00 = ₹2,187.50 each; total ₹91,875.00.
    const { place, totals } = taxed(buyer);
    expect(place).toMatchObject({ stateCode: "04", stateName: "Chandigarh" });
    expect(place.stateCode === "96" ? undefined : localTaxName(place.stateCode)).toBe("UTGST");
    expect(totals).toMatchObject({ cgst: 218_750, sgst: 218_750, igst: 0, total: 9_187_500 });
  });

  test("delivered there to a third party on the buyer's direction: place of supply Punjab 03, IGST", () => {
    // 5 % of ₹87,500.00 = ₹4,375.00; total ₹91,875.00.
    const { place, totals } = taxed({ ...buyer, thirdPartyDelivery: true });
    expect(place).toMatchObject({ stateCode: "03", stateName: "Punjab" });
    expect(totals).toMatchObject({ cgst: 0, sgst: 0, igst: 437_500, total: 9_187_500 });
  });
});

describe("GST treatment", () => {
  // 5,000 boxes at ₹9.40 = ₹47,000.00 at 5 % and the die, ₹6,500.00 at 18 %: taxable ₹53,500.00.
  const order = [tier("5,000 boxes", [cakeBoxes(5_000, 94_000, 1)])];
  const lutNumber = "AD040326001234X";

  test.each([
    ["an SEZ unit without payment, under an LUT", "sez-without-payment"],
    ["an export under an LUT", "export-lut"],
  ] as const)("%s is charged no tax and carries the LUT's number", (_, treatment) => {
    const zeroRated = pricing(order, { treatment: { treatment, lutNumber } });
    const { totals, hsnSummary } = computeOption(zeroRated, 0, allowedRates);
    expect(totals).toMatchObject({ taxable: 5_350_000, cgst: 0, sgst: 0, igst: 0, tax: 0, total: 5_350_000 });
    expect(hsnSummary.map((row) => [row.hsn, row.taxable, row.igst])).toEqual([
      ["481920", 4_700_000, 0],
      ["8441", 650_000, 0],
    ]);
    expect(lutNumberOf(zeroRated.treatment)).toBe(lutNumber);
  });

  test("an SEZ unit paying tax is charged IGST even in the company's own territory", () => {
    // 5 % of ₹47,000.00 = ₹2,350.00; 18 % of ₹6,500.00 = ₹1,170.00; total ₹57,020.00.
    const sez = pricing(order, { treatment: { treatment: "sez-with-payment" }, supply: "intra-state" });
    expect(computeOption(sez, 0, allowedRates).totals).toMatchObject({ cgst: 0, igst: 352_000, total: 5_702_000 });
  });

  test("a buyer without a GSTIN in the company's territory pays CGST and UTGST as a registered one does", () => {
    const local = pricing(order, { treatment: { treatment: "unregistered" }, supply: "intra-state" });
    // 2.5 % of ₹47,000.00 = ₹1,175.00 and 9 % of ₹6,500.00 = ₹585.00, each.
    expect(computeOption(local, 0, allowedRates).totals).toMatchObject({ cgst: 176_000, sgst: 176_000, igst: 0 });
  });
});

describe("what cannot be reckoned says which option", () => {
  const good = tier("5,000 boxes", [cakeBoxes(5_000, 94_000, 1)]);

  test.each<[string, QuotationPricing, string]>([
    [
      "a line of the second",
      pricing([good, tier("None", [cakeBoxes(0, 94_000, 1)])]),
      "Option 2, line 1: the quantity must be more than zero",
    ],
    [
      "the second's discount",
      pricing([good, tier("10,000", [cakeBoxes(1, 94_000, 1)], { discount: { paise: 100_000 } })]),
      "Option 2: the discount of ₹1,000.00 is more than the goods' total of ₹9.40",
    ],
    [
      "a one-time charge, which is every option's",
      pricing([good, good], { oneTimeCharges: [{ ...die, gstRate: 12 }] }),
      "One-time charge 1: GST at 12% is not one of the rates allowed (0, 5, 18, 40%)",
    ],
    ["an option without lines", pricing([good, tier("Empty", [])]), "Option 2: a quotation needs at least one line"],
  ])("%s", (_, priced, message) => {
    expect(() => computeOptions(priced, allowedRates)).toThrow(new QuotationError(message));
  });

  test("a quotation of one option speaks of its lines as before", () => {
    expect(() => computeOption(pricing([tier("", [cakeBoxes(0, 94_000, 1)])]), 0, allowedRates)).toThrow(
      new QuotationError("Line 1: the quantity must be more than zero"),
    );
  });

  test("no option, an option that is not there, and too many", () => {
    expect(() => computeOptions(pricing([]), allowedRates)).toThrow(
      new QuotationError("A quotation needs at least one option"),
    );
    expect(() => computeOption(pricing([good]), 1, allowedRates)).toThrow(new QuotationError("There is no option 2"));
    expect(() => computeOption(pricing(Array(MAX_OPTIONS + 1).fill(good)), 0, allowedRates)).toThrow(
      new QuotationError(`A quotation offers at most ${MAX_OPTIONS} options`),
    );
  });
});

describe("a quotation written before options", () => {
  /** A quotation's content as the store has kept it since quotations were first sent. */
  const stored = `{
    "lines": [
      { "description": "Cake box", "hsn": "4819", "quantityMilli": 1000000, "unit": "pcs", "unitPricePaise": 1850, "gstRate": 18 },
      { "description": "Leaflet", "hsn": "4911", "quantityMilli": 2500, "unit": "sets", "unitPricePaise": 33333, "gstRate": 5 }
    ],
    "discount": { "percent": 7.5 },
    "packingPaise": 15000,
    "freightPaise": 25050,
    "validUntil": "2026-06-30",
    "leadTime": "", "paymentTerms": "", "deliveryTerms": "", "notes": "",
    "buyer": { "name": "Asha Verma", "company": "", "gstin": "", "email": "asha@example.in", "phone": "", "pinCode": "160002" },
    "placeOfSupply": { "stateCode": "04", "stateName": "Chandigarh", "source": "pin-code", "supply": "intra-state" }
  }`;

  test("is read as one option of the same lines, and reckoned to the same paisa", () => {
    const content = JSON.parse(stored) as QuotationContent;
    const before = totalsOf(content, [5, 18]);
    const pricing = pricingOfContent(content);
    expect(pricing.options).toHaveLength(1);
    expect(pricing.options[0]?.lines.map((line) => line.unitPrice)).toEqual([
      { tenThousandths: 185_000, per: 1 },
      { tenThousandths: 3_333_300, per: 1 },
    ]);
    expect(pricing).toMatchObject({
      oneTimeCharges: [],
      treatment: { treatment: "unregistered" },
      supply: "intra-state",
    });
    const now = computeOption(pricing, 0, [5, 18]);
    expect(now.totals).toMatchObject(before);
    // ₹18,500.00 + ₹833.33 = ₹19,333.33, less 7.5 % (₹1,450.00), with packing ₹150.00 and
    // freight ₹250.50: taxable ₹18,283.83; CGST and UTGST ₹1,594.32 each; ₹21,472.47 → ₹21,472.00.
    expect(now.totals).toMatchObject({ taxable: 1_828_383, cgst: 159_432, roundOff: -47, total: 2_147_200 });
    expect(now.hsnSummary.reduce((sum, row) => sum + row.taxable, 0)).toBe(before.taxable);
  });

  test("a buyer with a valid GSTIN is read as registered", () => {
    const content = JSON.parse(stored) as QuotationContent;
    content.buyer.gstin = "03AABCP1234C1ZA";
    expect(pricingOfContent(content).treatment).toEqual({ treatment: "registered" });
  });

  test("any quotation of the old shape comes to the same totals either way", () => {
    let state = 2026;
    const next = (below: number) => {
      state = (state * 48_271) % 2_147_483_647;
      return Math.floor((state / 2_147_483_647) * below);
    };
    const base = JSON.parse(stored) as QuotationContent;
    const rates = [0, 5, 18, 28];
    for (let i = 0; i < 300; i++) {
      const lines = Array.from({ length: 1 + next(6) }, (_, index) => ({
        description: `Line ${index + 1}`,
        hsn: "4819",
        quantityMilli: 1 + next(5_000_000),
        unit: "pcs",
        unitPricePaise: 1 + next(100_000),
        gstRate: rates[next(rates.length)] ?? 18,
      }));
      const content: QuotationContent = {
        ...base,
        lines,
        discount: next(2) === 0 ? { percent: next(5_001) / 100 } : { paise: next(1_000) },
        packingPaise: next(100_000),
        freightPaise: next(100_000),
        placeOfSupply: { ...base.placeOfSupply, supply: next(2) === 0 ? "intra-state" : "inter-state" },
      };
      expect(computeOption(pricingOfContent(content), 0, rates).totals).toMatchObject(totalsOf(content, rates));
    }
  });
});
