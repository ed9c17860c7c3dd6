import { data } from "react-router";
import { markdownBlocks, markdownPlainText } from "../../server/content/markdown.ts";
import { siteSettings } from "../../server/settings/site-settings.server.ts";
import { FaqList } from "../components/sections/faq-list.tsx";
import { LegalText } from "../components/sections/legal-text.tsx";
import { PageBanner } from "../components/sections/page-banner.tsx";
import { type LegalDocument, privacyDocument } from "../content/legal.ts";
import { companySeed } from "../content/site.ts";
import { isStaticPageSlug } from "../content/static-pages.ts";
import { companyIn } from "../lib/company.tsx";
import { buildMeta } from "../lib/meta.ts";
import { metaWords, useTrails } from "../lib/page-words.ts";
import { publishedItem } from "../lib/published.server.ts";
import { faqPage } from "../lib/structured-data.ts";
import { itemIn, pageLanguage } from "../lib/translations.server.ts";
import { useWords } from "../lib/words.tsx";
import type { Route } from "./+types/static-page";

/** A legal page's sections with their Markdown read into blocks, for the page to render. */
const shown = (document: LegalDocument) => ({
  ...document,
  sections: document.sections.map((section) => ({ heading: section.heading, body: markdownBlocks(section.body) })),
});

export function loader({ params, context, request }: Route.LoaderArgs) {
  const { page } = params;
  if (!isStaticPageSlug(page)) throw data(null, { status: 404 });
  // The legal texts wait for the lawyer before they are translated: until then they have no Hindi address.
  const language = pageLanguage(request, context);
  if (page === "faq") {
    const { questions } = itemIn(context, "faq", language);
    const faq = questions.map((item) => ({ question: item.question, answer: markdownBlocks(item.answer) }));
    const answers = questions.map((item) => ({ question: item.question, answer: markdownPlainText(item.answer) }));
    return { page, faq, answers, legal: null };
  }
  if (page === "term") return { page, faq: null, answers: [], legal: shown(itemIn(context, "terms", language)) };
  // Rendered for each request (urls.ts): the notice states the settings this server runs with.
  const { retentionDays, mailTo } = siteSettings();
  const notice = itemIn(context, "privacy", language);
  const company = publishedItem(context, "company", companySeed);
  return { page, faq: null, answers: [], legal: shown(privacyDocument(notice, { retentionDays, mailTo }, company)) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  if (!loaderData) return [];
  const { page } = loaderData;
  const { language, words, trails } = metaWords(location, matches);
  return buildMeta(
    {
      ...words.pages[page],
      path: `/${page}`,
      trail: trails.home,
      language,
      structuredData: page === "faq" ? [faqPage(loaderData.answers)] : [],
    },
    companyIn(matches),
  );
};

export default function StaticPage({ loaderData: { page, faq, legal } }: Route.ComponentProps) {
  const { pages } = useWords();
  return (
    <>
      <PageBanner heading={pages[page].heading} trail={useTrails().home} />
      {faq && <FaqList faqItems={faq} />}
      {legal && <LegalText document={legal} />}
    </>
  );
}
