import type { Language } from "../../server/content/languages.ts";
import { hindiWords } from "../content/hi/words.ts";
import { type SiteWords, siteWords } from "../content/words.ts";

const catalogues: Readonly<Record<Language, SiteWords>> = { en: siteWords, hi: hindiWords };

/**
 * The site's words in a language: its message catalogue. For the server's
 * rendering (the frame, the routes, their meta): an island imports none of
 * this, so the scripts of English pages carry no Hindi.
 */
export const wordsFor = (language: Language): SiteWords => catalogues[language];
