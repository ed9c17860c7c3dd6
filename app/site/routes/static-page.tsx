import { data } from "react-router";
import { siteSettings } from "../../server/settings/site-settings.server.ts";
import { FaqList } from "../components/sections/faq-list.tsx";
import { LegalText } from "../components/sections/legal-text.tsx";
import { PageBanner } from "../components/sections/page-banner.tsx";
import { faqItems } from "../content/faq.ts";
import { privacyNotice, termsAndConditions } from "../content/legal.ts";
import { homeTrail } from "../content/navigation.ts";
import { pageText } from "../content/pages.ts";
import { isStaticPageSlug } from "../content/static-pages.ts";
import { companyIn } from "../lib/company.tsx";
import { buildMeta } from "../lib/meta.ts";
import { faqPage } from "../lib/structured-data.ts";
import type { Route } from "./+types/static-page";

export function loader({ params }: Route.LoaderArgs) {
  if (!isStaticPageSlug(params.page)) throw data(null, { status: 404 });
  if (params.page !== "privacy") return { page: params.page, privacy: null };
  // Rendered for each request (urls.ts): the notice states the settings this server runs with.
  const { retentionDays, mailTo } = siteSettings();
  return { page: params.page, privacy: privacyNotice({ retentionDays, mailTo }) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { page } = loaderData;
  return buildMeta(
    {
      ...pageText[page],
      path: `/${page}`,
      trail: homeTrail,
      structuredData: page === "faq" ? [faqPage(faqItems)] : [],
    },
    companyIn(matches),
  );
};

export default function StaticPage({ loaderData: { page, privacy } }: Route.ComponentProps) {
  return (
    <>
      <PageBanner heading={pageText[page].heading} trail={homeTrail} />
      {page === "faq" && <FaqList />}
      {privacy && <LegalText document={privacy} />}
      {page === "term" && <LegalText document={termsAndConditions} />}
    </>
  );
}
