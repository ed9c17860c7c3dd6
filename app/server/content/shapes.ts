import * as v from "valibot";
import { DEFAULT_LANGUAGE, type Language, TRANSLATIONS, type Translation } from "./languages.ts";
import { type MarkdownProblem, markdownProblems, readMarkdown } from "./markdown.ts";

/**
 * The shape of an item the company edits as text: its fields, their kinds and
 * limits. One shape gives the schema that checks a save, an import and the
 * seed; the reading of the editor's form (its lists added to, removed from and
 * reordered without script); and the names of the form's fields, so a refusal
 * is shown beside the field it is about.
 */

export type PhotoPlace = "service" | "hero" | "about";

export type FieldShape =
  /** One line of plain text; `fixed` where it is the same in every language (a code, a name). */
  | { kind: "line"; max: number; optional?: true; fixed?: true }
  /** Several lines; Markdown (paragraphs, lists, links, bold) where `markdown` is set, else plain. */
  | { kind: "text"; max: number; markdown?: true; optional?: true; fixed?: true }
  /** Short lines, one per line of a text box: a list of features, say. */
  | { kind: "lines"; max: number; maxItems: number; minItems?: number; fixed?: true }
  | { kind: "choice"; options: readonly string[] }
  /** Any of a few options, each a box to tick. */
  | { kind: "choices"; options: readonly string[] }
  /** The address of one of the site's pages, such as /services. */
  | { kind: "page" }
  | { kind: "flag" }
  /** A whole number, such as a count of days. */
  | { kind: "count"; min: number; max: number }
  /** A photograph from the library, with its alt text and focal point; none keeps the drawing. */
  | { kind: "photo"; place: PhotoPlace }
  /** Entries of the same fields, which the editor adds, removes and reorders. */
  | { kind: "list"; of: GroupShape; minItems: number; maxItems: number };

export type GroupShape = { readonly [field: string]: FieldShape };

/**
 * A photograph as an item holds it: the library's id, what it shows (in each
 * language: `alt_hi`, as any translated field), and the point to keep in view,
 * in percent.
 */
export type PhotoChoice = { id: string; alt: string; alt_hi?: string; focusX: number; focusY: number };

/**
 * Where a field's translation is kept: beside it, as `title_hi` beside
 * `title`, so that an entry of a list keeps its translation when it is moved.
 */
export const translationKey = (key: string, language: Translation) => `${key}_${language}`;

/** Whether a field is words, written in each language: text of any kind not marked as the same in every one. */
export function isTranslated(field: FieldShape): field is Extract<FieldShape, { kind: "line" | "text" | "lines" }> {
  return (field.kind === "line" || field.kind === "text" || field.kind === "lines") && !field.fixed;
}

export const PHOTO_ALT_MAX = 200;

/** Why a field was refused; the staff area words each. */
export type FieldProblem =
  | "missing"
  | "too-long"
  | "one-line"
  | "too-many"
  | "too-few"
  | "choice"
  | "page"
  | "photo"
  | "alt"
  | "focus"
  | "number"
  | "day"
  | "placeholder"
  | "gstin"
  | "ifsc"
  | "account-number"
  | "upi"
  | "slug"
  | "slug-taken"
  | "hsn"
  | MarkdownProblem;

const CONTROL = /\p{Cc}/u;
/** Control characters but the line feeds and tabs of a text. */
const CONTROL_IN_TEXT = /[^\P{Cc}\n\t]/u;
const PAGE_PATH = /^\/[a-z0-9/-]*$/;

/** One line of plain text, trimmed, at most `max` characters: the kind most fields are. */
export function lineSchema(max: number, optional = false) {
  const base = v.pipe(
    v.string("missing" satisfies FieldProblem),
    v.trim(),
    v.maxLength(max, "too-long" satisfies FieldProblem),
    v.check((value) => !CONTROL.test(value), "one-line" satisfies FieldProblem),
  );
  return optional ? base : v.pipe(base, v.nonEmpty("missing" satisfies FieldProblem));
}

/** A translation's schema: the field's own, but one that may be left empty (not yet translated). */
function translationSchema(shape: Extract<FieldShape, { kind: "line" | "text" | "lines" }>): v.GenericSchema {
  const open = shape.kind === "lines" ? { ...shape, minItems: 0 } : { ...shape, optional: true as const };
  return v.optional(fieldSchema(open));
}

