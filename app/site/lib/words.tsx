import { createContext, type ReactNode, useContext } from "react";
import { type SiteWords, siteWords } from "../content/words.ts";

const WordsContext = createContext<SiteWords>(siteWords);

/**
 * The site's words in the page's language, looked up on the server
 * (words.server.ts) and handed down. Only the server renders with it: an
 * island that wakes in the browser is handed its words as props on a page
 * not in English, so English pages' scripts carry no other language.
 */
export function WordsProvider({ words, children }: { words: SiteWords; children: ReactNode }) {
  return <WordsContext value={words}>{children}</WordsContext>;
}

export const useWords = (): SiteWords => useContext(WordsContext);
