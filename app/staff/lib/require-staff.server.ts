import { data, redirect } from "react-router";
import { siteServices } from "../../server/site-services.server.ts";
import { sessionIdFrom } from "../../server/staff/cookie.server.ts";
import { FRESH_PROOF_MS, type StaffMember } from "../../server/staff/sessions.server.ts";
import { staffPaths } from "../paths.ts";

/** The session a request carries, if it is live: its id (from the cookie) and whose it is. */
export async function currentSession(
  request: Request,
): Promise<{ id: string; member: StaffMember; freshProof: boolean } | undefined> {
  const id = sessionIdFrom(request);
  if (!id) return undefined;
  const session = await siteServices().staff.sessions.find(id);
  return session
    ? { id, member: session.member, freshProof: Date.now() - session.provedAt <= FRESH_PROOF_MS }
    : undefined;
}

/**
 * The staff member signed in on this request. Without a valid session it
 * throws the same redirect to the sign-in page for every address and method
 * under /inbox, so an answer says nothing about what exists there.
 */
export async function requireStaff(request: Request): Promise<StaffMember> {
  return (await requireStaffSession(request)).member;
}

/**
 * The same, for what only an owner may do (publish, company and tax settings,
 * accounts). Without a session, the same redirect as everywhere; a staff
 * member gets 403, which the root's error boundary draws as the staff area's
 * "only an owner" page in the frame.
 */
export async function requireOwner(request: Request): Promise<StaffMember> {
  const member = await requireStaff(request);
  if (member.role !== "owner") throw data(null, { status: 403 });
  return member;
}

/** The same, with the session's id and whether its holder proved who they are within the last few minutes. */
export async function requireStaffSession(
  request: Request,
): Promise<{ id: string; member: StaffMember; freshProof: boolean }> {
  const session = await currentSession(request);
  if (!session) throw redirect(staffPaths.signIn, 303);
  return session;
}