function fieldSchema(shape: FieldShape): v.GenericSchema {
  switch (shape.kind) {
    case "line":
      return lineSchema(shape.max, shape.optional);
    case "text": {
      const text = v.pipe(
        v.string("missing" satisfies FieldProblem),
        v.trim(),
        v.maxLength(shape.max, "too-long" satisfies FieldProblem),
        v.check((value) => !CONTROL_IN_TEXT.test(value), "one-line" satisfies FieldProblem),
      );
      const filled = shape.optional ? text : v.pipe(text, v.nonEmpty("missing" satisfies FieldProblem));
      if (!shape.markdown) return filled;
      return v.pipe(
        filled,
        v.rawCheck(({ dataset, addIssue }) => {
          if (!dataset.typed) return;
          const [problem] = readMarkdown(dataset.value).problems;
          if (problem) addIssue({ message: problem });
        }),
      );
    }
    case "lines":
      return v.pipe(
        v.array(lineSchema(shape.max), "missing" satisfies FieldProblem),
        v.maxLength(shape.maxItems, "too-many" satisfies FieldProblem),
        v.minLength(shape.minItems ?? 0, "too-few" satisfies FieldProblem),
      );
    case "choice":
      return v.picklist(shape.options, "choice" satisfies FieldProblem);
    case "choices":
      return v.array(v.picklist(shape.options, "choice" satisfies FieldProblem), "choice" satisfies FieldProblem);
    case "page":
      return v.pipe(v.string("page" satisfies FieldProblem), v.regex(PAGE_PATH, "page" satisfies FieldProblem));
    case "flag":
      return v.boolean();
    case "count":
      return v.pipe(
        v.number("number" satisfies FieldProblem),
        v.integer("number" satisfies FieldProblem),
        v.minValue(shape.min, "number" satisfies FieldProblem),
        v.maxValue(shape.max, "number" satisfies FieldProblem),
      );
    case "photo":
      return v.nullable(
        v.object({
          id: v.pipe(
            v.string("photo" satisfies FieldProblem),
            v.regex(/^[\w-]{1,80}$/, "photo" satisfies FieldProblem),
          ),
          alt: v.pipe(lineSchema(PHOTO_ALT_MAX, true), v.nonEmpty("alt" satisfies FieldProblem)),
          ...Object.fromEntries(
            TRANSLATIONS.map((language) => [
              translationKey("alt", language),
              v.optional(lineSchema(PHOTO_ALT_MAX, true)),
            ]),
          ),
          focusX: v.pipe(
            v.number("focus" satisfies FieldProblem),
            v.integer("focus"),
            v.minValue(0, "focus"),
            v.maxValue(100, "focus"),
          ),
          focusY: v.pipe(
            v.number("focus" satisfies FieldProblem),
            v.integer("focus"),
            v.minValue(0, "focus"),
            v.maxValue(100, "focus"),
          ),
        }),
      );
    case "list":
      return v.pipe(
        v.array(groupSchema(shape.of), "missing" satisfies FieldProblem),
        v.maxLength(shape.maxItems, "too-many" satisfies FieldProblem),
        v.minLength(shape.minItems, "too-few" satisfies FieldProblem),
      );
  }
}

/** The schema of an item of this shape. */
export function groupSchema(shape: GroupShape) {
  return v.object<Record<string, v.GenericSchema>>(
    Object.fromEntries(
      Object.entries(shape).flatMap(([field, inner]) => [
        [field, fieldSchema(inner)],
        ...(isTranslated(inner)
          ? TRANSLATIONS.map((language) => [translationKey(field, language), translationSchema(inner)])
          : []),
      ]),
    ),
  );
}

/** What a check needs to know of the site: which paths are its pages, which ids are photos in the library. */
export type SiteFacts = { isPage: (path: string) => boolean; isPhoto: (id: string) => boolean };

/** A field's problem by its name in the form (`testimonials.1.quote`). */
export type FieldProblems = Record<string, FieldProblem>;

/**
 * What is wrong with a body for its shape, by the form's field names: the
 * schema's problems, then what only the site can tell (a link or page that is
 * not one of its pages, a photo not in the library).
 */
export function shapeProblems(shape: GroupShape, body: unknown, facts: SiteFacts): FieldProblems {
  const problems: FieldProblems = {};
  const result = v.safeParse(groupSchema(shape), body);
  for (const issue of result.success ? [] : result.issues) {
    const name = issue.path?.map((step) => String(step.key)).join(".") ?? "";
    problems[name] ??= issue.message as FieldProblem;
  }
  if (body === null || typeof body !== "object") return problems;
  // Also where the schema refused another field: every refusal is shown at once.
  visit(shape, body as Record<string, unknown>, "", (field, value, name) => {
    if (field.kind === "text" && field.markdown && typeof value === "string") {
      const [problem] = markdownProblems(value, facts.isPage);
      if (problem) problems[name] ??= problem;
    }
    if (field.kind === "page" && typeof value === "string" && !facts.isPage(value)) problems[name] ??= "page";
    const photo = field.kind === "photo" && typeof value === "object" && value !== null ? (value as PhotoChoice) : null;
    if (photo && typeof photo.id === "string" && !facts.isPhoto(photo.id)) problems[`${name}.id`] ??= "photo";
  });
  return problems;
}

