import type { Supply } from "./gst.ts";
import type { GstTreatment } from "./gst-treatment.ts";
import { type GstStateCode, gstinStateCode, gstStates } from "./gstin.ts";
import { type PinState, stateForPinCode } from "./pin-code.ts";

export type PlaceOfSupply = {
  stateCode: GstStateCode;
  stateName: string;
  source: "gstin" | "pin-code";
  supply: Supply;
};

type GstStateName = (typeof gstStates)[GstStateCode];

const codesByName = new Map<string, GstStateCode>(
  Object.entries(gstStates).map(([code, name]) => [name, code as GstStateCode]),
);

function codeForPinState(state: PinState): GstStateCode | undefined {
  // Compiles only while every PinState is spelt as a name in gstStates, so a
  // new or renamed state in one table cannot silently miss the other.
  const name: GstStateName = state;
  return codesByName.get(name);
}

/**
 * The state the supply is made to, and so whether CGST and SGST or IGST is
 * charged. A valid GSTIN of the buyer wins, because its state is the one the
 * buyer claims input tax credit in and the one the invoice will name; only
 * without one does the delivery PIN code decide. Undefined when neither
 * names a state, so staff are asked rather than shown a guess.
 */
export function placeOfSupply(input: {
  buyerGstin?: string;
  deliveryPinCode?: string;
  companyStateCode: GstStateCode;
}): PlaceOfSupply | undefined {
  const fromGstin = input.buyerGstin === undefined ? undefined : gstinStateCode(input.buyerGstin);
  const pinState = input.deliveryPinCode === undefined ? undefined : stateForPinCode(input.deliveryPinCode);
  const fromPin = pinState === undefined ? undefined : codeForPinState(pinState);
  const stateCode = fromGstin ?? fromPin;
  if (stateCode === undefined) return undefined;
  return {
    stateCode,
    stateName: gstStates[stateCode],
    source: fromGstin === undefined ? "pin-code" : "gstin",
    supply: stateCode === input.companyStateCode ? "intra-state" : "inter-state",
  };
}

/** An address as far as the place of supply reads it: the state given with it, else its PIN code's. */
export type SupplyAddress = { pinCode?: string; stateCode?: GstStateCode };

/** The state an address is in: the one given with it, which wins over its PIN code's, as a person chose it. */
export function addressStateCode(address: SupplyAddress): GstStateCode | undefined {
  const given = address.stateCode;
  if (given !== undefined && Object.hasOwn(gstStates, given)) return given;
  const pinState = address.pinCode === undefined ? undefined : stateForPinCode(address.pinCode);
  return pinState === undefined ? undefined : codeForPinState(pinState);
}

/**
 * Whether an address's PIN code lies in another state than the one given
 * with it: worth a second look before it decides the tax (Mohali's PINs
 * begin 160, as Chandigarh's do, and are in Punjab).
 */
export function addressStatesDiffer(address: SupplyAddress): boolean {
  const pinState = address.pinCode === undefined ? undefined : stateForPinCode(address.pinCode);
  const fromPin = pinState === undefined ? undefined : codeForPinState(pinState);
  const given = address.stateCode;
  return fromPin !== undefined && given !== undefined && Object.hasOwn(gstStates, given) && fromPin !== given;
}

/**
 * The code and name GST returns give a place of supply outside India. For
 * the company's accountant to confirm as what an export quotation prints.
 */
export const OUTSIDE_INDIA = { stateCode: "96", stateName: "Other Countries" } as const;

/** Which rule gave the place of supply, so staff and the buyer can see why it is that state. */
export type PlaceBasis = "delivery-address" | "buyer-gstin" | "billing-address" | "outside-india" | "staff";

/** A place of supply as the quotation prints it (the state's name and code) and taxes it. */
export type SupplyPlace = {
  stateCode: GstStateCode | typeof OUTSIDE_INDIA.stateCode;
  stateName: string;
  basis: PlaceBasis;
  supply: Supply;
};

