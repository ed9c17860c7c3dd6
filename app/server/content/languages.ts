/**
 * The languages the public site is written in. English is at the site's own
 * addresses and is the fallback (hreflang x-default); Hindi lives under /hi/
 * with the same paths. One address per language, never a cookie or the
 * browser's Accept-Language: a visitor's choice is the link they followed.
 */
export const LANGUAGES = ["en", "hi"] as const;

export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = "en";

/** The languages a page may be translated into: all but the default. */
export const TRANSLATIONS = ["hi"] as const satisfies readonly Exclude<Language, typeof DEFAULT_LANGUAGE>[];

export type Translation = (typeof TRANSLATIONS)[number];

/** What `<html lang>` says. */
export const HTML_LANG: Readonly<Record<Language, string>> = { en: "en", hi: "hi" };

/** The region-specific tags hreflang and the sitemap use. */
export const HREFLANG: Readonly<Record<Language, string>> = { en: "en-IN", hi: "hi-IN" };

/** Each language's name in itself, as the switcher offers it. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: "English", hi: "हिन्दी" };

/** Where a language's pages start: "" for English, "/hi" for Hindi. */
const PREFIX: Readonly<Record<Language, string>> = { en: "", hi: "/hi" };

/** The language of a path, and the path as it is in English ("/hi/services/cake" → hi, "/services/cake"). */
export function languageOfPath(pathname: string): { language: Language; path: string } {
  for (const language of TRANSLATIONS) {
    const prefix = PREFIX[language];
    if (pathname === prefix || pathname === `${prefix}/`) return { language, path: "/" };
    if (pathname.startsWith(`${prefix}/`)) return { language, path: pathname.slice(prefix.length) };
  }
  return { language: DEFAULT_LANGUAGE, path: pathname };
}

/** An English path in a language: "/services/cake" → "/hi/services/cake", "/" → "/hi". */
export function pathIn(language: Language, path: string): string {
  const prefix = PREFIX[language];
  if (prefix === "") return path;
  return path === "/" ? prefix : `${prefix}${path}`;
}

export const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);
