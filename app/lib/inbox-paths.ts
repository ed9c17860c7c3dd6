/**
 * The inbox's own addresses, kept apart from urls.ts: that module reaches
 * every public page's script (through the header), and nothing of the inbox
 * should. The staff area's shared addresses (the list, sign-in) are
 * `staffPaths` there.
 */
export const inboxPaths = {
  /** The list's current filter as CSV: the list's own query follows it. */
  export: "/inbox/export.csv",
  inquiry: (reference: string) => `/inbox/${encodeURIComponent(reference)}`,
  erase: (reference: string) => `/inbox/${encodeURIComponent(reference)}/erase`,
} as const;

/** Whether an address is in the staff area, which has its own frame, headers and rules. */
export function isStaffPath(pathname: string): boolean {
  return /^\/inbox(\/|$)/i.test(pathname);
}
