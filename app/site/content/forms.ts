import { acknowledgementWords } from "./acknowledgement.ts";
import { artworkWords } from "./artwork.ts";
import { contactFormProblems, contactFormWords, contactPageWords } from "./contact-form.ts";
import { quoteFormWords, quotePageWords } from "./quote-form.ts";
import type { WordsOf } from "./words-of.ts";

/**
 * The areas of the catalogue (words.ts) that the contact and quote forms are
 * written in: the forms' own (their islands take them as props on a page in
 * another language), the pages around them, the refusals of a whole form,
 * and the acknowledgement mailed to the visitor.
 */
export const formWords = {
  contactForm: contactFormWords,
  contactPage: contactPageWords,
  formRefusals: contactFormProblems,
  quoteForm: quoteFormWords,
  quotePage: quotePageWords,
  artwork: artworkWords,
  acknowledgement: acknowledgementWords,
};

export type FormWords = WordsOf<typeof formWords>;
