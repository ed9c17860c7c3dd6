import { data } from "react-router";
import { FaqList } from "../components/sections/faq-list.tsx";
import { LegalText } from "../components/sections/legal-text.tsx";
import { PageBanner } from "../components/sections/page-banner.tsx";
import { faqItems } from "../content/faq.ts";
import { privacyPolicy, termsAndConditions } from "../content/legal.ts";
import { homeTrail } from "../content/navigation.ts";
import { pageText } from "../content/pages.ts";
import { isStaticPageSlug } from "../content/static-pages.ts";
import { buildMeta } from "../lib/meta.ts";
import { faqPage } from "../lib/structured-data.ts";
import type { Route } from "./+types/static-page";

export function loader({ params }: Route.LoaderArgs) {
  if (!isStaticPageSlug(params.page)) throw data(null, { status: 404 });
  return { page: params.page };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { page } = loaderData;
  return buildMeta({
    ...pageText[page],
    path: `/${page}`,
    trail: homeTrail,
    structuredData: page === "faq" ? [faqPage(faqItems)] : [],
  });
};

export default function StaticPage({ loaderData: { page } }: Route.ComponentProps) {
  return (
    <>
      <PageBanner heading={pageText[page].heading} trail={homeTrail} />
      {page === "faq" && <FaqList />}
      {page === "privacy" && <LegalText document={privacyPolicy} />}
      {page === "term" && <LegalText document={termsAndConditions} />}
    </>
  );
}
