import { TRANSLATIONS, type Translation } from "../../../server/content/languages.ts";
import { translationKey } from "../../../server/content/shapes.ts";

/** The id of a field's control: its form name, which holds only letters, digits, dots and underscores. */
export const controlId = (name: string) => `item-${name.replaceAll(".", "-")}`;

/** The field a translation's form name is of, and its language: `people.1.name_hi` → `people.1.name`, hi. */
export function translationOf(name: string): { of: string; language: Translation } | undefined {
  for (const language of TRANSLATIONS) {
    const suffix = translationKey("", language);
    if (name.endsWith(suffix)) return { of: name.slice(0, -suffix.length), language };
  }
  return undefined;
}

/**
 * The control where a text not yet translated is to be written: its
 * translation's, named as `untranslated` names it (the English field, or a
 * photo's alt text's translation itself).
 */
export function translationControl(untranslatedName: string, language: Translation): string {
  return controlId(translationOf(untranslatedName) ? untranslatedName : translationKey(untranslatedName, language));
}
