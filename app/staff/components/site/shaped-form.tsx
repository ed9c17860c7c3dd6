import { HTML_LANG, TRANSLATIONS, type Translation } from "../../../server/content/languages.ts";
import {
  type FieldProblem,
  type FieldProblems,
  type FieldShape,
  type GroupShape,
  isTranslated,
  PHOTO_ALT_MAX,
  type PhotoChoice,
  translationKey,
  untranslated,
} from "../../../server/content/shapes.ts";
import { type ShapedItemWords, shapedFormText as text } from "../../content/site-items.ts";
import { type Described, StaffField } from "../staff-field.tsx";
import { controlId, translationOf } from "./field-names.ts";
import { ProblemSummary } from "./problem-summary.tsx";
import { UntranslatedNote } from "./untranslated-note.tsx";

type Values = Readonly<Record<string, unknown>>;

/** A photo of the library as a photo field offers it. */
export type PhotoOption = { id: string; label: string };

type ShapedFormProps = {
  action: string;
  shape: GroupShape;
  words: ShapedItemWords;
  values: Values;
  problems: FieldProblems;
  basedOn: number;
  readOnly: boolean;
  photos: readonly PhotoOption[];
};

/** A field's words by its place in the item, a list's entry numbers left out. */
const wordsKey = (name: string) => name.replace(/\.\d+\./g, ".");

type FieldWords = { label: string; hint?: string };

/**
 * An item's editor, drawn from its shape: a control per field with its label,
 * hint and refusal; a list's entries each in a group with buttons to remove
 * them or move them up or down, and one to add an entry. Those buttons post the
 * form as it is and bring it back changed, unsaved, so nothing typed is lost.
 */
export function ShapedForm({ action, shape, words, values, problems, basedOn, readOnly, photos }: ShapedFormProps) {
  // A translation is labelled as its field is, with its language; the field's hint describes it too.
  const fieldWords = (name: string): FieldWords => {
    const translation = translationOf(name);
    if (!translation) return words.fields[wordsKey(name)] ?? { label: name };
    return { label: text.inLanguage(fieldWords(translation.of).label, translation.language) };
  };
  const refused = Object.entries(problems).map(([name, problem]) => ({
    href: `#${controlId(name)}`,
    text: `${fieldWords(name).label}: ${text.problems[problem]}`,
  }));
  const context: FieldContext = { words, problems, readOnly, photos, fieldWords };
  return (
    <form method="post" action={action} className="staff-form" noValidate>
      <ProblemSummary id="item-problems" heading={text.problemsHeading} problems={refused} />
      <input type="hidden" name="basedOn" value={basedOn} />
      {/* First in the form, so that Enter in a field saves rather than presses a list's button. */}
      <UntranslatedNote shape={shape} values={values} />
      {!readOnly && <SaveButton />}
      <fieldset className="site-fields" disabled={readOnly}>
        <legend className="visually-hidden">{words.title}</legend>
        <Fields shape={shape} values={values} prefix="" context={context} />
      </fieldset>
      {!readOnly && <SaveButton />}
    </form>
  );
}

function SaveButton() {
  return (
    <div className="site-actions">
      <button type="submit" name="intent" value="save" className="staff-button">
        {text.saveDraft}
      </button>
    </div>
  );
}

type FieldContext = {
  words: ShapedItemWords;
  problems: FieldProblems;
  readOnly: boolean;
  photos: readonly PhotoOption[];
  fieldWords: (name: string) => FieldWords;
};

function Fields({
  shape,
  values,
  prefix,
  context,
}: {
  shape: GroupShape;
  values: Values;
  prefix: string;
  context: FieldContext;
}) {
  return Object.entries(shape).map(([key, field]) => {
    const name = `${prefix}${key}`;
    if (field.kind === "list") {
      return <ListField key={name} name={name} field={field} entries={values[key]} context={context} />;
    }
    if (field.kind === "photo") {
      return <PhotoField key={name} name={name} value={values[key] as PhotoChoice | null} context={context} />;
    }
    if (field.kind === "choices") {
      return <ChoicesField key={name} name={name} options={field.options} value={values[key]} context={context} />;
    }
    if (isTranslated(field)) {
      const translations = (language: Translation) => values[translationKey(key, language)];
      return (
        <TranslatedField
          key={name}
          name={name}
          field={field}
          value={values[key]}
          translations={translations}
          context={context}
        />
      );
    }
    return <Field key={name} name={name} field={field} value={values[key]} context={context} />;
  });
}

