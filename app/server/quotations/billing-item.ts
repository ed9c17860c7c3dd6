import type { FieldProblems, GroupShape } from "../content/shapes.ts";
import type { BillingSettings } from "./billing.ts";
import { gstinProblem, gstinStateCode } from "./gstin.ts";

/**
 * The billing settings the owner edits (the rest of BillingSettings, such as
 * the HSN of each product and the units, stays with the catalog): the
 * company's GSTIN, whose first two digits give its state, its bank, its UPI
 * ID, and what a new quotation starts with.
 */
export const billingShape = {
  gstin: { kind: "line", max: 15, fixed: true },
  accountName: { kind: "line", max: 100, fixed: true },
  bankName: { kind: "line", max: 60, fixed: true },
  branch: { kind: "line", max: 80, fixed: true },
  accountNumber: { kind: "line", max: 18, fixed: true },
  ifsc: { kind: "line", max: 11, fixed: true },
  upiId: { kind: "line", max: 60, optional: true, fixed: true },
  validityDays: { kind: "count", min: 1, max: 90 },
  leadTime: { kind: "line", max: 120, fixed: true },
  paymentTerms: { kind: "line", max: 160, fixed: true },
  deliveryTerms: { kind: "line", max: 160, fixed: true },
  terms: { kind: "lines", max: 300, maxItems: 12, fixed: true },
} as const satisfies GroupShape;

export type BillingContent = {
  gstin: string;
  accountName: string;
  bankName: string;
  branch: string;
  accountNumber: string;
  ifsc: string;
  upiId: string;
  validityDays: number;
  leadTime: string;
  paymentTerms: string;
  deliveryTerms: string;
  terms: readonly string[];
};

const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const ACCOUNT_NUMBER = /^\d{9,18}$/;
/** A UPI ID: a handle and the payment provider's name, such as company@okaxis. */
const UPI_ID = /^[\w.-]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,63}$/;

/** What the shape cannot say of the billing settings: a GSTIN that is not one, an IFSC, an account number or UPI ID of the wrong form. */
export function billingProblems(body: BillingContent): FieldProblems {
  const problems: FieldProblems = {};
  if (gstinProblem(body.gstin)) problems.gstin = "gstin";
  if (!IFSC.test(body.ifsc)) problems.ifsc = "ifsc";
  if (!ACCOUNT_NUMBER.test(body.accountNumber)) problems.accountNumber = "account-number";
  if (body.upiId !== "" && !UPI_ID.test(body.upiId)) problems.upiId = "upi";
  return problems;
}

/** The billing settings of the catalog with what the owner edits laid over them. */
export function withBillingContent(billing: BillingSettings, content: BillingContent): BillingSettings {
  const { gstin, accountName, bankName, branch, accountNumber, ifsc, upiId, validityDays } = content;
  return {
    ...billing,
    gstin,
    stateCode: gstinStateCode(gstin) ?? billing.stateCode,
    bank: { accountName, bankName, branch, accountNumber, ifsc },
    upiId,
    validityDays,
    defaults: { leadTime: content.leadTime, paymentTerms: content.paymentTerms, deliveryTerms: content.deliveryTerms },
    terms: content.terms,
  };
}

/** The edited part of billing settings, as the seed of a fresh database. */
export function billingContentOf(billing: BillingSettings): BillingContent {
  return {
    gstin: billing.gstin,
    ...billing.bank,
    upiId: billing.upiId ?? "",
    validityDays: billing.validityDays,
    ...billing.defaults,
    terms: billing.terms,
  };
}
