import { redirect } from "react-router";
import { siteServices } from "../../server/site-services.server.ts";
import { addPasskey } from "../../server/staff/webauthn.server.ts";
import { accountText as text } from "../content/sign-in.ts";
import { requireStaff, requireStaffSession } from "../lib/require-staff.server.ts";
import { asRegistrationRequest, jsonAnswer, readJsonBody } from "../lib/staff-requests.server.ts";
import { staffPaths } from "../paths.ts";
import type { Route } from "./+types/passkey-add";

/** Only the account page's passkey form posts here; a visit goes to that page. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  throw redirect(staffPaths.account, 303);
}

/** Stores the new passkey of the signed-in account, and says to show the account page again. */
export async function action({ request }: Route.ActionArgs) {
  const { member, freshProof } = await requireStaffSession(request);
  if (!freshProof) return jsonAnswer({ error: text.passkeyNeedsProof }, { status: 403 });
  const input = asRegistrationRequest(await readJsonBody(request));
  const services = siteServices();
  const account = await services.staff.accounts.byId(member.id);
  if (!input || !account || !(await addPasskey(request, account, input, services.staff))) {
    return jsonAnswer({ error: text.passkeyNotAdded }, { status: 400 });
  }
  // Its owner is told by mail, queued with the passkey, which wakes the outbox once stored.
  return jsonAnswer({ location: `${staffPaths.account}?notice=passkey-added` });
}
