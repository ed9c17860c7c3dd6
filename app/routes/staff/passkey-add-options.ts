import { redirect } from "react-router";
import { accountText as text } from "../../content/staff-sign-in.ts";
import { signInPaths } from "../../lib/sign-in-paths.ts";
import { contactServices } from "../../server/delivery.server.ts";
import { jsonAnswer } from "../../server/staff-requests.server.ts";
import { requireStaff } from "../../server/staff-session.server.ts";
import { addPasskeyOptions } from "../../server/staff-webauthn.server.ts";
import type { Route } from "./+types/passkey-add-options";

/** Only the account page's passkey form posts here; a visit goes to that page. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  throw redirect(signInPaths.account, 303);
}

/** The options for a new passkey of the signed-in account. */
export async function action({ request }: Route.ActionArgs) {
  const member = await requireStaff(request);
  const { staff } = contactServices();
  const account = await staff.accounts.byId(member.id);
  const options = account ? await addPasskeyOptions(request, account, staff) : undefined;
  if (!options) return jsonAnswer({ error: text.passkeyNotAdded }, { status: 503, headers: { "Retry-After": "60" } });
  return jsonAnswer({ options });
}
