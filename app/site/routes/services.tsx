import { ServiceCardGrid } from "../components/catalog/service-card.tsx";
import { PageBanner } from "../components/sections/page-banner.tsx";
import { serviceGroups, servicesInGroup } from "../content/services.ts";
import { paths } from "../content/urls.ts";
import { companyIn } from "../lib/company.tsx";
import { buildMeta } from "../lib/meta.ts";
import { metaWords, useTrails } from "../lib/page-words.ts";
import { serviceCardsIn } from "../lib/service-cards.server.ts";
import { pageLanguage } from "../lib/translations.server.ts";
import { useWords } from "../lib/words.tsx";
import type { Route } from "./+types/services";

export function loader({ context, request }: Route.LoaderArgs) {
  return { services: serviceCardsIn(context, pageLanguage(request, context)) };
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const { language, words, trails } = metaWords(location, matches);
  return buildMeta({ ...words.pages.services, path: paths.services, trail: trails.home, language }, companyIn(matches));
};

export default function Services({ loaderData: { services } }: Route.ComponentProps) {
  const { pages, navigation, catalog } = useWords();
  const groups = serviceGroups.filter((group) => servicesInGroup(services, group.id).length > 0);
  return (
    <>
      <PageBanner heading={pages.services.heading} trail={useTrails().home}>
        <p>{pages.services.description}</p>
      </PageBanner>
      <div className="container stack-xl section">
        {groups.map((group, index) => (
          <section key={group.id} id={group.id} aria-labelledby={`${group.id}-title`} className="service-group">
            <h2 id={`${group.id}-title`} className="section-title">
              {navigation.groups[group.id]}
            </h2>
            <p className="section-intro">{catalog.groupSummaries[group.id]}</p>
            <ServiceCardGrid services={servicesInGroup(services, group.id)} opensPage={index === 0} />
          </section>
        ))}
      </div>
    </>
  );
}
