import { todayInIndia } from "../india-day.ts";
import { type GstinProblemWords, gstinProblem, normalizeGstin } from "../quotations/gstin.ts";
import { isPinCode, stateForPinCode } from "../quotations/pin-code.ts";
import type { CatalogService } from "./catalog.ts";
import { type ContactProblemWords, validateContactField } from "./contact-spec.ts";

/**
 * The quote request's rules, one copy for the browser and the server, as the
 * contact form's are. The fields follow the product: a service's entry in the
 * specifications says which group of questions it gets. The questions' words,
 * the lists to choose from and each product's specification are the site's
 * content (QuoteFormContent), handed in by the caller; the shape of a
 * specification, the limits and the checks are here.
 */

export type Choice = { value: string; label: string };

/** The box styles a product may be asked for in; the site's words name each. */
export const BOX_STYLES = [
  "tuckEnd",
  "crashLock",
  "topAndBottom",
  "sleeve",
  "pizza",
  "cake",
  "cakeWindow",
  "rigid",
  "mailer",
  "monoCarton",
  "bag",
] as const;
export type BoxStyle = (typeof BOX_STYLES)[number];

/** The groups of questions a product is specified by. */
export const QUOTE_GROUPS = ["box", "paper", "large-format"] as const;

/**
 * How a product is specified: its group of questions, and for boxes the styles
 * it comes in. Bindings and materials are the owner's words, in English: a
 * choice posts its English name's value in every language, and a form in
 * another language may name them in it (`names`, in the same order).
 */
export type QuoteSpec<Style extends string = string> =
  | { group: "box"; styles: readonly Style[]; handle?: true }
  | { group: "paper"; sizes: readonly string[]; pages: boolean; bindings: readonly string[]; names?: readonly string[] }
  | { group: "large-format"; materials: readonly string[]; names?: readonly string[] };

export const quoteLimits = {
  /** Millimetres: a box or a sheet no machine here can make is a typing slip. */
  sizeMm: { min: 10, max: 3000 },
  /** Feet, as large-format printing is priced by the square foot in India. */
  sizeFeet: { min: 1, max: 200 },
  gsm: { min: 40, max: 1500 },
  pages: { min: 2, max: 1000 },
  quantity: { min: 1, max: 10_000_000 },
  quantityTiers: 3,
  notes: 3000,
  company: 150,
} as const;

/** The questions' labels and hints, and what a visitor is told when an answer will not do. */
export type QuoteWords = {
  readonly style: string;
  readonly length: string;
  readonly width: string;
  readonly height: string;
  readonly board: string;
  readonly gsm: string;
  readonly gsmHint: string;
  readonly colours: string;
  readonly window: string;
  readonly handle: string;
  readonly handles: readonly Choice[];
  readonly size: string;
  readonly customSize: string;
  readonly customWidth: string;
  readonly customHeight: string;
  readonly pages: string;
  readonly paper: string;
  readonly binding: string;
  readonly material: string;
  readonly widthFeet: string;
  readonly heightFeet: string;
  quantity(tier: number): string;
  readonly quantityHint: string;
  readonly neededBy: string;
  readonly pinCode: string;
  readonly company: string;
  readonly gstin: string;
  readonly gstinHint: string;
  readonly name: string;
  readonly phone: string;
  readonly email: string;
  readonly notes: string;
  readonly notesHint: string;
  readonly gstinProblems: GstinProblemWords;
  readonly pinCodeProblem: string;
  readonly problems: QuoteProblemWords;
  /** The subject a quote request is kept under, naming its product. */
  subject(title: string): string;
  /** The particulars' rows that are not questions of the form, as staff and mails show them. */
  readonly rows: { readonly quantities: string; readonly company: string; readonly gstin: string };
};

export type QuoteProblemWords = {
  /** An empty required answer: "Choose the style", "Enter the delivery PIN code". */
  missing(label: string, kind: QuoteField["kind"]): string;
  notANumber(label: string, whole: boolean, example: number): string;
  atLeast(label: string, min: number): string;
  atMost(label: string, max: number): string;
  notAChoice(label: string): string;
  readonly tick: string;
  readonly notADate: string;
  readonly pastDate: string;
  tooLong(max: number): string;
  readonly noteCharacters: string;
  readonly product: string;
  readonly customSize: string;
  /** A ticked box, as the estimator reads it. */
  readonly yes: string;
};

/** The words a quote request's particulars are shown under (quoteRows). */
export type QuoteRowWords = Pick<QuoteWords, "neededBy" | "pinCode" | "rows">;

