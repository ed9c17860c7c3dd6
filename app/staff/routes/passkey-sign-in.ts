import { redirect } from "react-router";
import { clientAddressContext } from "../../request-context.server.ts";
import { siteServices } from "../../server/site-services.server.ts";
import { sessionIdFrom } from "../../server/staff/cookie.server.ts";
import { signInWithPasskey } from "../../server/staff/sign-in.server.ts";
import { staffSignInText as text } from "../content/sign-in.ts";
import { asAuthenticationResponse, jsonAnswer, readJsonBody, setCookies } from "../lib/staff-requests.server.ts";
import { staffPaths } from "../paths.ts";
import type { Route } from "./+types/passkey-sign-in";

/** Only the passkey button posts here; a visit goes to the sign-in page. */
export function loader() {
  throw redirect(staffPaths.signIn, 303);
}

/**
 * Where a good passkey leads: the inbox, or back to the account page when it
 * confirmed who holds the session there. One fixed choice, so no address
 * given by the request can lead anywhere else.
 */
function nextAddress(request: Request): string {
  const confirming = new URL(request.url).searchParams.get("then") === "account";
  return confirming ? `${staffPaths.account}?notice=confirmed` : staffPaths.inbox;
}

/** Checks what the passkey signed; a good answer starts a session and says where to go next. */
export async function action({ request, context }: Route.ActionArgs) {
  const response = asAuthenticationResponse(await readJsonBody(request));
  if (!response) return jsonAnswer({ error: text.passkeyFailed }, { status: 400 });
  const { staff } = siteServices();
  const outcome = await signInWithPasskey(response, request, context.get(clientAddressContext), staff);
  if (outcome.kind === "signed-in") {
    const previous = sessionIdFrom(request);
    if (previous) await staff.sessions.end(previous);
    return jsonAnswer({ location: nextAddress(request) }, { headers: setCookies(outcome.setCookies) });
  }
  const headers: Record<string, string> = {};
  if (outcome.retryAfterSeconds) headers["Retry-After"] = String(outcome.retryAfterSeconds);
  return jsonAnswer({ error: outcome.message }, { status: outcome.status, headers });
}
