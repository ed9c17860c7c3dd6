import type { StaffRole } from "../../server/staff/roles.ts";

/**
 * The staff area's words for roles: what each is called and what it lets a
 * person do, as the account page says it, and the refusal a staff member
 * meets on a page only an owner may use.
 */

export const roleText = {
  owner: { name: "owner", may: "may publish the site and change company and tax settings" },
  staff: { name: "staff", may: "may edit drafts of the site's content" },
} as const satisfies Record<StaffRole, { name: string; may: string }>;

/** The line on the account page that says who the person is in the company's site. */
export const roleLine = (role: StaffRole) => `Role: ${roleText[role].name} — ${roleText[role].may}`;

export const ownersOnlyText = {
  title: "Only an owner",
  heading: "Only an owner may do this",
  explanation: [
    "Your account is a staff account. Staff may edit drafts of the site's content; publishing the site, changing company and tax settings and managing accounts are for the company's owners.",
    "Ask an owner to do it, or to make you an owner.",
  ],
  backToInbox: "All inquiries",
  yourAccount: "Your sign-in",
} as const;
