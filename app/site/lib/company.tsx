import { createContext, type ReactNode, useContext } from "react";
import type { CompanySettings } from "../../server/content/company-item.ts";
import { companySeed } from "../content/site.ts";

/**
 * The company's details a page is rendered with: the published version the
 * server hands the root's loader, or the one a preview shows. Without one (the
 * build's prerendering, a component test), the details in the site's files.
 */
const CompanyContext = createContext<CompanySettings>(companySeed);

export function CompanyProvider({
  company,
  children,
}: {
  company: CompanySettings | null | undefined;
  children: ReactNode;
}) {
  return <CompanyContext value={company ?? companySeed}>{children}</CompanyContext>;
}

export function useCompany(): CompanySettings {
  return useContext(CompanyContext);
}

/** The same, for a route's meta function, from the root's loader data among its matches. */
export function companyIn(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): CompanySettings {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { company?: CompanySettings } | undefined;
  return root?.company ?? companySeed;
}
