import { data, redirect } from "react-router";
import { siteServices } from "../../server/site-services.server.ts";
import { setPasswordThroughLink } from "../../server/staff/password-change.server.ts";
import { NewPasswordFields } from "../components/password-fields.tsx";
import { StaffField } from "../components/staff-field.tsx";
import { setPasswordText as text } from "../content/sign-in.ts";
import { staffPageHeaders, staffPageMeta } from "../lib/page.ts";
import { readStaffForm } from "../lib/staff-requests.server.ts";
import { staffPaths } from "../paths.ts";
import type { Route } from "./+types/set-password";

type PageData = { state: "form"; name: string; email: string; error?: string } | { state: "invalid" };

const invalid = () => data<PageData>({ state: "invalid" }, { status: 404 });

/**
 * The page a one-time link opens (`npm run staff -- add` or `reset`). Opening
 * it uses nothing up, so a mail or chat program that looks at the link first
 * does no harm; setting the password does.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const { staff } = siteServices();
  const link = await staff.links.find(params.token);
  const account = link ? await staff.accounts.byId(link.staffId) : undefined;
  if (!account) return invalid();
  return data<PageData>({ state: "form", name: account.name, email: account.email });
}

export async function action({ request, params }: Route.ActionArgs) {
  const { staff } = siteServices();
  const link = await staff.links.find(params.token);
  const account = link ? await staff.accounts.byId(link.staffId) : undefined;
  if (!account) return invalid();
  const fields = await readStaffForm(request, ["email", "password", "repeat"]);
  const outcome = await setPasswordThroughLink(
    params.token,
    { password: fields?.password ?? "", repeat: fields?.repeat ?? "" },
    staff,
  );
  if (outcome.kind === "done") {
    return redirect(`${staffPaths.signIn}?notice=password-set`, 303);
  }
  if (outcome.kind === "invalid-link") return invalid();
  return data<PageData>(
    { state: "form", name: account.name, email: account.email, error: outcome.message },
    { status: outcome.status },
  );
}

// The address holds the link's secret: no other site this page leads to learns it. (Not
// "no-referrer": browsers then send the form's post as from an opaque origin, which the
// cross-site guard rightly refuses.)
export const headers: Route.HeadersFunction = () => staffPageHeaders(undefined, { "Referrer-Policy": "same-origin" });

export const meta: Route.MetaFunction = ({ loaderData }) =>
  staffPageMeta(loaderData?.state === "form" ? text.title : text.invalidTitle);

export default function SetPassword({ loaderData, actionData, params }: Route.ComponentProps) {
  const page = actionData ?? loaderData;
  if (page.state === "invalid") {
    return (
      <div className="container staff-page sign-in">
        <h1>{text.invalidHeading}</h1>
        {text.invalid.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        <p>
          <a href={staffPaths.signIn}>{text.toSignIn}</a>
        </p>
      </div>
    );
  }
  return (
    <div className="container staff-page sign-in">
      <h1>{text.heading}</h1>
      <p>{text.intro(page.name)}</p>
      <div className="staff-panel">
        <form method="post" action={staffPaths.setPassword(params.token)} className="staff-form">
          <StaffField id="set-password-email" label={text.account}>
            {(described) => (
              <input
                id="set-password-email"
                name="email"
                type="email"
                autoComplete="username"
                readOnly
                value={page.email}
                {...described}
              />
            )}
          </StaffField>
          <NewPasswordFields
            idPrefix="set-password"
            label={text.newPassword}
            repeatLabel={text.repeat}
            hint={text.newPasswordHint}
            error={page.error}
          />
          <div>
            <button type="submit" className="staff-button">
              {text.submit}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
