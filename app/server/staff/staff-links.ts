/**
 * The staff area's addresses that mails and the daily list link to, absolute.
 * The domain says which it needs; the staff area's own `paths.ts` builds them
 * (app/service-content.server.ts), so domain code never imports a page's address.
 */
export type StaffLinks = {
  readonly inbox: string;
  readonly account: string;
  inquiry(reference: string): string;
  setPassword(token: string): string;
};
