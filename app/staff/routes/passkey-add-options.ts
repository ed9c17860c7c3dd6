import { redirect } from "react-router";
import { siteServices } from "../../server/site-services.server.ts";
import { addPasskeyOptions } from "../../server/staff/webauthn.server.ts";
import { accountText as text } from "../content/sign-in.ts";
import { requireStaff, requireStaffSession } from "../lib/require-staff.server.ts";
import { ceremonyAnswer, jsonAnswer } from "../lib/staff-requests.server.ts";
import { staffPaths } from "../paths.ts";
import type { Route } from "./+types/passkey-add-options";

/** Only the account page's passkey form posts here; a visit goes to that page. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  throw redirect(staffPaths.account, 303);
}

/** The options for a new passkey of the signed-in account. */
export async function action({ request }: Route.ActionArgs) {
  const { member, freshProof } = await requireStaffSession(request);
  // A passkey outlives the session: a stolen cookie alone must not be enough to add one.
  if (!freshProof) return jsonAnswer({ error: text.passkeyNeedsProof }, { status: 403 });
  const { staff } = siteServices();
  const account = await staff.accounts.byId(member.id);
  if (!account) return jsonAnswer({ error: text.passkeyNotAdded }, { status: 400 });
  return ceremonyAnswer(await addPasskeyOptions(request, account, staff), text.passkeyNotAdded);
}
