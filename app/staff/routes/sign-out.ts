import { redirect } from "react-router";
import { siteServices } from "../../server/site-services.server.ts";
import { clearedSessionCookie } from "../../server/staff/cookie.server.ts";
import { currentSession, requireStaff } from "../lib/require-staff.server.ts";
import { readStaffForm } from "../lib/staff-requests.server.ts";
import { staffPaths } from "../paths.ts";
import type { Route } from "./+types/sign-out";

/** Signing out is a post (a link or an image elsewhere must not sign anyone out); a visit goes to the account page. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  throw redirect(staffPaths.account, 303);
}

/**
 * Ends this browser's session, or with everywhere=1 every session of the
 * account (and with passkeys=remove, its passkeys); the cookie goes too. The session row is deleted, so a copy of the
 * cookie taken before is refused from now on.
 */
export async function action({ request }: Route.ActionArgs) {
  const session = await currentSession(request);
  if (!session) throw redirect(staffPaths.signIn, 303);
  const fields = await readStaffForm(request, ["everywhere", "passkeys"]);
  const { staff } = siteServices();
  const everywhere = fields?.everywhere === "1";
  const removePasskeys = everywhere && fields?.passkeys === "remove";
  if (everywhere) {
    const ended = await staff.sessions.endAll(session.member.id);
    const removed = removePasskeys ? await staff.passkeys.removeAll(session.member.id) : 0;
    await staff.audit.record({
      actor: session.member.email,
      action: "signed out everywhere",
      detail:
        `${ended} ${ended === 1 ? "session" : "sessions"} ended` +
        (removePasskeys ? `, ${removed} ${removed === 1 ? "passkey" : "passkeys"} removed` : ""),
    });
  } else {
    await staff.sessions.end(session.id);
    await staff.audit.record({ actor: session.member.email, action: "signed out" });
  }
  const notice = removePasskeys
    ? "signed-out-everywhere-passkeys-removed"
    : everywhere
      ? "signed-out-everywhere"
      : "signed-out";
  return redirect(`${staffPaths.signIn}?notice=${notice}`, {
    status: 303,
    headers: { "Set-Cookie": clearedSessionCookie(request) },
  });
}
