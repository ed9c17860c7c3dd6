/**
 * Who may do what in the staff area. An owner runs the company's site: what
 * the public sees, the company's details and its tax settings, and who has an
 * account. Staff prepare; an owner decides what goes out.
 */

/** The roles as the store keeps them (staff.role, schema step 22). */
export const STAFF_ROLES = ["owner", "staff"] as const;

export type StaffRole = (typeof STAFF_ROLES)[number];

/** A new account is staff: nobody gets an owner's powers without asking for them. */
export const DEFAULT_STAFF_ROLE: StaffRole = "staff";

export type StaffAbility = "canEditDrafts" | "canPublish" | "canChangeCompanyAndTax" | "canManageAccounts";

const abilities: { readonly [Role in StaffRole]: Readonly<Record<StaffAbility, boolean>> } = {
  owner: { canEditDrafts: true, canPublish: true, canChangeCompanyAndTax: true, canManageAccounts: true },
  staff: { canEditDrafts: true, canPublish: false, canChangeCompanyAndTax: false, canManageAccounts: false },
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}

/** Whether a person of this role may do this. */
export function may(role: StaffRole, ability: StaffAbility): boolean {
  return abilities[role][ability];
}