/** Calls `see` for every field of a body of this shape, entries of lists included, with the field's form name. */
export function visit(
  shape: GroupShape,
  body: Readonly<Record<string, unknown>>,
  prefix: string,
  see: (field: FieldShape, value: unknown, name: string) => void,
): void {
  for (const [key, field] of Object.entries(shape)) {
    const name = `${prefix}${key}`;
    const value = body[key];
    if (isTranslated(field)) {
      for (const language of TRANSLATIONS) {
        const translated = translationKey(key, language);
        if (body[translated] !== undefined) see(field, body[translated], `${prefix}${translated}`);
      }
    }
    if (field.kind !== "list") see(field, value, name);
    else if (Array.isArray(value)) {
      value.forEach((entry: unknown, index) => {
        if (entry !== null && typeof entry === "object")
          visit(field.of, entry as Record<string, unknown>, `${name}.${index}.`, see);
      });
    }
  }
}

/** Every photo an item of this shape names, for the pages to be given their files. */
export function photoIds(shape: GroupShape, body: Readonly<Record<string, unknown>>): string[] {
  const ids: string[] = [];
  visit(shape, body, "", (field, value) => {
    if (field.kind === "photo" && value) ids.push((value as PhotoChoice).id);
  });
  return ids;
}

const PHOTO_PARTS = [
  "id",
  "alt",
  ...TRANSLATIONS.map((language) => translationKey("alt", language)),
  "focusX",
  "focusY",
];

/** Every name the editor's form of this shape may post, its lists at their longest. */
export function formFieldNames(shape: GroupShape, prefix = ""): string[] {
  return Object.entries(shape).flatMap(([key, field]) => {
    const name = `${prefix}${key}`;
    if (field.kind === "photo") return PHOTO_PARTS.map((part) => `${name}.${part}`);
    if (field.kind === "choices") return field.options.map((option) => `${name}.${option}`);
    if (isTranslated(field)) return [name, ...TRANSLATIONS.map((language) => translationKey(name, language))];
    if (field.kind !== "list") return [name];
    return Array.from({ length: field.maxItems + 1 }, (_, index) =>
      formFieldNames(field.of, `${name}.${index}.`),
    ).flat();
  });
}

/**
 * The change a button of the form asks for besides saving: add an entry to a
 * list, remove one, or move one up or down. Its value names the list and the
 * entry, such as `up:testimonials.2`.
 */
export type ListChange = { change: "add" | "remove" | "up" | "down"; list: string; index: number };

export function readListChange(intent: string | undefined): ListChange | undefined {
  const match = /^(add|remove|up|down):([a-zA-Z]+)(?:\.(\d{1,3}))?$/.exec(intent ?? "");
  if (!match) return undefined;
  return { change: match[1] as ListChange["change"], list: match[2] as string, index: Number(match[3] ?? 0) };
}

/**
 * Reads the editor's form into a body of the shape, unchecked: a refused form
 * is shown again as it was typed. `change` adds, removes or moves an entry of
 * a top-level list.
 */
export function readShapedForm(
  shape: GroupShape,
  fields: Readonly<Record<string, string>>,
  change?: ListChange,
): Record<string, unknown> {
  const body = readGroup(shape, fields, "");
  if (!change) return body;
  const field = shape[change.list];
  const entries = body[change.list];
  if (field?.kind !== "list" || !Array.isArray(entries)) return body;
  const { index } = change;
  if (change.change === "add" && entries.length < field.maxItems) entries.push(emptyGroup(field.of));
  if (change.change === "remove") entries.splice(index, 1);
  const to = change.change === "up" ? index - 1 : change.change === "down" ? index + 1 : -1;
  if (to >= 0 && to < entries.length && index < entries.length) {
    [entries[index], entries[to]] = [entries[to], entries[index]];
  }
  return body;
}

/** A text box of lines as a list: each line trimmed, the empty ones left out. */
const linesOf = (value: string) =>
  value
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

