import * as v from "valibot";
import { todayInIndia } from "../../server/india-day.ts";
import { gstinProblem, normalizeGstin } from "../../server/quotations/gstin.ts";
import { isPinCode, stateForPinCode } from "../../server/quotations/pin-code.ts";
import {
  boxBoards,
  boxStyles,
  type Choice,
  finishes,
  largeFormatFinishes,
  papers,
  printColours,
  type QuoteSpec,
  quoteLimits,
  quoteSpecs,
  stylesWithWindow,
  quoteFormText as text,
} from "../content/quote-form.ts";
import { findService, type Service } from "../content/services.ts";
import { contactSchema } from "./contact-schema.ts";

/**
 * The quote request's rules, one copy for the browser and the server, as the
 * contact form's are. The fields follow the product: a service's entry in
 * quoteSpecs says which group of questions it gets.
 */

/** One question of the form: its name in the post, its label, and how its answer is checked. */
export type QuoteField = {
  name: string;
  label: string;
  kind: "text" | "number" | "date" | "choice" | "tick" | "textarea";
  required: boolean;
  choices?: readonly Choice[];
  min?: number;
  max?: number;
  /** A count, such as a quantity or pages: no fractions. */
  whole?: true;
  hint?: string;
  autoComplete?: string;
};

const sizeMm = (name: string, label: string, required = true): QuoteField => ({
  name,
  label,
  kind: "number",
  required,
  ...quoteLimits.sizeMm,
});
const ticks = (list: readonly { name: string; label: string }[]): QuoteField[] =>
  list.map(({ name, label }) => ({ name, label, kind: "tick", required: false }));
const colours: QuoteField = {
  name: "colours",
  label: text.colours,
  kind: "choice",
  required: true,
  choices: printColours,
};
const gsm: QuoteField = {
  name: "gsm",
  label: text.gsm,
  kind: "number",
  required: false,
  hint: text.gsmHint,
  ...quoteLimits.gsm,
};

/** The specification's questions for one product, in the order the form asks them. */
export function specificationFields(spec: QuoteSpec): QuoteField[] {
  if (spec.group === "box") {
    const styles = spec.styles.map((style) => ({ value: style, label: boxStyles[style] }));
    return [
      { name: "style", label: text.style, kind: "choice", required: true, choices: styles },
      sizeMm("length_mm", text.length),
      sizeMm("width_mm", text.width),
      sizeMm("height_mm", text.height),
      { name: "board", label: text.board, kind: "choice", required: true, choices: boxBoards },
      gsm,
      colours,
      ...ticks(finishes),
      ...(spec.styles.some((style) => stylesWithWindow.includes(style))
        ? [{ name: "window", label: text.window, kind: "tick", required: false } as const]
        : []),
      ...(spec.handle
        ? [{ name: "handle", label: text.handle, kind: "choice", required: true, choices: text.handles } as const]
        : []),
    ];
  }
  if (spec.group === "paper") {
    const sizes = [
      ...spec.sizes.map((size) => ({ value: size.toLowerCase(), label: size })),
      { value: "custom", label: text.customSize },
    ];
    return [
      { name: "size", label: text.size, kind: "choice", required: true, choices: sizes },
      sizeMm("custom_width_mm", text.customWidth, false),
      sizeMm("custom_height_mm", text.customHeight, false),
      ...(spec.pages
        ? [
            {
              name: "pages",
              label: text.pages,
              kind: "number",
              required: true,
              whole: true,
              ...quoteLimits.pages,
            } as const,
          ]
        : []),
      { name: "paper", label: text.paper, kind: "choice", required: true, choices: papers },
      gsm,
      colours,
      ...(spec.bindings.length > 0
        ? [
            {
              name: "binding",
              label: text.binding,
              kind: "choice",
              required: true,
              choices: spec.bindings.map((label) => ({
                value: label.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
                label,
              })),
            } as const,
          ]
        : []),
      ...ticks(finishes),
    ];
  }
  return [
    {
      name: "material",
      label: text.material,
      kind: "choice",
      required: true,
      choices: spec.materials.map((label) => ({ value: label.toLowerCase().replace(/[^a-z0-9]+/g, "-"), label })),
    },
    { name: "width_ft", label: text.widthFeet, kind: "number", required: true, ...quoteLimits.sizeFeet },
    { name: "height_ft", label: text.heightFeet, kind: "number", required: true, ...quoteLimits.sizeFeet },
    ...ticks(largeFormatFinishes),
  ];
}