/** What the quote form is made of: the site's words, lists and each product's specification. */
export type QuoteFormContent = {
  readonly words: QuoteWords;
  /** The person's fields are checked as the contact form's are, in its words. */
  readonly contactProblems: ContactProblemWords;
  readonly services: readonly CatalogService[];
  readonly specs: Readonly<Record<string, QuoteSpec>>;
  readonly boxStyles: Readonly<Record<string, string>>;
  /** Styles that can have a window cut in; the window question is asked only for them. */
  readonly stylesWithWindow: readonly string[];
  readonly boxBoards: readonly Choice[];
  readonly papers: readonly Choice[];
  readonly printColours: readonly Choice[];
  /** Finishes a buyer may tick together; each is its own checkbox. */
  readonly finishes: readonly { name: string; label: string }[];
  readonly largeFormatFinishes: readonly { name: string; label: string }[];
};

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
const colours = ({ words, printColours }: QuoteFormContent): QuoteField => ({
  name: "colours",
  label: words.colours,
  kind: "choice",
  required: true,
  choices: printColours,
});
const gsm = ({ words }: QuoteFormContent): QuoteField => ({
  name: "gsm",
  label: words.gsm,
  kind: "number",
  required: false,
  hint: words.gsmHint,
  ...quoteLimits.gsm,
});

/** A list the owner wrote, as choices: each posts its English name's value, and shows its name in the form's language. */
function ownerChoices(english: readonly string[], names: readonly string[] | undefined): Choice[] {
  return english.map((label, index) => ({
    value: label.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    label: names?.[index] || label,
  }));
}

