import { data, isRouteErrorResponse, redirect } from "react-router";
import { ServiceImage } from "../components/catalog/service-image.tsx";
import { ServiceMenu } from "../components/catalog/service-menu.tsx";
import { PageBanner } from "../components/sections/page-banner.tsx";
import { ErrorPanel } from "../components/status/error-panel.tsx";
import { NotFoundPanel } from "../components/status/not-found-panel.tsx";
import { Icon } from "../components/ui/icon.tsx";
import { homeTrail, servicesTrail } from "../content/navigation.ts";
import { pageText } from "../content/pages.ts";
import { serviceDetails } from "../content/service-details.ts";
import { findGroup, findService } from "../content/services.ts";
import { quoteUrl, serviceUrl } from "../content/urls.ts";
import { companyIn } from "../lib/company.tsx";
import { legacyRedirectTarget } from "../lib/legacy-redirects.ts";
import { buildMeta } from "../lib/meta.ts";
import { serviceData } from "../lib/structured-data.ts";
import type { Route } from "./+types/service-detail";

export function loader({ params, request }: Route.LoaderArgs) {
  const service = findService(params.type);
  if (service) return { slug: service.slug };
  const target = legacyRedirectTarget(new URL(request.url).pathname);
  if (target) throw redirect(target, 301);
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const service = loaderData && findService(loaderData.slug);
  if (!service) return buildMeta(pageText.notFound, companyIn(matches));
  const details = serviceDetails[service.slug];
  const path = serviceUrl(service.slug);
  return buildMeta(
    {
      title: service.title,
      description: details.description,
      path,
      trail: servicesTrail,
      structuredData: [serviceData(service, details, path, companyIn(matches))],
    },
    companyIn(matches),
  );
};

export default function ServiceDetail({ loaderData }: Route.ComponentProps) {
  const service = findService(loaderData.slug);
  if (!service) throw new Error(`Service ${loaderData.slug} is missing from the catalog`);
  const details = serviceDetails[service.slug];
  return (
    <>
      <PageBanner heading={service.title} trail={servicesTrail}>
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
          <p className="service-detail__group">{findGroup(service.group).title}</p>
          <p className="service-detail__lead">{details.description}</p>
          <div className="service-detail__lists">
            <CheckListSection id="features" title="Key features" items={details.features} />
            <CheckListSection id="uses" title="Typical uses" items={details.uses} />
          </div>
          <a href={quoteUrl(service.slug)} className="button button--primary">
            Get a quote <Icon name="arrow-right" size={18} />
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
  if (!isRouteErrorResponse(error) || error.status !== 404) {
    return <ErrorPanel status={isRouteErrorResponse(error) ? error.status : 500} />;
  }
  return (
    <>
      <PageBanner heading="Services" trail={homeTrail} />
      <div className="container section service-layout">
        <ServiceMenu />
        <NotFoundPanel headingLevel={2} />
      </div>
    </>
  );
}
