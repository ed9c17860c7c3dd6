import { data, redirect } from "react-router";
import { Island } from "../../islands/island.tsx";
import { clientAddressContext } from "../../request-context.server.ts";
import { siteServices } from "../../server/site-services.server.ts";
import { sessionIdFrom } from "../../server/staff/cookie.server.ts";
import { signInWithPassword } from "../../server/staff/sign-in.server.ts";
import { SignInForm } from "../components/sign-in-form.tsx";
import { PasskeySignIn } from "../components/sign-in-passkey.tsx";
import { type SignInNotice, staffSignInText as text } from "../content/sign-in.ts";
import { staffPageHeaders, staffPageMeta } from "../lib/page.ts";
import { currentSession } from "../lib/require-staff.server.ts";
import { readStaffForm, setCookies } from "../lib/staff-requests.server.ts";
import { staffPaths } from "../paths.ts";
import type { Route } from "./+types/sign-in";

/** The passkey button is an island: the staff frame loads the page's script for it. */
export const handle = { scripts: true };

function isNotice(value: string | null): value is SignInNotice {
  return value !== null && Object.hasOwn(text.notices, value);
}

/** Someone already signed in goes straight to the inbox; others get the form, with a notice after a redirect here. */
export async function loader({ request }: Route.LoaderArgs) {
  if (await currentSession(request)) throw redirect(staffPaths.inbox, 303);
  const notice = new URL(request.url).searchParams.get("notice");
  return { notice: isNotice(notice) ? notice : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const fields = await readStaffForm(request, ["email", "password"]);
  if (!fields) return data({ email: "", error: text.unreadable }, { status: 400 });
  const email = fields.email ?? "";
  const staff = siteServices().staff;
  const outcome = await signInWithPassword(
    { email, password: fields.password ?? "" },
    request,
    context.get(clientAddressContext),
    staff,
  );
  if (outcome.kind === "signed-in") {
    // A session this browser had before ends: sign-in always gives a new id.
    const previous = sessionIdFrom(request);
    if (previous) await staff.sessions.end(previous);
    return redirect(staffPaths.inbox, { status: 303, headers: setCookies(outcome.setCookies) });
  }
  const headers: Record<string, string> = {};
  if (outcome.retryAfterSeconds) headers["Retry-After"] = String(outcome.retryAfterSeconds);
  return data({ email: email.slice(0, 254), error: outcome.message }, { status: outcome.status, headers });
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => staffPageHeaders(actionHeaders);

export const meta: Route.MetaFunction = () => staffPageMeta(text.title);

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const notice = actionData ? null : loaderData.notice;
  return (
    <div className="container staff-page sign-in">
      <h1>{text.heading}</h1>
      <p>{text.intro}</p>
      {notice ? (
        <p className="staff-notice" role="status">
          {text.notices[notice]}
        </p>
      ) : null}
      <div className="staff-panel">
        <SignInForm email={actionData?.email ?? ""} error={actionData?.error} />
        <Island
          name="passkey-sign-in"
          component={PasskeySignIn}
          props={{ optionsUrl: staffPaths.passkeySignInOptions, signInUrl: staffPaths.passkeySignIn }}
        />
      </div>
    </div>
  );
}
