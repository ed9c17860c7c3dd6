import { createContext, type ReactNode, useContext } from "react";
import { type ServiceLink, services } from "../content/services.ts";

/** The links of the site's files' services, for a page rendered without a publication (the build, a test). */
const seedLinks: readonly ServiceLink[] = services.map(({ slug, title, group }) => ({ slug, title, group }));

/**
 * The services the frame's menus and the footer list: the published catalog's,
 * which the root's loader hands the layout, else the site's files'.
 */
const ServiceLinksContext = createContext<readonly ServiceLink[]>(seedLinks);

export function ServiceLinksProvider({
  links,
  children,
}: {
  links: readonly ServiceLink[] | null | undefined;
  children: ReactNode;
}) {
  return <ServiceLinksContext value={links ?? seedLinks}>{children}</ServiceLinksContext>;
}

export function useServiceLinks(): readonly ServiceLink[] {
  return useContext(ServiceLinksContext);
}
