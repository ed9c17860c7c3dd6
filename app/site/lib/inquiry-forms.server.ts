import type { RouterContextProvider } from "react-router";
import { createQuoteForm } from "../../server/contact/quote-form.server.ts";
import type { QuoteSpec } from "../../server/contact/quote-spec.ts";
import { createContactForm, type InquiryForm } from "../../server/contact/submission.server.ts";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, pathIn } from "../../server/content/languages.ts";
import { quoteSpecOf, type ServiceEntry } from "../../server/content/services-item.ts";
import { siteServices } from "../../server/site-services.server.ts";
import type { QuoteProduct } from "../components/quote/quote-form.tsx";
import { contactProblemsIn } from "../content/contact-form.ts";
import { quoteFormContentIn } from "../content/quote-form.ts";
import { pagePaths, paths } from "../content/urls.ts";
import { wordsFor } from "./catalogues.ts";
import { publishedServices } from "./published.server.ts";
import { itemIn } from "./translations.server.ts";

type Context = Readonly<RouterContextProvider>;

/** The pages a visitor may open a form from: the site's own, as its page list names them, in every language. */
export const sitePages: readonly string[] = LANGUAGES.flatMap((language) =>
  pagePaths().map((path) => pathIn(language, path)),
);

const contactForms = Object.fromEntries(
  LANGUAGES.map((language) => {
    const words = wordsFor(language);
    const form = createContactForm({
      page: pathIn(language, paths.contact),
      language,
      sitePages,
      problems: words.formRefusals,
      fieldProblems: contactProblemsIn(words.contactForm),
    });
    return [language, form];
  }),
) as Record<Language, InquiryForm>;

/** The contact form of the page in a language: on that page, in its words. */
export const contactFormIn = (language: Language): InquiryForm => contactForms[language];

/**
 * The quote request of the page in a language, with the products as published:
 * checked and answered in that language's words, kept in English.
 */
export function quoteFormIn(language: Language, context: Context): InquiryForm {
  const english = () => siteServices().content.quoteForm;
  const words = wordsFor(language);
  const form = { page: pathIn(language, paths.quote), language, sitePages, problems: words.formRefusals };
  if (language === DEFAULT_LANGUAGE) return createQuoteForm({ ...form, content: english });
  const products = quoteProducts(context, language);
  const content = quoteFormContentIn(words, {
    services: products.map(({ slug, title }) => ({ slug, title })),
    specs: Object.fromEntries(products.map((product) => [product.slug, product.spec])),
  });
  return createQuoteForm({ ...form, content: () => content, kept: english });
}

/**
 * The products a quote can be asked for: the services visitors see, with
 * their questions, named in the page's language (the owner's bindings and
 * materials too, where every one of a list is translated).
 */
export function quoteProducts(context: Context, language: Language): QuoteProduct[] {
  const shown = publishedServices(context);
  if (language === DEFAULT_LANGUAGE) {
    return shown.map((service) => ({ slug: service.slug, title: service.title, spec: quoteSpecOf(service) }));
  }
  const named = new Map(itemIn(context, "services", language).services.map((entry) => [entry.slug, entry]));
  return shown.map((service) => {
    const inLanguage = named.get(service.slug) ?? service;
    return { slug: service.slug, title: inLanguage.title, spec: namedSpec(quoteSpecOf(service), inLanguage) };
  });
}

/** A product's questions with its owner's lists named as the entry in another language names them, item for item. */
function namedSpec(spec: QuoteSpec, named: ServiceEntry): QuoteSpec {
  const names = (english: readonly string[], translated: readonly string[]) =>
    translated.length === english.length && translated.every(Boolean) ? { names: translated } : {};
  if (spec.group === "paper") return { ...spec, ...names(spec.bindings, named.bindings) };
  if (spec.group === "large-format") return { ...spec, ...names(spec.materials, named.materials) };
  return spec;
}
