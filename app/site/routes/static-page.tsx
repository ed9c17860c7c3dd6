import { data } from "react-router";
import { markdownBlocks, markdownPlainText } from "../../server/content/markdown.ts";
import { siteSettings } from "../../server/settings/site-settings.server.ts";
import { FaqList } from "../components/sections/faq-list.tsx";
import { LegalText } from "../components/sections/legal-text.tsx";
import { PageBanner } from "../components/sections/page-banner.tsx";
import { faqSeed } from "../content/faq.ts";
import { type LegalDocument, privacyDocument, privacySeed, termsSeed } from "../content/legal.ts";
import { homeTrail } from "../content/navigation.ts";
import { pageText } from "../content/pages.ts";
import { companySeed } from "../content/site.ts";
import { isStaticPageSlug } from "../content/static-pages.ts";
import { companyIn } from "../lib/company.tsx";
import { buildMeta } from "../lib/meta.ts";
import { publishedItem } from "../lib/published.server.ts";
import { faqPage } from "../lib/structured-data.ts";
import type { Route } from "./+types/static-page";

/** A legal page's sections with their Markdown read into blocks, for the page to render. */
const shown = (document: LegalDocument) => ({
  ...document,
  sections: document.sections.map((section) => ({ heading: section.heading, body: markdownBlocks(section.body) })),
});

export function loader({ params, context }: Route.LoaderArgs) {
  const { page } = params;
  if (!isStaticPageSlug(page)) throw data(null, { status: 404 });
  if (page === "faq") {
    const { questions } = publishedItem(context, "faq", faqSeed);
    const faq = questions.map((item) => ({ question: item.question, answer: markdownBlocks(item.answer) }));
    const answers = questions.map((item) => ({ question: item.question, answer: markdownPlainText(item.answer) }));
    return { page, faq, answers, legal: null };
  }
  if (page === "term")
    return { page, faq: null, answers: [], legal: shown(publishedItem(context, "terms", termsSeed)) };
  // Rendered for each request (urls.ts): the notice states the settings this server runs with.
  const { retentionDays, mailTo } = siteSettings();
  const notice = publishedItem(context, "privacy", privacySeed);
  const company = publishedItem(context, "company", companySeed);
  return { page, faq: null, answers: [], legal: shown(privacyDocument(notice, { retentionDays, mailTo }, company)) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { page } = loaderData;
  return buildMeta(
    {
      ...pageText[page],
      path: `/${page}`,
      trail: homeTrail,
      structuredData: page === "faq" ? [faqPage(loaderData.answers)] : [],
    },
    companyIn(matches),
  );
};

export default function StaticPage({ loaderData: { page, faq, legal } }: Route.ComponentProps) {
  return (
    <>
      <PageBanner heading={pageText[page].heading} trail={homeTrail} />
      {faq && <FaqList faqItems={faq} />}
      {legal && <LegalText document={legal} />}
    </>
  );
}
