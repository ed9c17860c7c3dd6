import { data, isRouteErrorResponse, redirect } from "react-router";
import { pathIn } from "../../server/content/languages.ts";
import { markdownBlocks, markdownPlainText } from "../../server/content/markdown.ts";
import { ServiceImage } from "../components/catalog/service-image.tsx";
import { ServiceMenu } from "../components/catalog/service-menu.tsx";
import { PageBanner } from "../components/sections/page-banner.tsx";
import { ErrorPanel } from "../components/status/error-panel.tsx";
import { NotFoundPanel } from "../components/status/not-found-panel.tsx";
import { Icon } from "../components/ui/icon.tsx";
import { MarkdownBlocks } from "../components/ui/markdown-blocks.tsx";
import { quoteUrl, serviceUrl } from "../content/urls.ts";
import { companyIn } from "../lib/company.tsx";
import { usePageLanguage } from "../lib/language.tsx";
import { legacyRedirectTarget } from "../lib/legacy-redirects.ts";
import { buildMeta } from "../lib/meta.ts";
import { metaWords, useTrails } from "../lib/page-words.ts";
import { serviceShown } from "../lib/published.server.ts";
import { servicesIn } from "../lib/service-cards.server.ts";
import { serviceData } from "../lib/structured-data.ts";
import { pageLanguage } from "../lib/translations.server.ts";
import { useWords } from "../lib/words.tsx";
import type { Route } from "./+types/service-detail";

export function loader({ params, request, context }: Route.LoaderArgs) {
  const entry = servicesIn(context, pageLanguage(request, context)).find((service) => service.slug === params.type);
  if (entry) {
    return {
      service: serviceShown(context, entry),
      description: markdownBlocks(entry.description),
      summary: markdownPlainText(entry.description),
      features: entry.features,
      uses: entry.uses,
    };
  }
  const target = legacyRedirectTarget(new URL(request.url).pathname);
  if (target) throw redirect(target, 301);
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const { language, words, trails } = metaWords(location, matches);
  const company = companyIn(matches);
  if (!loaderData) return buildMeta(words.pages.notFound, company);
  const { service, summary } = loaderData;
  const path = serviceUrl(service.slug);
  return buildMeta(
    {
      title: service.title,
      description: summary,
      path,
      trail: trails.services,
      language,
      structuredData: [serviceData(service, summary, pathIn(language, path), company)],
    },
    company,
  );
};

export default function ServiceDetail({ loaderData }: Route.ComponentProps) {
  const { service, description, features, uses } = loaderData;
  const { navigation, catalog } = useWords();
  const { localPath } = usePageLanguage();
  return (
    <>
      <PageBanner heading={service.title} trail={useTrails().services}>
        <p>{service.short}</p>
      </PageBanner>
      {/*
        The page's own content comes first in the HTML, as a phone shows it: a side
        menu before it would be painted while the rest still arrives, then pushed down.
      */}
      <div className="container section service-layout">
        <article className="service-detail">
          <ServiceImage
            service={service}
            className="service-detail__image"
            sizes={pageImageSizes}
            priority="first-view"
          />
          <p className="service-detail__group">{navigation.groups[service.group]}</p>
          <div className="service-detail__lead">
            <MarkdownBlocks blocks={description} />
          </div>
          <div className="service-detail__lists">
            {features.length > 0 && <CheckListSection id="features" title={catalog.keyFeatures} items={features} />}
            {uses.length > 0 && <CheckListSection id="uses" title={catalog.typicalUses} items={uses} />}
          </div>
          <a href={localPath(quoteUrl(service.slug))} className="button button--primary">
            {catalog.getQuote} <Icon name="arrow-right" size={18} />
          </a>
        </article>
        <ServiceMenu shown={service} />
      </div>
    </>
  );
}

/**
 * How wide the page's picture is (service-detail.css: the container's width,
 * at most 40rem; beside the 18rem side menu and its 2rem gap from 56em).
 */
const pageImageSizes =
  "(min-width: 64em) 40rem, (min-width: 56em) calc(100vw - 24rem), (min-width: 42em) 40rem, calc(100vw - 2rem)";

function CheckListSection({ id, title, items }: { id: string; title: string; items: readonly string[] }) {
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <ul className="check-list">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

/** An unknown service keeps the side menu, so the visitor can pick a real one. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { navigation } = useWords();
  const trails = useTrails();
  if (!isRouteErrorResponse(error) || error.status !== 404) {
    return <ErrorPanel status={isRouteErrorResponse(error) ? error.status : 500} />;
  }
  return (
    <>
      <PageBanner heading={navigation.services} trail={trails.home} />
      <div className="container section service-layout">
        <ServiceMenu />
        <NotFoundPanel headingLevel={2} />
      </div>
    </>
  );
}
