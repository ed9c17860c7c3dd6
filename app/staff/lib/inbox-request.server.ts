import { data } from "react-router";
import { REFERENCE_PATTERN } from "../../server/contact/inquiries.server.ts";
import type { InboxRow } from "../../server/inbox/inbox.server.ts";
import { type SiteServices, siteServices } from "../../server/site-services.server.ts";
import type { StaffMember } from "../../server/staff/sessions.server.ts";
import { requireStaff } from "./require-staff.server.ts";

/**
 * The start of every /inbox loader and action, in the order that keeps the
 * area shut: the session first, so that without one every address answers the
 * same redirect to sign-in before anything is read, not even whether an
 * inquiry exists.
 */
export async function staffRequest(request: Request): Promise<{ staff: StaffMember; services: SiteServices }> {
  const staff = await requireStaff(request);
  return { staff, services: siteServices() };
}

/** The same, and the inquiry the address names; 404 (to signed-in staff only) when there is none. */
export async function staffRequestFor(
  request: Request,
  reference: string | undefined,
): Promise<{ staff: StaffMember; services: SiteServices; inquiry: InboxRow }> {
  const { staff, services } = await staffRequest(request);
  const inquiry = reference && REFERENCE_PATTERN.test(reference) ? await services.inbox.find(reference) : undefined;
  if (!inquiry) throw data(null, { status: 404 });
  return { staff, services, inquiry };
}

/** An address where a method means nothing: refused, after the session check like everything else. */
export async function refuseMethod(request: Request): Promise<never> {
  await requireStaff(request);
  throw data(null, { status: 405 });
}
