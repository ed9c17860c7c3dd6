import { createContext, type ReactNode, useContext } from "react";
import { DEFAULT_LANGUAGE, type Language, languageOfPath, pathIn } from "../../server/content/languages.ts";

/** An address of the site as a page of some language links to it. */
export type LocalPath = (to: string) => string;

/**
 * Links from a page in `language`: a page's path to its version in that
 * language where it has one (`translated`, English paths), else to the
 * English page, so that no link leads to a page not yet translated. Other
 * addresses (files, mail and phone links, another site) stay as they are.
 */
export function localPathIn(language: Language, translated: readonly string[]): LocalPath {
  if (language === DEFAULT_LANGUAGE) return (to) => to;
  const pages = new Set(translated);
  return (to) => {
    const [, path = "", rest = ""] = /^([^?#]*)(.*)$/.exec(to) ?? [];
    return pages.has(path) ? `${pathIn(language, path)}${rest}` : to;
  };
}

type PageLanguage = { language: Language; localPath: LocalPath };

const LanguageContext = createContext<PageLanguage>({ language: DEFAULT_LANGUAGE, localPath: (to) => to });

/** The language of the page being rendered, and how its links are written. */
export function LanguageProvider({
  language,
  translated,
  children,
}: {
  language: Language;
  translated: readonly string[];
  children: ReactNode;
}) {
  return (
    <LanguageContext value={{ language, localPath: localPathIn(language, translated) }}>{children}</LanguageContext>
  );
}

export const usePageLanguage = (): PageLanguage => useContext(LanguageContext);

/** The language a location is in. */
export const languageOf = (location: { pathname: string }): Language => languageOfPath(location.pathname).language;

/** The pages translated, as the root's loader found them, for a route's meta (as companyIn finds the company). */
export function translatedIn(
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[],
): readonly string[] {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { translated?: string[] } | undefined;
  return root?.translated ?? [];
}