/**
 * A text and its translations side by side (one under the other on a phone):
 * the English stays in view while it is translated.
 */
function TranslatedField({
  name,
  field,
  value,
  translations,
  context,
}: {
  name: string;
  field: FieldShape;
  value: unknown;
  translations: (language: Translation) => unknown;
  context: FieldContext;
}) {
  const hinted = context.fieldWords(name).hint !== undefined;
  return (
    <div className="site-translation">
      <Field name={name} field={field} value={value} context={context} />
      {TRANSLATIONS.map((language) => (
        <Field
          key={language}
          name={translationKey(name, language)}
          field={field}
          value={translations(language)}
          context={context}
          language={language}
          alsoDescribedBy={hinted ? `${controlId(name)}-hint` : undefined}
        />
      ))}
    </div>
  );
}

function Field({
  name,
  field,
  value,
  context,
  language,
  alsoDescribedBy,
}: {
  name: string;
  field: FieldShape;
  value: unknown;
  context: FieldContext;
  /** A translation's language, which its control is marked with. */
  language?: Translation;
  /** Another field's hint that is this one's too. */
  alsoDescribedBy?: string | undefined;
}) {
  const id = controlId(name);
  const { label, hint } = context.fieldWords(name);
  const problem = context.problems[name];
  const error = problem && text.problems[problem];
  const shown = Array.isArray(value) ? value.join("\n") : value === undefined || value === null ? "" : String(value);
  const controlOf = (described: Described) => ({
    ...described,
    "aria-describedby": [described["aria-describedby"], alsoDescribedBy].filter(Boolean).join(" ") || undefined,
    lang: language && HTML_LANG[language],
  });
  return (
    <StaffField id={id} label={label} hint={hint} error={error} check={field.kind === "flag"}>
      {(fieldDescribed) => {
        const described = controlOf(fieldDescribed);
        switch (field.kind) {
          case "text":
          case "lines":
            return (
              <textarea
                id={id}
                name={name}
                defaultValue={shown}
                rows={field.kind === "lines" ? Math.min(10, field.maxItems) : field.max > 400 ? 8 : 3}
                {...described}
              />
            );
          case "choice": {
            const options = context.words.options?.[wordsKey(name)] ?? {};
            return (
              <select id={id} name={name} defaultValue={shown} {...described}>
                {field.options.map((option) => (
                  <option key={option} value={option}>
                    {options[option] ?? option}
                  </option>
                ))}
              </select>
            );
          }
          case "flag":
            return <input id={id} name={name} type="checkbox" defaultChecked={value === true} {...described} />;
          case "count":
            return (
              <input
                id={id}
                name={name}
                type="number"
                inputMode="numeric"
                min={field.min}
                max={field.max}
                defaultValue={shown}
                {...described}
              />
            );
          default:
            return <input id={id} name={name} type="text" defaultValue={shown} {...described} />;
        }
      }}
    </StaffField>
  );
}

/** Options to tick, as a group named by its legend. */
function ChoicesField({
  name,
  options,
  value,
  context,
}: {
  name: string;
  options: readonly string[];
  value: unknown;
  context: FieldContext;
}) {
  const chosen = new Set(Array.isArray(value) ? value : []);
  const labels = context.words.options?.[wordsKey(name)] ?? {};
  const problem = context.problems[name];
  const errorId = `${controlId(name)}-error`;
  return (
    <fieldset className="site-choices" id={controlId(name)} aria-describedby={problem ? errorId : undefined}>
      <legend>{context.fieldWords(name).label}</legend>
      {problem && <FieldError id={errorId} problem={problem} />}
      {options.map((option) => {
        const id = controlId(`${name}.${option}`);
        return (
          <StaffField key={option} id={id} label={labels[option] ?? option} check>
            {(described) => (
              <input
                id={id}
                name={`${name}.${option}`}
                type="checkbox"
                defaultChecked={chosen.has(option)}
                {...described}
              />
            )}
          </StaffField>
        );
      })}
    </fieldset>
  );
}