function readGroup(shape: GroupShape, fields: Readonly<Record<string, string>>, prefix: string) {
  const body: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape)) {
    const name = `${prefix}${key}`;
    const value = (fields[name] ?? "").replace(/\r\n?/g, "\n");
    if (isTranslated(field)) {
      // Only what the form holds: a form without a language's fields leaves it out.
      for (const language of TRANSLATIONS) {
        const posted = fields[translationKey(name, language)];
        if (posted === undefined) continue;
        const translated = posted.replace(/\r\n?/g, "\n");
        body[translationKey(key, language)] = field.kind === "lines" ? linesOf(translated) : translated;
      }
    }
    switch (field.kind) {
      case "lines":
        body[key] = linesOf(value);
        break;
      case "flag":
        body[key] = fields[name] === "on";
        break;
      case "choices":
        body[key] = field.options.filter((option) => fields[`${name}.${option}`] === "on");
        break;
      case "count":
        body[key] = /^\d{1,6}$/.test(value.trim()) ? Number(value.trim()) : value;
        break;
      case "photo": {
        const id = (fields[`${name}.id`] ?? "").trim();
        const percent = (part: string) => {
          const text = (fields[`${name}.${part}`] ?? "").trim();
          return text === "" ? 50 : Number(text);
        };
        const alts = Object.fromEntries(
          ["alt", ...TRANSLATIONS.map((language) => translationKey("alt", language))].flatMap((part) =>
            part === "alt" || fields[`${name}.${part}`] !== undefined
              ? [[part, (fields[`${name}.${part}`] ?? "").trim()]]
              : [],
          ),
        );
        body[key] = id ? { id, ...alts, focusX: percent("focusX"), focusY: percent("focusY") } : null;
        break;
      }
      case "list": {
        const entries: Record<string, unknown>[] = [];
        for (let index = 0; index <= field.maxItems; index++) {
          const entryPrefix = `${name}.${index}.`;
          if (!Object.keys(fields).some((posted) => posted.startsWith(entryPrefix))) continue;
          entries.push(readGroup(field.of, fields, entryPrefix));
        }
        body[key] = entries;
        break;
      }
      default:
        body[key] = value;
    }
  }
  return body;
}

/** A new entry of a list, its fields empty (in every language) and its choices at their first option. */
function emptyGroup(shape: GroupShape): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(shape).flatMap(([key, field]) => {
      const empty = emptyValue(field);
      const translations = isTranslated(field)
        ? TRANSLATIONS.map((language) => [translationKey(key, language), empty])
        : [];
      return [[key, empty], ...translations];
    }),
  );
}

function emptyValue(field: FieldShape): unknown {
  switch (field.kind) {
    case "lines":
    case "list":
    case "choices":
      return [];
    case "flag":
      return false;
    case "photo":
      return null;
    case "choice":
      return field.options[0];
    default:
      return "";
  }
}

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === "string" ? value.trim() === "" : Array.isArray(value) && value.length === 0);

/**
 * A body as a language reads it: each translated field (a photo's alt text
 * too) in that language, the rest as it is. The default language's is the
 * body itself.
 */
export function localize<Body>(shape: GroupShape, body: Body, language: Language): Body {
  if (language === DEFAULT_LANGUAGE) return body;
  const into = language as Translation;
  const source = body as Readonly<Record<string, unknown>>;
  const out: Record<string, unknown> = { ...source };
  for (const [key, field] of Object.entries(shape)) {
    const value = source[key];
    if (isTranslated(field)) out[key] = source[translationKey(key, into)] ?? value;
    else if (field.kind === "photo" && value !== null && typeof value === "object") {
      const photo = value as PhotoChoice & Record<string, unknown>;
      out[key] = { ...photo, alt: photo[translationKey("alt", into)] || photo.alt };
    } else if (field.kind === "list" && Array.isArray(value)) {
      out[key] = value.map((entry: unknown) => localize(field.of, entry, language));
    }
  }
  return out as Body;
}

/**
 * The fields of a body written in English but not yet in a language, by the
 * form's names: a page in that language is published once there are none.
 */
export function untranslated(
  shape: GroupShape,
  body: Readonly<Record<string, unknown>>,
  language: Translation,
): string[] {
  const missing: string[] = [];
  visit(shape, body, "", (field, value, name) => {
    if (name.endsWith(`_${language}`)) return;
    if (isTranslated(field) && !isEmpty(value)) {
      if (isEmpty(translationOf(body, name, language))) missing.push(name);
    }
    if (field.kind === "photo" && value !== null && typeof value === "object") {
      const photo = value as Record<string, unknown>;
      if (isEmpty(photo[translationKey("alt", language)])) missing.push(`${name}.${translationKey("alt", language)}`);
    }
  });
  return missing;
}

/** The translation of a field, found by its form name (`testimonials.1.quote` → body.testimonials[1].quote_hi). */
function translationOf(body: Readonly<Record<string, unknown>>, name: string, language: Translation): unknown {
  const steps = name.split(".");
  const last = steps.pop() ?? "";
  let at: unknown = body;
  for (const step of steps) at = (at as Record<string, unknown> | undefined)?.[step];
  return (at as Record<string, unknown> | undefined)?.[translationKey(last, language)];
}
