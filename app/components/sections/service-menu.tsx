import { type ServiceGroupId, serviceGroups, servicesInGroup } from "../../content/services.ts";
import { serviceUrl } from "../../lib/urls.ts";
import { CurrentLink } from "../ui/current-link.tsx";

/**
 * The side menu of service pages: one <details> per group, sharing a name so the
 * browser keeps only one open, with no script. The group of the service shown
 * opens; without one, the first group does.
 */
export function ServiceMenu({ openGroup = "paper-packaging" }: { openGroup?: ServiceGroupId }) {
  return (
    <nav className="service-menu" aria-label="Service categories">
      {serviceGroups.map((group) => (
        <details key={group.id} name="service-groups" className="service-menu__group" open={group.id === openGroup}>
          <summary className="service-menu__summary">{group.title}</summary>
          <ul className="service-menu__list">
            {servicesInGroup(group.id).map((service) => (
              <li key={service.slug}>
                <CurrentLink to={serviceUrl(service.slug)} className="service-menu__link">
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
