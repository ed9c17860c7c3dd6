import type { Language } from "../../server/content/languages.ts";
import { trailsIn } from "../content/navigation.ts";
import type { SiteWords } from "../content/words.ts";
import { wordsFor } from "./catalogues.ts";
import { type LocalPath, languageOf, localPathIn, translatedIn, usePageLanguage } from "./language.tsx";
import { useWords } from "./words.tsx";

type Trails = ReturnType<typeof trailsIn>;

/**
 * What a route's meta writes a page with: its language, that language's
 * words, its links (localPath) and the breadcrumb trails in both, as the page
 * itself shows them.
 */
export function metaWords(
  location: { pathname: string },
  matches: Parameters<typeof translatedIn>[0],
): { language: Language; words: SiteWords; localPath: LocalPath; trails: Trails } {
  const language = languageOf(location);
  const words = wordsFor(language);
  const localPath = localPathIn(language, translatedIn(matches));
  return { language, words, localPath, trails: trailsIn(words.navigation, localPath) };
}

/** The breadcrumb trails a page shows, in its words and with its links. */
export function useTrails(): Trails {
  return trailsIn(useWords().navigation, usePageLanguage().localPath);
}
