import { redirect } from "react-router";
import { siteServices } from "../../server/site-services.server.ts";
import { sessionIdFrom } from "../../server/staff/cookie.server.ts";
import type { StaffMember } from "../../server/staff/sessions.server.ts";
import { staffPaths } from "../paths.ts";

/** The session a request carries, if it is live: its id (from the cookie) and whose it is. */
export async function currentSession(request: Request): Promise<{ id: string; member: StaffMember } | undefined> {
  const id = sessionIdFrom(request);
  if (!id) return undefined;
  const session = await siteServices().staff.sessions.find(id);
  return session ? { id, member: session.member } : undefined;
}

/**
 * The staff member signed in on this request. Without a valid session it
 * throws the same redirect to the sign-in page for every address and method
 * under /inbox, so an answer says nothing about what exists there.
 */
export async function requireStaff(request: Request): Promise<StaffMember> {
  const session = await currentSession(request);
  if (!session) throw redirect(staffPaths.signIn, 303);
  return session.member;
}