/** The specification's questions for one product, in the order the form asks them. */
export function specificationFields(spec: QuoteSpec, content: QuoteFormContent): QuoteField[] {
  const { words: text, boxStyles, boxBoards, papers, finishes, largeFormatFinishes, stylesWithWindow } = content;
  if (spec.group === "box") {
    const styles = spec.styles.map((style) => ({ value: style, label: boxStyles[style] ?? style }));
    return [
      { name: "style", label: text.style, kind: "choice", required: true, choices: styles },
      sizeMm("length_mm", text.length),
      sizeMm("width_mm", text.width),
      sizeMm("height_mm", text.height),
      { name: "board", label: text.board, kind: "choice", required: true, choices: boxBoards },
      gsm(content),
      colours(content),
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
      gsm(content),
      colours(content),
      ...(spec.bindings.length > 0
        ? [
            {
              name: "binding",
              label: text.binding,
              kind: "choice",
              required: true,
              choices: ownerChoices(spec.bindings, spec.names),
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
      choices: ownerChoices(spec.materials, spec.names),
    },
    { name: "width_ft", label: text.widthFeet, kind: "number", required: true, ...quoteLimits.sizeFeet },
    { name: "height_ft", label: text.heightFeet, kind: "number", required: true, ...quoteLimits.sizeFeet },
    ...ticks(largeFormatFinishes),
  ];
}

/** Quantities, date and place: asked of every product. */
export function orderFields({ words: text }: QuoteFormContent): QuoteField[] {
  return [
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
}

export function personFields({ words: text }: QuoteFormContent): QuoteField[] {
  return [
    { name: "company", label: text.company, kind: "text", required: false, autoComplete: "organization" },
    { name: "gstin", label: text.gstin, kind: "text", required: false, hint: text.gstinHint },
    { name: "name", label: text.name, kind: "text", required: true, autoComplete: "name" },
    { name: "phone_number", label: text.phone, kind: "text", required: true, autoComplete: "tel" },
    { name: "email", label: text.email, kind: "text", required: true, autoComplete: "email" },
    { name: "notes", label: text.notes, kind: "textarea", required: false, hint: text.notesHint },
  ];
}

/** The specification of a product of the catalog; undefined for a slug it does not have. */
function specOf(slug: string, content: QuoteFormContent): QuoteSpec | undefined {
  return Object.hasOwn(content.specs, slug) ? content.specs[slug] : undefined;
}

/** Every question the form asks for this product, specification first. */
export function quoteFields(spec: QuoteSpec, content: QuoteFormContent): QuoteField[] {
  return [...specificationFields(spec, content), ...orderFields(content), ...personFields(content)];
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
  service: CatalogService;
  name: string;
  email: string;
  phone: string;
  notes: string;
};

export type QuoteValidation = { success: true; output: QuoteRequest } | { success: false; errors: QuoteErrors };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** The problem with one answer, or undefined; a number answer is a whole number within its range. */
function fieldProblem(field: QuoteField, value: string, today: string, words: QuoteProblemWords): string | undefined {
  if (value === "") return field.required ? words.missing(field.label, field.kind) : undefined;
  switch (field.kind) {
    case "number": {
      const pattern = field.whole ? /^\d+$/ : /^\d+(\.\d+)?$/;
      if (!pattern.test(value)) return words.notANumber(field.label, field.whole === true, field.min ?? 1);
      const number = Number(value);
      if (field.min !== undefined && number < field.min) return words.atLeast(field.label, field.min);
      if (field.max !== undefined && number > field.max) return words.atMost(field.label, field.max);
      return undefined;
    }
    case "choice":
      return field.choices?.some((choice) => choice.value === value) ? undefined : words.notAChoice(field.label);
    case "tick":
      return value === "on" ? undefined : words.tick;
    case "date":
      if (!ISO_DATE.test(value) || Number.isNaN(Date.parse(value))) return words.notADate;
      return value < today ? words.pastDate : undefined;
    case "textarea":
      if (value.length > quoteLimits.notes) return words.tooLong(quoteLimits.notes);
      return CONTROL_IN_TEXT.test(value) ? words.noteCharacters : undefined;
    default:
      return undefined;
  }
}

/** The rule of what an answer is (an e-mail address, a PIN code…), for the fields that have one. */
function personRule(name: string, value: string, content: QuoteFormContent): string | undefined {
  const { words, contactProblems } = content;
  switch (name) {
    case "name":
    case "email":
    case "phone_number":
      return validateContactField(name, value, contactProblems);
    case "pin_code":
      return isPinCode(value) ? undefined : words.pinCodeProblem;
    case "gstin": {
      const problem = gstinProblem(value);
      return problem && words.gstinProblems[problem];
    }
    case "company":
      return value.length > quoteLimits.company ? words.problems.tooLong(quoteLimits.company) : undefined;
    default:
      return undefined;
  }
}

/** The answer as the estimator reads it: a choice's label, a tick as "Yes". */
function answerText(field: QuoteField, value: string, words: QuoteProblemWords): string {
  if (field.kind === "choice") return field.choices?.find((choice) => choice.value === value)?.label ?? value;
  if (field.kind === "tick") return words.yes;
  return value;
}

/** An answer as the rules read it: one form of line break, no spaces around it. */
function cleaned(value: string | undefined): string {
  return (value ?? "").replace(/\r\n?/g, "\n").trim();
}

/** One answer's first problem: its kind's rule, then the rule of what it is (an e-mail address, a PIN code…). */
function answerProblem(field: QuoteField, value: string, today: string, content: QuoteFormContent): string | undefined {
  return (
    fieldProblem(field, value, today, content.words.problems) ??
    (value === "" ? undefined : personRule(field.name, value, content))
  );
}

/**
 * One field's problem as the visitor leaves it, by the rules the whole form
 * is checked with; undefined when it is fine or not a question of this product.
 */
export function quoteFieldProblem(
  serviceSlug: string,
  name: string,
  value: string,
  content: QuoteFormContent,
  now = new Date(),
): string | undefined {
  const spec = specOf(serviceSlug, content);
  const field = spec && quoteFields(spec, content).find((candidate) => candidate.name === name);
  return field ? answerProblem(field, cleaned(value), todayInIndia(now), content) : undefined;
}

/** Checks the whole request for this product: the cleaned request, or each field's first problem. */
export function validateQuote(
  serviceSlug: string,
  input: QuoteValues,
  content: QuoteFormContent,
  now = new Date(),
): QuoteValidation {
  const { problems } = content.words;
  const service = content.services.find((candidate) => candidate.slug === serviceSlug);
  const spec = specOf(serviceSlug, content);
  if (!service || !spec) return { success: false, errors: { service: problems.product } };
  const today = todayInIndia(now);
  const fields = quoteFields(spec, content);
  const values: QuoteValues = {};
  const errors: QuoteErrors = {};
  for (const field of fields) {
    const value = cleaned(input[field.name]);
    values[field.name] = value;
    const problem = answerProblem(field, value, today, content);
    if (problem) errors[field.name] = problem;
  }
  if (values.size === "custom") {
    for (const name of ["custom_width_mm", "custom_height_mm"]) {
      if (!values[name] && !errors[name]) errors[name] = problems.customSize;
    }
  }
  if (Object.keys(errors).length > 0) return { success: false, errors };

  const specification = specificationFields(spec, content)
    .filter((field) => values[field.name] !== "")
    .map((field): [string, string] => [field.label, answerText(field, values[field.name] ?? "", problems)]);
  const quantities = orderFields(content)
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
