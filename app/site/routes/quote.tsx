import { Island } from "../../islands/island.tsx";
import { issueFormToken } from "../../server/contact/form-token.server.ts";
import { sourcePageOf } from "../../server/contact/submission.server.ts";
import { quoteSpecOf } from "../../server/content/services-item.ts";
import { siteSettings } from "../../server/settings/site-settings.server.ts";
import { ContactSent } from "../components/contact/contact-sent.tsx";
import { ProductPicker } from "../components/quote/product-picker.tsx";
import { QuoteForm, type QuoteProduct } from "../components/quote/quote-form.tsx";
import { PageBanner } from "../components/sections/page-banner.tsx";
import { homeTrail } from "../content/navigation.ts";
import { quoteFormText as text } from "../content/quote-form.ts";
import { paths } from "../content/urls.ts";
import { companyIn } from "../lib/company.tsx";
import { answerInquiryForm, retryAfterHeaders, sentState } from "../lib/inquiry-form-route.server.ts";
import { quoteForm, sitePages } from "../lib/inquiry-forms.server.ts";
import { buildMeta } from "../lib/meta.ts";
import { publishedServices } from "../lib/published.server.ts";
import type { Route } from "./+types/quote";

/**
 * Rendered for each request, like the contact page: ?service={slug} chooses
 * the product whose questions the form asks; without one, the visitor picks
 * it first. ?sent={reference} is the thank-you state.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const sent = sentState(query);
  if (sent) return sent;
  const products = quoteProducts(context);
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

/** The products a quote can be asked for: the services visitors see, with their questions. */
function quoteProducts(context: Route.LoaderArgs["context"]): QuoteProduct[] {
  return publishedServices(context).map((service) => ({
    slug: service.slug,
    title: service.title,
    spec: quoteSpecOf(service),
  }));
}

/** What the form says about files, and checks before sending one; undefined when the site takes none. */
function artworkLimits() {
  const uploads = siteSettings().uploads;
  return uploads && { maxFiles: uploads.maxFiles, maxFileBytes: uploads.maxFileBytes };
}

export function action(args: Route.ActionArgs) {
  return answerInquiryForm(quoteForm, args);
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData?.state === "sent"
    ? buildMeta({ title: text.sent.title, description: text.description }, companyIn(matches))
    : buildMeta(
        { title: text.title, description: text.description, path: paths.quote, trail: homeTrail },
        companyIn(matches),
      );

export default function Quote({ loaderData, actionData }: Route.ComponentProps) {
  // A refused form is shown again for the product it was sent for.
  const products = loaderData.state === "sent" ? [] : loaderData.products;
  const wanted = actionData?.values.service ?? (loaderData.state === "form" ? loaderData.product.slug : "");
  const service = products.find((product) => product.slug === wanted);
  return (
    <>
      <PageBanner heading={text.heading} trail={homeTrail}>
        <p>{text.description}</p>
      </PageBanner>
      <div className="container section quote-layout">
        <section className="quote-panel" aria-labelledby="quote-form">
          {loaderData.state === "sent" ? (
            <ContactSent
              reference={loaderData.reference}
              confirmationByEmail={loaderData.confirmationByEmail}
              form={{ words: text.sent, page: paths.quote }}
            />
          ) : service ? (
            <>
              <h2 id="quote-form" className="section-title">
                {service.title}
              </h2>
              <p>
                <a href={paths.quote}>{text.otherProduct}</a>
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
