import type { ServiceGroupId } from "../../server/content/services-item.ts";
import { type ServiceLink, serviceGroups, servicesInGroup } from "./services.ts";
import { paths, serviceUrl } from "./urls.ts";

export type NavLink = { label: string; to: string };
export type NavGroup = { id: string; label: string; links: NavLink[] };
export type NavMenu = { id: string; label: string; links: NavLink[]; groups: NavGroup[] };
export type NavEntry = NavLink | NavMenu;

/** The words of the menus, the footer's links and the breadcrumbs. */
export const navigationWords = {
  home: "Home",
  about: "About",
  aboutUs: "About Us",
  services: "Services",
  allServices: "All Services",
  contact: "Contact",
  privacy: "Privacy",
  faq: "FAQ",
  terms: "Term and Condition",
  menu: "Menu",
  mainMenu: "Main",
  quote: "Get a quote",
  groups: Object.fromEntries(serviceGroups.map((group) => [group.id, group.title])) as Record<ServiceGroupId, string>,
};

export type NavigationWords = typeof navigationWords;

export function isNavMenu(entry: NavEntry): entry is NavMenu {
  return "groups" in entry;
}

/** The services' links by group, as the header's menu shows them; a group without services is left out. */
function serviceLinkGroups(services: readonly ServiceLink[], words: NavigationWords): NavGroup[] {
  return serviceGroups
    .map((group) => ({
      id: group.id,
      label: words.groups[group.id],
      links: servicesInGroup(services, group.id).map((service) => ({
        label: service.title,
        to: serviceUrl(service.slug),
      })),
    }))
    .filter((group) => group.links.length > 0);
}

/** The header's navigation, its menu listing the services visitors see. */
export function mainNavigation(services: readonly ServiceLink[], words: NavigationWords = navigationWords): NavEntry[] {
  return [
    { label: words.home, to: paths.home },
    { label: words.about, to: paths.about },
    {
      id: "services",
      label: words.services,
      links: [{ label: words.allServices, to: paths.services }],
      groups: serviceLinkGroups(services, words),
    },
    { label: words.contact, to: paths.contact },
  ];
}

export function footerServiceLinks(services: readonly ServiceLink[], words: NavigationWords): NavLink[] {
  return serviceLinkGroups(services, words).flatMap((group) => group.links);
}

export function footerLinks(words: NavigationWords): NavLink[] {
  return [
    { label: words.home, to: paths.home },
    { label: words.aboutUs, to: paths.about },
    { label: words.privacy, to: paths.privacy },
    { label: words.faq, to: paths.faq },
    { label: words.contact, to: paths.contact },
    { label: words.terms, to: paths.terms },
  ];
}

/** Breadcrumb trails: the pages above an inner page, in a page's words and with its links (`localPath`). */
export function trailsIn(words: NavigationWords, localPath: (to: string) => string = (to) => to) {
  const home: NavLink[] = [{ label: words.home, to: localPath(paths.home) }];
  return { home, services: [...home, { label: words.allServices, to: localPath(paths.services) }] };
}

export const { home: homeTrail, services: servicesTrail } = trailsIn(navigationWords);