/** Quantities, date and place: asked of every product. */
export const orderFields: readonly QuoteField[] = [
  ...Array.from(
    { length: quoteLimits.quantityTiers },
    (_, index): QuoteField => ({
      name: `quantity_${index + 1}`,
      label: text.quantity(index + 1),
      kind: "number",
      required: index === 0,
      whole: true,
      ...quoteLimits.quantity,
      ...(index === 0 ? { hint: text.quantityHint } : {}),
    }),
  ),
  { name: "needed_by", label: text.neededBy, kind: "date", required: true },
  { name: "pin_code", label: text.pinCode, kind: "text", required: true, autoComplete: "postal-code" },
];

export const personFields: readonly QuoteField[] = [
  { name: "company", label: text.company, kind: "text", required: false, autoComplete: "organization" },
  { name: "gstin", label: text.gstin, kind: "text", required: false, hint: text.gstinHint },
  { name: "name", label: text.name, kind: "text", required: true, autoComplete: "name" },
  { name: "phone_number", label: text.phone, kind: "text", required: true, autoComplete: "tel" },
  { name: "email", label: text.email, kind: "text", required: true, autoComplete: "email" },
  { name: "notes", label: text.notes, kind: "textarea", required: false, hint: text.notesHint },
];

/** Every question the form asks for this product, specification first. */
export function quoteFields(service: Service): QuoteField[] {
  return [...specificationFields(quoteSpecs[service.slug]), ...orderFields, ...personFields];
}

/**
 * The artwork part of the quote form: the file input a page without a script
 * sends its files with, and the ids of files already received (uploaded by
 * the page's script, or kept from a refused post), joined by commas.
 */
export const artworkFields = { file: "artwork", ids: "uploads" } as const;

const UPLOAD_IDS = /^[0-9a-f]{32}(,[0-9a-f]{32})*$/;

/** The received files' ids a form carries: none, or unique ids in their form, at most maxFiles of them. */
export function uploadIdsOf(value: string | undefined, maxFiles: number): string[] | "too many" | "not ids" {
  if (!value) return [];
  if (!UPLOAD_IDS.test(value)) return "not ids";
  const ids = [...new Set(value.split(","))];
  return ids.length > maxFiles ? "too many" : ids;
}

export type QuoteValues = Record<string, string>;
export type QuoteErrors = Record<string, string>;

/**
 * A quote request's particulars, kept with the inquiry: the specification in
 * the words the form asked it (label and answer, only what was answered), and
 * the order's quantities, date (YYYY-MM-DD) and place (the six digits, with
 * their state where known).
 */
export type QuoteParticulars = {
  specification: [string, string][];
  quantities: number[];
  neededBy: string;
  pinCode: string;
  company: string;
  gstin: string;
};

/** What a valid request holds: the product, the person, and the particulars. */
export type QuoteRequest = QuoteParticulars & {
  service: Service;
  name: string;
  email: string;
  phone: string;
  notes: string;
};

export type QuoteValidation = { success: true; output: QuoteRequest } | { success: false; errors: QuoteErrors };

const count = new Intl.NumberFormat("en-IN");
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** What an empty required answer is told: "Choose the style", "Enter the delivery PIN code". */
function missing(field: QuoteField): string {
  const what = field.label.replace(/ \(.*\)$/, "");
  // "PIN" and "GSM" keep their capitals; an ordinary first word does not.
  const named = /^[A-Z][a-z]/.test(what) ? what.charAt(0).toLowerCase() + what.slice(1) : what;
  if (field.kind === "date") return "Choose the date you need it by";
  return field.kind === "choice" ? `Choose the ${named}` : `Enter the ${named}`;
}

/** The problem with one answer, or undefined; a number answer is a whole number within its range. */
function fieldProblem(field: QuoteField, value: string, today: string): string | undefined {
  if (value === "") return field.required ? missing(field) : undefined;
  switch (field.kind) {
    case "number": {
      const pattern = field.whole ? /^\d+$/ : /^\d+(\.\d+)?$/;
      if (!pattern.test(value))
        return `${field.label}: enter ${field.whole ? "a whole number" : "a number"}, such as ${field.min ?? 1}`;
      const number = Number(value);
      if (field.min !== undefined && number < field.min) return `${field.label}: at least ${count.format(field.min)}`;
      if (field.max !== undefined && number > field.max) return `${field.label}: at most ${count.format(field.max)}`;
      return undefined;
    }
    case "choice":
      return field.choices?.some((choice) => choice.value === value)
        ? undefined
        : `Choose ${field.label.toLowerCase()} from the list`;
    case "tick":
      return value === "on" ? undefined : "Tick the box or leave it empty";
    case "date":
      if (!ISO_DATE.test(value) || Number.isNaN(Date.parse(value))) return "Enter a date, such as 2027-01-31";
      return value < today ? "Choose a date from today on" : undefined;
    case "textarea":
      if (value.length > quoteLimits.notes) return `Write at most ${count.format(quoteLimits.notes)} characters`;
      return CONTROL_IN_TEXT.test(value) ? "Your note has special characters we cannot accept" : undefined;
    default:
      return undefined;
  }
}