/** The longest reason staff may give for another place of supply than the one proposed. */
export const PLACE_REASON_MAX = 300;

export type PlaceOfSupplyInput = {
  billingAddress: SupplyAddress;
  /** Where the goods are delivered; the billing address when none is given. */
  deliveryAddress?: SupplyAddress;
  buyerGstin?: string;
  /** Delivered to someone else on the buyer's direction (bill to the buyer, ship to a third party). */
  thirdPartyDelivery: boolean;
  treatment: GstTreatment;
  companyStateCode: GstStateCode;
  /** The state staff choose instead, with their reason, which is kept with the quotation. */
  override?: { stateCode: GstStateCode; reason: string };
};

export type PlaceDecision = {
  place: SupplyPlace;
  /** What the rule proposes: undefined when no address or GSTIN names a state. */
  proposed: SupplyPlace | undefined;
  /** Staff's reason, when they chose another state than the one proposed. */
  reason?: string;
};

/**
 * "state": nothing names a state and staff chose none; "reason": another
 * state chosen without a reason (or with one too long); "export": a state
 * chosen for an export, whose place of supply is outside India.
 */
export type PlaceOfSupplyProblem = "state" | "reason" | "export";

function placeIn(stateCode: GstStateCode, basis: PlaceBasis, input: PlaceOfSupplyInput): SupplyPlace {
  // A supply to an SEZ is between states wherever the SEZ is (IGST Act s.7(5)(b)).
  const sez = input.treatment === "sez-with-payment" || input.treatment === "sez-without-payment";
  const supply = sez || stateCode !== input.companyStateCode ? "inter-state" : "intra-state";
  return { stateCode, stateName: gstStates[stateCode], basis, supply };
}

/**
 * The place of supply the written rule gives. Goods exported: outside India
 * (IGST Act s.11). Goods delivered on the buyer's direction to a third party:
 * the buyer's principal place of business, its GSTIN's state (s.10(1)(b)).
 * Otherwise the goods' movement ends at the delivery address, whose state it
 * is (s.10(1)(a)).
 */
function proposedPlace(input: PlaceOfSupplyInput): SupplyPlace | undefined {
  if (input.treatment === "export-lut") return { ...OUTSIDE_INDIA, basis: "outside-india", supply: "inter-state" };
  if (input.thirdPartyDelivery) {
    const fromGstin = input.buyerGstin === undefined ? undefined : gstinStateCode(input.buyerGstin);
    if (fromGstin !== undefined) return placeIn(fromGstin, "buyer-gstin", input);
    // For the company's accountant to confirm: a buyer without a GSTIN has no
    // registered place of business, so its billing address is taken as it.
    const fromBilling = addressStateCode(input.billingAddress);
    return fromBilling === undefined ? undefined : placeIn(fromBilling, "billing-address", input);
  }
  const delivered = addressStateCode(input.deliveryAddress ?? input.billingAddress);
  return delivered === undefined ? undefined : placeIn(delivered, "delivery-address", input);
}

/**
 * The place of supply of a quotation: the one the rule proposes, or the
 * state staff chose instead with a reason, which the decision keeps beside
 * what was proposed. Staff choosing the proposed state is no change and
 * needs no reason.
 */
export function decidePlaceOfSupply(input: PlaceOfSupplyInput): PlaceDecision | { problem: PlaceOfSupplyProblem } {
  const proposed = proposedPlace(input);
  const { override } = input;
  if (override === undefined || override.stateCode === proposed?.stateCode) {
    return proposed === undefined ? { problem: "state" } : { place: proposed, proposed };
  }
  if (input.treatment === "export-lut") return { problem: "export" };
  if (!Object.hasOwn(gstStates, override.stateCode)) return { problem: "state" };
  const reason = typeof override.reason === "string" ? override.reason.trim() : "";
  if (reason === "" || reason.length > PLACE_REASON_MAX) return { problem: "reason" };
  return { place: placeIn(override.stateCode, "staff", input), proposed, reason };
}