function PhotoField({ name, value, context }: { name: string; value: PhotoChoice | null; context: FieldContext }) {
  const part = (key: keyof PhotoChoice) => `${name}.${key}`;
  const percent = (key: "focusX" | "focusY") => (
    <Field name={part(key)} field={{ kind: "count", min: 0, max: 100 }} value={value?.[key] ?? 50} context={context} />
  );
  const id = controlId(part("id"));
  const problem = context.problems[part("id")];
  const { label, hint } = context.fieldWords(name);
  return (
    <div className="site-photo">
      <StaffField id={id} label={label} hint={hint} error={problem && text.problems[problem]}>
        {(described) => (
          <select id={id} name={part("id")} defaultValue={value?.id ?? ""} {...described}>
            <option value="">{text.noPhoto}</option>
            {context.photos.map((photo) => (
              <option key={photo.id} value={photo.id}>
                {photo.label}
              </option>
            ))}
          </select>
        )}
      </StaffField>
      <TranslatedField
        name={part("alt")}
        field={{ kind: "line", max: PHOTO_ALT_MAX }}
        value={value?.alt ?? ""}
        translations={(language) => (value as Record<string, unknown> | null)?.[translationKey("alt", language)]}
        context={context}
      />
      {percent("focusX")}
      {percent("focusY")}
    </div>
  );
}

function ListField({
  name,
  field,
  entries,
  context,
}: {
  name: string;
  field: Extract<FieldShape, { kind: "list" }>;
  entries: unknown;
  context: FieldContext;
}) {
  const list = Array.isArray(entries) ? (entries as Values[]) : [];
  const words = context.words.lists?.[name];
  const problem = context.problems[name];
  return (
    <div className="site-list" id={controlId(name)}>
      {problem && <FieldError problem={problem} />}
      {list.map((entry, index) => {
        const entryName = words?.entry(index + 1) ?? `${name} ${index + 1}`;
        const inside = (
          <>
            <Fields shape={field.of} values={entry} prefix={`${name}.${index}.`} context={context} />
            {!context.readOnly && (
              <div className="site-list__actions">
                {index > 0 && <ListButton value={`up:${name}.${index}`} label={text.up(entryName)} />}
                {index < list.length - 1 && <ListButton value={`down:${name}.${index}`} label={text.down(entryName)} />}
                {list.length > field.minItems && (
                  <ListButton value={`remove:${name}.${index}`} label={text.remove(entryName)} />
                )}
              </div>
            )}
          </>
        );
        if (words?.folded) {
          const prefix = `${name}.${index}.`;
          const refused = Object.keys(context.problems).some((problem) => problem.startsWith(prefix));
          return (
            <details
              // biome-ignore lint/suspicious/noArrayIndexKey: an entry is its place in the list; moving one re-renders the form from the server
              key={index}
              className="site-list__entry"
              open={refused || entry.title === ""}
              aria-labelledby={`${controlId(prefix)}summary`}
            >
              <summary id={`${controlId(prefix)}summary`}>
                {entryName}: {words.folded(entry)}
                {waitingFor(field.of, entry)}
              </summary>
              {inside}
            </details>
          );
        }
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: an entry is its place in the list; moving one re-renders the form from the server
          <fieldset key={index} className="site-list__entry">
            <legend>{entryName}</legend>
            {inside}
          </fieldset>
        );
      })}
      {!context.readOnly && list.length < field.maxItems && words && (
        <ListButton value={`add:${name}`} label={words.add} />
      )}
    </div>
  );
}

/** What of a folded entry is not yet translated, beside its name, so the entries still to translate stand out. */
function waitingFor(shape: GroupShape, entry: Values): string {
  const waiting = TRANSLATIONS.flatMap((language) => {
    const count = untranslated(shape, entry, language).length;
    return count > 0 ? [text.entryUntranslated(count, language)] : [];
  });
  return waiting.length > 0 ? ` (${waiting.join("; ")})` : "";
}

function ListButton({ value, label }: { value: string; label: string }) {
  return (
    <button type="submit" name="intent" value={value} className="staff-button staff-button--quiet" formNoValidate>
      {label}
    </button>
  );
}

/** A refusal that concerns a group of controls, under its legend. */
function FieldError({ id, problem }: { id?: string; problem: FieldProblem }) {
  return (
    <p id={id} className="site-fields__error">
      {text.problems[problem]}
    </p>
  );
}
