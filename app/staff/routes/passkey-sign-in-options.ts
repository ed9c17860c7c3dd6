import { redirect } from "react-router";
import { clientAddressContext } from "../../request-context.server.ts";
import { clientKey, networkKey } from "../../server/contact/rate-limit.server.ts";
import { siteServices } from "../../server/site-services.server.ts";
import { waitMessage } from "../../server/staff/sign-in.server.ts";
import { throttleKeys } from "../../server/staff/throttle.server.ts";
import { signInOptions } from "../../server/staff/webauthn.server.ts";
import { staffSignInText as text } from "../content/sign-in.ts";
import { ceremonyAnswer, jsonAnswer } from "../lib/staff-requests.server.ts";
import { staffPaths } from "../paths.ts";
import type { Route } from "./+types/passkey-sign-in-options";

/** Only the passkey button posts here; a visit goes to the sign-in page. */
export function loader() {
  throw redirect(staffPaths.signIn, 303);
}

/** A fresh challenge for a passkey to sign, unless this client is waiting after too many failures. */
export async function action({ context, request }: Route.ActionArgs) {
  const { staff } = siteServices();
  const waitMs = await staff.throttle.waiting(throttleKeys.client(context.get(clientAddressContext)));
  if (waitMs > 0) {
    return jsonAnswer(
      { error: waitMessage(waitMs, text) },
      { status: 429, headers: { "Retry-After": String(Math.ceil(waitMs / 1000)) } },
    );
  }
  const address = context.get(clientAddressContext);
  const client = { client: clientKey(address), network: networkKey(address) };
  return ceremonyAnswer(await signInOptions(request, client, staff), text.passkeyUnavailable);
}
