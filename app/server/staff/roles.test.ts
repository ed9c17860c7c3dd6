import { describe, expect, test } from "vitest";
import { DEFAULT_STAFF_ROLE, isStaffRole, may, STAFF_ROLES } from "./roles.ts";

describe("staff roles", () => {
  test("an owner may do everything; staff may edit drafts and nothing that goes out or decides", () => {
    expect(STAFF_ROLES).toEqual(["owner", "staff"]);
    for (const ability of ["canEditDrafts", "canPublish", "canChangeCompanyAndTax", "canManageAccounts"] as const) {
      expect(may("owner", ability)).toBe(true);
    }
    expect(may("staff", "canEditDrafts")).toBe(true);
    expect(may("staff", "canPublish")).toBe(false);
    expect(may("staff", "canChangeCompanyAndTax")).toBe(false);
    expect(may("staff", "canManageAccounts")).toBe(false);
  });

  test("a new account is staff, and only the two roles are roles", () => {
    expect(DEFAULT_STAFF_ROLE).toBe("staff");
    expect(isStaffRole("owner")).toBe(true);
    expect(isStaffRole("staff")).toBe(true);
    expect(isStaffRole("admin")).toBe(false);
    expect(isStaffRole("Owner")).toBe(false);
    expect(isStaffRole(undefined)).toBe(false);
  });
});