const personRules: Record<string, (value: string) => string | undefined> = {
  name: (value) => firstIssue(contactSchema.entries.name, value),
  email: (value) => firstIssue(contactSchema.entries.email, value),
  phone_number: (value) => firstIssue(contactSchema.entries.phone_number, value),
  pin_code: (value) => (isPinCode(value) ? undefined : text.pinCodeProblem),
  gstin: (value) => {
    const problem = value === "" ? undefined : gstinProblem(value);
    return problem && text.gstinProblems[problem];
  },
  company: (value) =>
    value.length > quoteLimits.company ? `Write at most ${count.format(quoteLimits.company)} characters` : undefined,
};

function firstIssue(schema: v.GenericSchema, value: string): string | undefined {
  const result = v.safeParse(schema, value, { abortPipeEarly: true });
  return result.success ? undefined : result.issues[0].message;
}

/** The answer as the estimator reads it: a choice's label, a tick as "Yes". */
function answerText(field: QuoteField, value: string): string {
  if (field.kind === "choice") return field.choices?.find((choice) => choice.value === value)?.label ?? value;
  if (field.kind === "tick") return "Yes";
  return value;
}

/** An answer as the rules read it: one form of line break, no spaces around it. */
function cleaned(value: string | undefined): string {
  return (value ?? "").replace(/\r\n?/g, "\n").trim();
}

/** One answer's first problem: its kind's rule, then the rule of what it is (an e-mail address, a PIN code…). */
function answerProblem(field: QuoteField, value: string, today: string): string | undefined {
  return fieldProblem(field, value, today) ?? (value === "" ? undefined : personRules[field.name]?.(value));
}

/**
 * One field's problem as the visitor leaves it, by the rules the whole form
 * is checked with; undefined when it is fine or not a question of this product.
 */
export function quoteFieldProblem(
  serviceSlug: string,
  name: string,
  value: string,
  now = new Date(),
): string | undefined {
  const service = findService(serviceSlug);
  const field = service && quoteFields(service).find((candidate) => candidate.name === name);
  return field ? answerProblem(field, cleaned(value), todayInIndia(now)) : undefined;
}

/** Checks the whole request for this product: the cleaned request, or each field's first problem. */
export function validateQuote(serviceSlug: string, input: QuoteValues, now = new Date()): QuoteValidation {
  const service = findService(serviceSlug);
  if (!service) return { success: false, errors: { service: "Choose the product from the list" } };
  const today = todayInIndia(now);
  const fields = quoteFields(service);
  const values: QuoteValues = {};
  const errors: QuoteErrors = {};
  for (const field of fields) {
    const value = cleaned(input[field.name]);
    values[field.name] = value;
    const problem = answerProblem(field, value, today);
    if (problem) errors[field.name] = problem;
  }
  if (values.size === "custom") {
    for (const name of ["custom_width_mm", "custom_height_mm"]) {
      if (!values[name] && !errors[name]) errors[name] = "Enter the custom size in millimetres";
    }
  }
  if (Object.keys(errors).length > 0) return { success: false, errors };

  const specification = specificationFields(quoteSpecs[service.slug])
    .filter((field) => values[field.name] !== "")
    .map((field): [string, string] => [field.label, answerText(field, values[field.name] ?? "")]);
  const quantities = orderFields
    .filter((field) => field.name.startsWith("quantity_") && values[field.name] !== "")
    .map((field) => Number(values[field.name]));
  const pinCode = values.pin_code ?? "";
  return {
    success: true,
    output: {
      service,
      name: values.name ?? "",
      email: values.email ?? "",
      phone: values.phone_number ?? "",
      specification,
      quantities,
      neededBy: values.needed_by ?? "",
      pinCode: stateForPinCode(pinCode) ? `${pinCode} (${stateForPinCode(pinCode)})` : pinCode,
      company: values.company ?? "",
      gstin: values.gstin ? normalizeGstin(values.gstin) : "",
      notes: values.notes ?? "",
    },
  };
}
