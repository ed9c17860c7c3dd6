import { Island } from "../../islands/island.tsx";
import { issueFormToken } from "../../server/contact/form-token.server.ts";
import { type ContactFormOrigin, sourcePageOf } from "../../server/contact/submission.server.ts";
import { DEFAULT_LANGUAGE } from "../../server/content/languages.ts";
import { siteSettings } from "../../server/settings/site-settings.server.ts";
import { ContactForm } from "../components/contact/contact-form.tsx";
import { ContactSent } from "../components/contact/contact-sent.tsx";
import { PageBanner } from "../components/sections/page-banner.tsx";
import { ContactDetails } from "../components/ui/contact-details.tsx";
import { paths } from "../content/urls.ts";
import { wordsFor } from "../lib/catalogues.ts";
import { companyIn, useCompany } from "../lib/company.tsx";
import { answerInquiryForm, retryAfterHeaders, sentState } from "../lib/inquiry-form-route.server.ts";
import { contactFormIn, quoteProducts, sitePages } from "../lib/inquiry-forms.server.ts";
import { usePageLanguage } from "../lib/language.tsx";
import { buildMeta } from "../lib/meta.ts";
import { metaWords, useTrails } from "../lib/page-words.ts";
import { pageLanguage } from "../lib/translations.server.ts";
import { useWords } from "../lib/words.tsx";
import type { Route } from "./+types/contact";

/**
 * Rendered for each request (see server/http-app.ts): every form gets its own
 * signed start time. ?service={slug} fills in the subject; ?sent={reference}
 * is the thank-you state a successful form redirects to. The form carries the
 * service and the page of the site the visitor came from, for staff to see.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const language = pageLanguage(request, context);
  const query = new URL(request.url).searchParams;
  const sent = sentState(query);
  if (sent) return sent;
  const service = quoteProducts(context, language).find((entry) => entry.slug === query.get("service"));
  const sourcePage = sourcePageOf(request, sitePages);
  const origin: ContactFormOrigin | undefined =
    service || sourcePage
      ? { ...(service ? { service: service.slug } : {}), ...(sourcePage ? { sourcePage } : {}) }
      : undefined;
  return {
    state: "form" as const,
    subject: service ? wordsFor(language).contactPage.quoteSubject(service.title) : "",
    token: issueFormToken(siteSettings().form.secret),
    origin,
  };
}

export function action(args: Route.ActionArgs) {
  return answerInquiryForm(contactFormIn(pageLanguage(args.request, args.context)), args);
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ loaderData, location, matches }) => {
  const { language, words, trails } = metaWords(location, matches);
  const { contact } = words.pages;
  return loaderData?.state === "sent"
    ? // The thank-you state is for the visitor who just wrote, not for search results.
      buildMeta({ title: words.contactPage.sent.title, description: contact.description, language }, companyIn(matches))
    : buildMeta({ ...contact, path: paths.contact, trail: trails.home, language }, companyIn(matches));
};

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const company = useCompany();
  const { pages, contactPage: text, contactForm } = useWords();
  const { language, localPath } = usePageLanguage();
  return (
    <>
      <PageBanner heading={pages.contact.heading} trail={useTrails().home}>
        <p>{pages.contact.description}</p>
      </PageBanner>
      <div className="container section contact-layout">
        <section className="contact-info" aria-labelledby="reach-us">
          <h2 id="reach-us" className="section-title">
            {text.reachUs}
          </h2>
          <ContactDetails withWhatsApp />
          <p className="contact-info__hours">{text.hours(company.hours)}</p>
        </section>
        <section className="contact-form-panel" aria-labelledby="send-message">
          {loaderData.state === "sent" ? (
            <ContactSent
              reference={loaderData.reference}
              confirmationByEmail={loaderData.confirmationByEmail}
              words={text.sent}
              page={localPath(paths.contact)}
            />
          ) : (
            <>
              <h2 id="send-message" className="section-title">
                {text.sendMessage}
              </h2>
              <Island
                name="contact-form"
                component={ContactForm}
                props={{
                  subject: loaderData.subject,
                  token: actionData?.token ?? loaderData.token,
                  answer: actionData,
                  // The form shown again after a refusal was opened from where its post says.
                  origin: actionData ? actionData.origin : loaderData.origin,
                  // English is the island's own; another language's words come with the page.
                  ...(language === DEFAULT_LANGUAGE ? {} : { words: contactForm, page: localPath(paths.contact) }),
                }}
              />
            </>
          )}
        </section>
      </div>
    </>
  );
}
