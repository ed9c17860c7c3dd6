import type { CompanyDetails } from "./company.ts";
import type { StaffLinks } from "./staff/staff-links.ts";

/**
 * What the services are handed when they start: the company's details, the
 * staff area's addresses and the words of what they write (mails, the
 * quotation's PDF). The domain owns these shapes and the areas fill them
 * (app/service-content.server.ts), so app/server imports nothing of an area,
 * and words can become editable and translated without touching a rule.
 */
export type ServiceContent = {
  readonly company: CompanyDetails;
  readonly staffLinks: StaffLinks;
  /** The account page's buttons a notice to staff tells them to press, named as the page names them. */
  readonly accountButtons: AccountButtonWords;
};

export type AccountButtonWords = { readonly signOutEverywhere: string; readonly removePasskeysToo: string };
