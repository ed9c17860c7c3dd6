import { quotationPageText } from "../content/quotation-page.ts";

/** The longest name or purchase-order number, and the longest request for changes, a buyer may send. */
export const answerLimits = { name: 150, message: 2000 } as const;

export type BuyerAnswer =
  | { intent: "accept"; name: string; purchaseOrder: string }
  | { intent: "changes"; message: string };

// A name or purchase-order number is one line of plain text: line breaks and other
// control characters are what forged header lines are made of, and the marks that
// override or isolate writing direction make text read other than it is stored.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const NOT_IN_A_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROLS_IN_TEXT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A request for changes as it is kept: its line breaks as "\n" (browsers
 * send CR LF), a tab as a space, and no other control or direction-override
 * character, which a buyer typing in a text box never means to send.
 */
export function plainMessage(text: string): string {
  return text
    .replace(/\r\n?|[\u2028\u2029]/g, "\n")
    .replaceAll("\t", " ")
    .replace(CONTROLS_IN_TEXT, "");
}

/** A field's message, by the field's name in the form. */
export type AnswerErrors = Partial<Record<"name" | "purchase_order" | "agree" | "message", string>>;

/**
 * What the buyer's form on a quotation's page says, checked: an acceptance
 * (a name, an optional purchase-order number, the tick) or a request for
 * changes (a message); each field's problem otherwise. Undefined for a post
 * that is neither.
 */
export function readBuyerAnswer(
  values: Readonly<Record<string, string | undefined>>,
): { answer: BuyerAnswer } | { errors: AnswerErrors } | undefined {
  const words = quotationPageText.errors;
  const errors: AnswerErrors = {};
  const tooLong = (text: string, max: number) => (text.length > max ? words.tooLong(max) : undefined);
  const lineProblem = (text: string) =>
    tooLong(text, answerLimits.name) ?? (NOT_IN_A_LINE.test(text) ? words.oneLine : undefined);
  const settle = (answer: BuyerAnswer) => (Object.keys(errors).length > 0 ? { errors } : { answer });
  if (values.intent === "accept") {
    const name = (values.name ?? "").trim();
    const purchaseOrder = (values.purchase_order ?? "").trim();
    const nameProblem = name ? lineProblem(name) : words.name;
    const orderProblem = lineProblem(purchaseOrder);
    if (nameProblem) errors.name = nameProblem;
    if (orderProblem) errors.purchase_order = orderProblem;
    if (values.agree !== "yes") errors.agree = words.agree;
    return settle({ intent: "accept", name, purchaseOrder });
  }
  if (values.intent === "changes") {
    const message = plainMessage(values.message ?? "").trim();
    const problem = message ? tooLong(message, answerLimits.message) : words.message;
    if (problem) errors.message = problem;
    return settle({ intent: "changes", message });
  }
  return undefined;
}
