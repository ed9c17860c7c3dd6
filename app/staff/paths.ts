import { staffAreaPath } from "../site/content/urls.ts";

/**
 * Every address of the staff area: the inbox, sign-in and the account. Kept
 * out of the public site's modules, whose code reaches every public page's
 * script (through the header); nothing of the staff area should.
 */
export const staffPaths = {
  inbox: staffAreaPath,
  signIn: `${staffAreaPath}/sign-in`,
  signOut: `${staffAreaPath}/sign-out`,
  /** The signed-in person's own sign-in: passkeys, password, sign out everywhere. */
  account: `${staffAreaPath}/account`,
  /** The one-time link `npm run staff` prints; the token is the only secret in any address. */
  setPassword: (token: string) => `${staffAreaPath}/set-password/${token}`,
  passkeySignInOptions: `${staffAreaPath}/passkeys/sign-in-options`,
  passkeySignIn: `${staffAreaPath}/passkeys/sign-in`,
  passkeyAddOptions: `${staffAreaPath}/passkeys/add-options`,
  passkeyAdd: `${staffAreaPath}/passkeys/add`,
  /** The list's current filter as CSV: the list's own query follows it. */
  export: `${staffAreaPath}/export.csv`,
  inquiry: (reference: string) => `${staffAreaPath}/${encodeURIComponent(reference)}`,
  /** An artwork file of the inquiry, downloaded by staff; never served anywhere else. */
  file: (reference: string, id: string) => `${staffAreaPath}/${encodeURIComponent(reference)}/files/${id}`,
  /** A preview image of that file: position 0 is the file's own, a ZIP's files follow. */
  preview: (reference: string, id: string, position: number, size: "large" | "small") =>
    `${staffAreaPath}/${encodeURIComponent(reference)}/files/${id}/previews/${position}-${size}.webp`,
  newQuotation: (reference: string) => `${staffAreaPath}/${encodeURIComponent(reference)}/quotations/new`,
  quotation: (reference: string, id: number) => `${staffAreaPath}/${encodeURIComponent(reference)}/quotations/${id}`,
  editQuotation: (reference: string, id: number) =>
    `${staffAreaPath}/${encodeURIComponent(reference)}/quotations/${id}/edit`,
  quotationPdf: (reference: string, id: number) =>
    `${staffAreaPath}/${encodeURIComponent(reference)}/quotations/${id}/pdf`,
  proformaPdf: (reference: string, id: number) =>
    `${staffAreaPath}/${encodeURIComponent(reference)}/quotations/${id}/proforma`,
  /** The site's content as the company edits it: its items, each item's editor and its history. */
  site: `${staffAreaPath}/site`,
  siteItem: (item: string) => `${staffAreaPath}/site/${encodeURIComponent(item)}`,
  siteHistory: (item: string) => `${staffAreaPath}/site/${encodeURIComponent(item)}/history`,
  /** The public pages with every draft applied: this address shows the home page, and /about under it the about page. */
  sitePreview: `${staffAreaPath}/site/preview`,
  /** The photo library: the photographs uploaded for the site, and the form that uploads one. */
  sitePhotos: `${staffAreaPath}/site/photos`,
  erase: (reference: string) => `${staffAreaPath}/${encodeURIComponent(reference)}/erase`,
} as const;

/** Whether an address is in the staff area, which has its own frame, headers and rules. */
export function isStaffPath(pathname: string): boolean {
  return /^\/inbox(\/|$)/i.test(pathname);
}
