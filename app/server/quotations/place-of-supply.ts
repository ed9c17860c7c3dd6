import type { Supply } from "./gst.ts";
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
