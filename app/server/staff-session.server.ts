import { redirect } from "react-router";
import { staffPaths } from "../lib/urls.ts";

export type StaffMember = { id: number; email: string; name: string };

/**
 * The staff member signed in on this request. Without a valid session it
 * throws the same redirect to the sign-in page for every address and method
 * under /inbox, so an answer says nothing about what exists there.
 */
export async function requireStaff(_request: Request): Promise<StaffMember> {
  throw redirect(staffPaths.signIn, 303);
}
