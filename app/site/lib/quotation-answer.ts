import { isOneLine, plainMessage } from "../../server/forms/plain-text.ts";
import { quotationPageText } from "../content/quotation-page.ts";

/** The longest name or purchase-order number, and the longest request for changes, a buyer may send. */
export const answerLimits = { name: 150, message: 2000 } as const;

export type BuyerAnswer =
  | { intent: "accept"; name: string; purchaseOrder: string; option: number }
  | { intent: "changes"; message: string };

/** A field's message, by the field's name in the form. */
export type AnswerErrors = Partial<Record<"option" | "name" | "purchase_order" | "agree" | "message", string>>;

/**
 * What the buyer's form on a quotation's page says, checked: an acceptance
 * (a name, an optional purchase-order number, the tick) or a request for
 * changes (a message); each field's problem otherwise. Undefined for a post
 * that is neither. Of a quotation of several options, the buyer accepts one,
 * by its position (counted from 0).
 */
export function readBuyerAnswer(
  values: Readonly<Record<string, string | undefined>>,
  options = 1,
): { answer: BuyerAnswer } | { errors: AnswerErrors } | undefined {
  const words = quotationPageText.errors;
  const errors: AnswerErrors = {};
  const tooLong = (text: string, max: number) => (text.length > max ? words.tooLong(max) : undefined);
  const lineProblem = (text: string) =>
    tooLong(text, answerLimits.name) ?? (isOneLine(text) ? undefined : words.oneLine);
  const settle = (answer: BuyerAnswer) => (Object.keys(errors).length > 0 ? { errors } : { answer });
  if (values.intent === "accept") {
    const name = (values.name ?? "").trim();
    const purchaseOrder = (values.purchase_order ?? "").trim();
    const nameProblem = name ? lineProblem(name) : words.name;
    const orderProblem = lineProblem(purchaseOrder);
    if (nameProblem) errors.name = nameProblem;
    if (orderProblem) errors.purchase_order = orderProblem;
    if (values.agree !== "yes") errors.agree = words.agree;
    const typed = values.option ?? "";
    const option = options === 1 ? 0 : /^\d$/.test(typed) ? Number(typed) : -1;
    if (option < 0 || option >= options) errors.option = words.option;
    return settle({ intent: "accept", name, purchaseOrder, option });
  }
  if (values.intent === "changes") {
    const message = plainMessage(values.message ?? "").trim();
    const problem = message ? tooLong(message, answerLimits.message) : words.message;
    if (problem) errors.message = problem;
    return settle({ intent: "changes", message });
  }
  return undefined;
}
