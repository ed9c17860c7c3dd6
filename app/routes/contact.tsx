import { ContactForm } from "../components/sections/contact-form.tsx";
import { PageBanner } from "../components/sections/page-banner.tsx";
import { ContactDetails } from "../components/ui/contact-details.tsx";
import { pageText } from "../content/pages.ts";
import { site } from "../content/site.ts";
import { buildMeta } from "../lib/meta.ts";
import { paths } from "../lib/urls.ts";
import type { Route } from "./+types/contact";
import "../styles/contact.css";

export const meta: Route.MetaFunction = () => buildMeta({ ...pageText.contact, path: paths.contact });

export default function Contact() {
  return (
    <>
      <PageBanner heading={pageText.contact.heading} trail={[{ label: "Home", to: paths.home }]}>
        <p>{pageText.contact.description}</p>
      </PageBanner>
      <div className="container section contact-layout">
        <section className="contact-info" aria-labelledby="reach-us">
          <h2 id="reach-us" className="section-title">
            Reach us
          </h2>
          <ContactDetails withWhatsApp />
          <p className="contact-info__hours">Open {site.hours}.</p>
        </section>
        <section className="contact-form-panel" aria-labelledby="send-message">
          <h2 id="send-message" className="section-title">
            Send us a message
          </h2>
          <ContactForm />
        </section>
      </div>
    </>
  );
}
