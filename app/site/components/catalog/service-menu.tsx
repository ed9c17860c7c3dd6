import { type Service, serviceGroups, servicesInGroup } from "../../content/services.ts";
import { serviceUrl } from "../../content/urls.ts";
import { usePageLanguage } from "../../lib/language.tsx";
import { useServiceLinks } from "../../lib/service-links.tsx";
import { useWords } from "../../lib/words.tsx";
import { CurrentLink } from "../ui/current-link.tsx";

/**
 * The side menu of service pages: one <details> per group, sharing a name so the
 * browser keeps only one open, with no script. The group of the service shown
 * opens; without one, the first group does.
 */
export function ServiceMenu({ shown }: { shown?: Pick<Service, "slug" | "group"> }) {
  const openGroup = shown?.group ?? "paper-packaging";
  const { localPath } = usePageLanguage();
  const { navigation, catalog } = useWords();
  const currentPath = shown ? localPath(serviceUrl(shown.slug)) : "";
  const services = useServiceLinks();
  return (
    <nav className="service-menu" aria-label={catalog.serviceCategories}>
      {serviceGroups
        .filter((group) => servicesInGroup(services, group.id).length > 0)
        .map((group) => (
          <details key={group.id} name="service-groups" className="service-menu__group" open={group.id === openGroup}>
            <summary className="service-menu__summary">{navigation.groups[group.id]}</summary>
            <ul className="service-menu__list">
              {servicesInGroup(services, group.id).map((service) => (
                <li key={service.slug}>
                  <CurrentLink
                    to={localPath(serviceUrl(service.slug))}
                    currentPath={currentPath}
                    className="service-menu__link"
                  >
                    {service.title}
                  </CurrentLink>
                </li>
              ))}
            </ul>
          </details>
        ))}
    </nav>
  );
}
