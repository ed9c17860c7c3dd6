import type { QuotationContent } from "../../app/server/quotations/document.ts";

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
