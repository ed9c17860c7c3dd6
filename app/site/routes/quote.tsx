import { Island } from "../../islands/island.tsx";
import { issueFormToken } from "../../server/contact/form-token.server.ts";
import { sourcePageOf } from "../../server/contact/submission.server.ts";
import { DEFAULT_LANGUAGE } from "../../server/content/languages.ts";
import { siteSettings } from "../../server/settings/site-settings.server.ts";
import { ContactSent } from "../components/contact/contact-sent.tsx";
import { ProductPicker } from "../components/quote/product-picker.tsx";
import { QuoteForm } from "../components/quote/quote-form.tsx";
import { PageBanner } from "../components/sections/page-banner.tsx";
import { paths } from "../content/urls.ts";
import { companyIn } from "../lib/company.tsx";
import { answerInquiryForm, retryAfterHeaders, sentState } from "../lib/inquiry-form-route.server.ts";
import { quoteFormIn, quoteProducts, sitePages } from "../lib/inquiry-forms.server.ts";
import { usePageLanguage } from "../lib/language.tsx";
import { buildMeta } from "../lib/meta.ts";
import { metaWords, useTrails } from "../lib/page-words.ts";
import { pageLanguage } from "../lib/translations.server.ts";
import { useWords } from "../lib/words.tsx";
import type { Route } from "./+types/quote";

/**
 * Rendered for each request, like the contact page: ?service={slug} chooses
 * the product whose questions the form asks; without one, the visitor picks
 * it first. ?sent={reference} is the thank-you state.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const language = pageLanguage(request, context);
  const query = new URL(request.url).searchParams;
  const sent = sentState(query);
  if (sent) return sent;
  const products = quoteProducts(context, language);
  const product = products.find((entry) => entry.slug === query.get("service"));
  if (!product) return { state: "pick" as const, products };
  return {
    state: "form" as const,
    products,
    product,
    token: issueFormToken(siteSettings().form.secret),
    sourcePage: sourcePageOf(request, sitePages),
    artwork: artworkLimits(),
  };
}

/** What the form says about files, and checks before sending one; undefined when the site takes none. */
function artworkLimits() {
  const uploads = siteSettings().uploads;
  return uploads && { maxFiles: uploads.maxFiles, maxFileBytes: uploads.maxFileBytes };
}

export function action({ request, context }: Route.ActionArgs) {
  return answerInquiryForm(quoteFormIn(pageLanguage(request, context), context), { request, context });
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ loaderData, location, matches }) => {
  const { language, words, trails } = metaWords(location, matches);
  const { title, description, sent } = words.quotePage;
  return loaderData?.state === "sent"
    ? buildMeta({ title: sent.title, description, language }, companyIn(matches))
    : buildMeta({ title, description, path: paths.quote, trail: trails.home, language }, companyIn(matches));
};

export default function Quote({ loaderData, actionData }: Route.ComponentProps) {
  const { quotePage: text, quoteForm, contactForm, artwork } = useWords();
  const { language, localPath } = usePageLanguage();
  const page = localPath(paths.quote);
  // A refused form is shown again for the product it was sent for.
  const products = loaderData.state === "sent" ? [] : loaderData.products;
  const wanted = actionData?.values.service ?? (loaderData.state === "form" ? loaderData.product.slug : "");
  const service = products.find((product) => product.slug === wanted);
  return (
    <>
      <PageBanner heading={text.heading} trail={useTrails().home}>
        <p>{text.description}</p>
      </PageBanner>
      <div className="container section quote-layout">
        <section className="quote-panel" aria-labelledby="quote-form">
          {loaderData.state === "sent" ? (
            <ContactSent
              reference={loaderData.reference}
              confirmationByEmail={loaderData.confirmationByEmail}
              words={text.sent}
              page={page}
            />
          ) : service ? (
            <>
              <h2 id="quote-form" className="section-title">
                {service.title}
              </h2>
              <p>
                <a href={page}>{text.otherProduct}</a>
              </p>
              <Island
                name="quote-form"
                component={QuoteForm}
                props={{
                  product: service,
                  token: actionData?.token ?? (loaderData.state === "form" ? loaderData.token : ""),
                  answer: actionData && {
                    ...actionData,
                    files: actionData.files?.map(({ id, name, size }) => ({ id, name, size })),
                  },
                  artwork: loaderData.state === "form" ? loaderData.artwork : undefined,
                  sourcePage:
                    actionData?.origin?.sourcePage ?? (loaderData.state === "form" ? loaderData.sourcePage : undefined),
                  // English is the island's own; another language's words come with the page.
                  ...(language === DEFAULT_LANGUAGE ? {} : { words: { quoteForm, contactForm, artwork }, page }),
                }}
              />
            </>
          ) : (
            <>
              <h2 id="quote-form" className="section-title">
                {text.chooseProduct}
              </h2>
              <ProductPicker />
            </>
          )}
        </section>
      </div>
    </>
  );
}
