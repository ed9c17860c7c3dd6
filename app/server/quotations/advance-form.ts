import { type Paise, parseRupees } from "./money.ts";
import { ADVANCE_PERCENT_RANGE, isPaymentReference } from "./proforma.ts";

/** The fields of the forms that issue a proforma and record its advance. */
export const PROFORMA_FIELDS = ["intent", "advancePercent"] as const;
export const ADVANCE_FIELDS = ["intent", "receivedOn", "amount", "reference"] as const;

export type AdvanceField = "receivedOn" | "amount" | "reference";
/** Why a field was refused, in codes the staff area words. */
export type AdvanceProblem = "day" | "future" | "before" | "amount" | "reference";

/** The share typed, as a whole percent from 1 to 100; undefined for anything else. */
export function readAdvancePercent(text: string | undefined): number | undefined {
  const typed = (text ?? "").trim().replace(/\s*%$/, "");
  if (!/^\d{1,3}$/.test(typed)) return undefined;
  const percent = Number(typed);
  return percent >= ADVANCE_PERCENT_RANGE.min && percent <= ADVANCE_PERCENT_RANGE.max ? percent : undefined;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/**
 * The advance as staff typed it: the day it reached the bank (not after today
 * in India, not before the quotation was accepted), the amount (more than
 * nothing), and the bank's reference (a UTR or cheque number; may be empty
 * for cash). Every problem at once, by field.
 */
export function readAdvanceReceived(
  values: Partial<Record<AdvanceField, string>>,
  bounds: { today: string; earliest: string },
):
  | { received: { on: string; paise: Paise; reference: string } }
  | { problems: Partial<Record<AdvanceField, AdvanceProblem>> } {
  const on = (values.receivedOn ?? "").trim();
  const paise = parseRupees(values.amount ?? "");
  const reference = (values.reference ?? "").trim();
  const problems: Partial<Record<AdvanceField, AdvanceProblem>> = {};
  if (!isDay(on)) problems.receivedOn = "day";
  else if (on > bounds.today) problems.receivedOn = "future";
  else if (on < bounds.earliest) problems.receivedOn = "before";
  if (paise === undefined || paise === 0) problems.amount = "amount";
  if (reference !== "" && !isPaymentReference(reference)) problems.reference = "reference";
  if (Object.keys(problems).length > 0 || paise === undefined) return { problems };
  return { received: { on, paise, reference } };
}
