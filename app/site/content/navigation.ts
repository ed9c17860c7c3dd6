import { type ServiceLink, serviceGroups, servicesInGroup } from "./services.ts";
import { paths, serviceUrl } from "./urls.ts";

export type NavLink = { label: string; to: string };
export type NavGroup = { id: string; label: string; links: NavLink[] };
export type NavMenu = { id: string; label: string; links: NavLink[]; groups: NavGroup[] };
export type NavEntry = NavLink | NavMenu;

export function isNavMenu(entry: NavEntry): entry is NavMenu {
  return "groups" in entry;
}

/** The services' links by group, as the header's menu shows them; a group without services is left out. */
function serviceLinkGroups(services: readonly ServiceLink[]): NavGroup[] {
  return serviceGroups
    .map((group) => ({
      id: group.id,
      label: group.title,
      links: servicesInGroup(services, group.id).map((service) => ({
        label: service.title,
        to: serviceUrl(service.slug),
      })),
    }))
    .filter((group) => group.links.length > 0);
}

/** The header's navigation, its menu listing the services visitors see. */
export function mainNavigation(services: readonly ServiceLink[]): NavEntry[] {
  return [
    { label: "Home", to: paths.home },
    { label: "About", to: paths.about },
    {
      id: "services",
      label: "Services",
      links: [{ label: "All Services", to: paths.services }],
      groups: serviceLinkGroups(services),
    },
    { label: "Contact", to: paths.contact },
  ];
}

export function footerServiceLinks(services: readonly ServiceLink[]): NavLink[] {
  return serviceLinkGroups(services).flatMap((group) => group.links);
}

export const footerLinks: NavLink[] = [
  { label: "Home", to: paths.home },
  { label: "About Us", to: paths.about },
  { label: "Privacy", to: paths.privacy },
  { label: "FAQ", to: paths.faq },
  { label: "Contact", to: paths.contact },
  { label: "Term and Condition", to: paths.terms },
];

/** Breadcrumb trails: the pages above an inner page. */
export const homeTrail: NavLink[] = [{ label: "Home", to: paths.home }];
export const servicesTrail: NavLink[] = [...homeTrail, { label: "All Services", to: paths.services }];
