import { formWords } from "./forms.ts";
import { frameWords } from "./frame.ts";
import { navigationWords } from "./navigation.ts";
import { aboutWords, homeWords, pageText, sectionWords } from "./pages.ts";
import { catalogWords } from "./services.ts";
import { statusWords } from "./status-pages.ts";
import { testimonialWords } from "./testimonials.ts";
import type { WordsOf } from "./words-of.ts";

/**
 * The site's own words in English, by area: its message catalogue. Each area
 * is the module's that uses it; the Hindi catalogue (hi/words.ts) has every
 * one of them, which its type and a test check. The words the company edits
 * (pages, services, the company's details) are content, translated in the
 * staff area, not here.
 */
export const siteWords = {
  frame: frameWords,
  navigation: navigationWords,
  pages: pageText,
  about: aboutWords,
  home: homeWords,
  sections: sectionWords,
  catalog: catalogWords,
  testimonials: testimonialWords,
  status: statusWords,
  ...formWords,
};

export type SiteWords = WordsOf<typeof siteWords>;
