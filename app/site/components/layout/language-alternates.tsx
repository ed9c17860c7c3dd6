import {
  DEFAULT_LANGUAGE,
  HREFLANG,
  HTML_LANG,
  LANGUAGE_NAMES,
  type Language,
  pathIn,
} from "../../../server/content/languages.ts";
import { absoluteUrl } from "../../content/urls.ts";
import type { LanguageSwitch } from "../ui/language-switch.tsx";

/** A page in one of its languages. */
export type PageVersion = { language: Language; path: string };

/** The versions of a page (by its English path): English always, and Hindi where it is translated. */
export function pageVersions(path: string, translated: readonly string[]): PageVersion[] {
  const versions: PageVersion[] = [{ language: DEFAULT_LANGUAGE, path }];
  if (translated.includes(path)) versions.push({ language: "hi", path: pathIn("hi", path) });
  return versions;
}

/** The link to the page's other version, where it has one. */
export function languageSwitch(versions: readonly PageVersion[], current: Language): LanguageSwitch | undefined {
  const other = versions.find((version) => version.language !== current);
  if (!other || versions.length < 2) return undefined;
  return {
    href: other.path,
    label: LANGUAGE_NAMES[other.language],
    lang: HTML_LANG[other.language],
    hreflang: HREFLANG[other.language],
  };
}

/**
 * Every version of the page, itself included, and English as the fallback
 * (x-default), as search engines ask; the same list on each version, so each
 * names the others. A page in English only lists none.
 */
export function LanguageAlternates({ versions, origin }: { versions: readonly PageVersion[]; origin: string }) {
  if (versions.length < 2) return null;
  const fallback = versions.find((version) => version.language === DEFAULT_LANGUAGE);
  return (
    <>
      {versions.map((version) => (
        <link
          key={version.language}
          rel="alternate"
          hrefLang={HREFLANG[version.language]}
          href={absoluteUrl(origin, version.path)}
        />
      ))}
      {fallback && <link rel="alternate" hrefLang="x-default" href={absoluteUrl(origin, fallback.path)} />}
    </>
  );
}
