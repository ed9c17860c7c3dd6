import { createQuoteForm } from "../../server/contact/quote-form.server.ts";
import { createContactForm } from "../../server/contact/submission.server.ts";
import { siteServices } from "../../server/site-services.server.ts";
import { contactFieldProblems, contactFormProblems } from "../content/contact-form.ts";
import { pagePaths, paths } from "../content/urls.ts";

/** The pages a visitor may open a form from: the site's own, as its page list names them. */
export const sitePages: readonly string[] = pagePaths();

/** The site's two inquiry forms, on their pages and in the site's words. */
export const contactForm = createContactForm({
  page: paths.contact,
  sitePages,
  problems: contactFormProblems,
  fieldProblems: contactFieldProblems,
});

export const quoteForm = createQuoteForm({
  page: paths.quote,
  sitePages,
  problems: contactFormProblems,
  content: () => siteServices().content.quoteForm,
});
