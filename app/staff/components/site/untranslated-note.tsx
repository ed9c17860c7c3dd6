import { TRANSLATIONS } from "../../../server/content/languages.ts";
import { type GroupShape, isTranslated, untranslated } from "../../../server/content/shapes.ts";
import { shapedFormText as text } from "../../content/site-items.ts";
import { translationControl } from "./field-names.ts";

/** Whether an item of this shape has words to translate: a text, a photo's alt text, in it or in its lists. */
function hasTranslations(shape: GroupShape): boolean {
  return Object.values(shape).some(
    (field) => isTranslated(field) || field.kind === "photo" || (field.kind === "list" && hasTranslations(field.of)),
  );
}

/**
 * How much of an item, as the form holds it, is written in English only, in
 * each language, with a link to the first such text's translation.
 */
export function UntranslatedNote({ shape, values }: { shape: GroupShape; values: Readonly<Record<string, unknown>> }) {
  if (!hasTranslations(shape)) return null;
  return (
    <div className="staff-notice">
      {TRANSLATIONS.map((language) => {
        const [first, ...rest] = untranslated(shape, values, language);
        return (
          <p key={language}>
            {text.translating(language)} {text.untranslated(first ? rest.length + 1 : 0, language)}{" "}
            {first && <a href={`#${translationControl(first, language)}`}>{text.firstUntranslated(language)}</a>}
          </p>
        );
      })}
    </div>
  );
}
