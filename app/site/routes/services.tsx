import { ServiceCardGrid } from "../components/catalog/service-card.tsx";
import { PageBanner } from "../components/sections/page-banner.tsx";
import { homeTrail } from "../content/navigation.ts";
import { pageText } from "../content/pages.ts";
import { serviceGroups, servicesInGroup } from "../content/services.ts";
import { paths } from "../content/urls.ts";
import { companyIn } from "../lib/company.tsx";
import { buildMeta } from "../lib/meta.ts";
import { shownServiceCards } from "../lib/published.server.ts";
import type { Route } from "./+types/services";

export function loader({ context }: Route.LoaderArgs) {
  return { services: shownServiceCards(context) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  buildMeta({ ...pageText.services, path: paths.services, trail: homeTrail }, companyIn(matches));

export default function Services({ loaderData: { services } }: Route.ComponentProps) {
  const groups = serviceGroups.filter((group) => servicesInGroup(services, group.id).length > 0);
  return (
    <>
      <PageBanner heading={pageText.services.heading} trail={homeTrail}>
        <p>{pageText.services.description}</p>
      </PageBanner>
      <div className="container stack-xl section">
        {groups.map((group, index) => (
          <section key={group.id} id={group.id} aria-labelledby={`${group.id}-title`} className="service-group">
            <h2 id={`${group.id}-title`} className="section-title">
              {group.title}
            </h2>
            <p className="section-intro">{group.summary}</p>
            <ServiceCardGrid services={servicesInGroup(services, group.id)} opensPage={index === 0} />
          </section>
        ))}
      </div>
    </>
  );
}
