import { Island } from "../../islands/island.tsx";
import { issueFormToken } from "../../server/contact/form-token.server.ts";
import { type ContactFormOrigin, sourcePageOf } from "../../server/contact/submission.server.ts";
import { siteSettings } from "../../server/settings/site-settings.server.ts";
import { ContactForm } from "../components/contact/contact-form.tsx";
import { ContactSent } from "../components/contact/contact-sent.tsx";
import { PageBanner } from "../components/sections/page-banner.tsx";
import { ContactDetails } from "../components/ui/contact-details.tsx";
import { contactFormText } from "../content/contact-form.ts";
import { homeTrail } from "../content/navigation.ts";
import { pageText } from "../content/pages.ts";
import { paths } from "../content/urls.ts";
import { companyIn, useCompany } from "../lib/company.tsx";
import { answerInquiryForm, retryAfterHeaders, sentState } from "../lib/inquiry-form-route.server.ts";
import { contactForm, sitePages } from "../lib/inquiry-forms.server.ts";
import { buildMeta } from "../lib/meta.ts";
import { publishedServices } from "../lib/published.server.ts";
import type { Route } from "./+types/contact";

/**
 * Rendered for each request (see server/http-app.ts): every form gets its own
 * signed start time. ?service={slug} fills in the subject; ?sent={reference}
 * is the thank-you state a successful form redirects to. The form carries the
 * service and the page of the site the visitor came from, for staff to see.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const sent = sentState(query);
  if (sent) return sent;
  const service = publishedServices(context).find((entry) => entry.slug === query.get("service"));
  const sourcePage = sourcePageOf(request, sitePages);
  const origin: ContactFormOrigin | undefined =
    service || sourcePage
      ? { ...(service ? { service: service.slug } : {}), ...(sourcePage ? { sourcePage } : {}) }
      : undefined;
  return {
    state: "form" as const,
    subject: service ? contactFormText.quoteSubject(service.title) : "",
    token: issueFormToken(siteSettings().form.secret),
    origin,
  };
}

export function action(args: Route.ActionArgs) {
  return answerInquiryForm(contactForm, args);
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData?.state === "sent"
    ? // The thank-you state is for the visitor who just wrote, not for search results.
      buildMeta({ title: contactFormText.sent.title, description: pageText.contact.description }, companyIn(matches))
    : buildMeta({ ...pageText.contact, path: paths.contact, trail: homeTrail }, companyIn(matches));

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const company = useCompany();
  return (
    <>
      <PageBanner heading={pageText.contact.heading} trail={homeTrail}>
        <p>{pageText.contact.description}</p>
      </PageBanner>
      <div className="container section contact-layout">
        <section className="contact-info" aria-labelledby="reach-us">
          <h2 id="reach-us" className="section-title">
            Reach us
          </h2>
          <ContactDetails withWhatsApp />
          <p className="contact-info__hours">Open {company.hours}.</p>
        </section>
        <section className="contact-form-panel" aria-labelledby="send-message">
          {loaderData.state === "sent" ? (
            <ContactSent reference={loaderData.reference} confirmationByEmail={loaderData.confirmationByEmail} />
          ) : (
            <>
              <h2 id="send-message" className="section-title">
                Send us a message
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
                }}
              />
            </>
          )}
        </section>
      </div>
    </>
  );
}
