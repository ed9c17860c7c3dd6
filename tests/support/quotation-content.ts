import type { QuotationContent } from "../../app/server/quotations/document.ts";
import type { OptionsContent } from "../../app/server/quotations/stored-content.ts";

/**
 * A quotation's content for tests: 1,000 cake boxes at ₹18.50 and 18 % GST,
 * delivered to Karnataka from outside it, no terms; what a test is about is
 * given in `overrides`.
 */
export function quotationContent(overrides: Partial<QuotationContent> = {}): QuotationContent {
  return {
    lines: [
      {
        description: "Cake box",
        hsn: "4819",
        quantityMilli: 1_000_000,
        unit: "pcs",
        unitPricePaise: 1850,
        gstRate: 18,
      },
    ],
    packingPaise: 0,
    freightPaise: 0,
    validUntil: "2026-06-30",
    leadTime: "",
    paymentTerms: "",
    deliveryTerms: "",
    notes: "",
    buyer: { name: "Asha Verma", company: "", gstin: "", email: "asha@example.in", phone: "", pinCode: "560001" },
    placeOfSupply: { stateCode: "29", stateName: "Karnataka", source: "pin-code", supply: "inter-state" },
    ...overrides,
  };
}

/**
 * A quotation of two options for tests: 5,000 cake boxes at ₹9.40 a piece
 * with ₹1,200 freight, or 10,000 at ₹8,750 per 1,000 with ₹2,000 freight; a
 * cutting die of ₹6,500 at 18 % charged once with either; a registered buyer
 * in Punjab, delivered there (IGST). Totals ₹58,280 and ₹1,01,645.
 */
export function optionsContent(overrides: Partial<OptionsContent> = {}): OptionsContent {
  const boxes = (pieces: number, tenThousandths: number, per: 1 | 1000) => ({
    description: "Cake box, 10 × 10 × 5 in, 4 colours",
    hsn: "481920",
    quantityMilli: pieces * 1000,
    unit: "pcs",
    unitPrice: { tenThousandths, per },
    gstRate: 5,
  });
  const punjab = { stateCode: "03", stateName: "Punjab", basis: "delivery-address", supply: "inter-state" } as const;
  return {
    version: 2,
    options: [
      { label: "5,000 boxes", lines: [boxes(5_000, 94_000, 1)], packingPaise: 0, freightPaise: 120_000 },
      { label: "10,000 boxes", lines: [boxes(10_000, 87_500_000, 1000)], packingPaise: 0, freightPaise: 200_000 },
    ],
    oneTimeCharges: [{ description: "Cutting die", hsn: "8441", amountPaise: 650_000, gstRate: 18 }],
    validUntil: "2026-06-30",
    leadTime: "",
    paymentTerms: "",
    deliveryTerms: "",
    notes: "",
    buyer: {
      name: "Asha Verma",
      company: "Verma Sweets",
      gstin: "03AAACV1234A1Z9",
      email: "asha@example.in",
      phone: "",
      pinCode: "141001",
    },
    billingAddress: { text: "12 Mall Road, Ludhiana", pinCode: "141001", stateCode: "03" },
    treatment: { treatment: "registered" },
    thirdPartyDelivery: false,
    place: punjab,
    proposedPlace: punjab,
    ...overrides,
  };
}
