import { data, redirect } from "react-router";
import { Island } from "../../islands/island.tsx";
import { clientAddressContext } from "../../request-context.server.ts";
import { siteServices } from "../../server/site-services.server.ts";
import { changePassword, confirmPassword } from "../../server/staff/password-change.server.ts";
import { PASSKEY_NAME_MAX_LENGTH } from "../../server/staff/password-limits.ts";
import { NewPasswordFields, PasswordField } from "../components/password-fields.tsx";
import { PasskeySignIn } from "../components/sign-in-passkey.tsx";
import { PasskeyAdd } from "../components/sign-in-passkey-add.tsx";
import { StaffField } from "../components/staff-field.tsx";
import { roleLine } from "../content/roles.ts";
import { type AccountNotice, setPasswordText, accountText as text } from "../content/sign-in.ts";
import { staffPageHeaders, staffPageMeta } from "../lib/page.ts";
import { requireStaffSession } from "../lib/require-staff.server.ts";
import { readStaffForm, setCookies } from "../lib/staff-requests.server.ts";
import { staffPaths } from "../paths.ts";
import type { Route } from "./+types/account";

/** The passkey form is an island: the staff frame loads the page's script for it. */
export const handle = { scripts: true };

const dayInIndia = new Intl.DateTimeFormat("en-IN", { timeZone: "Asia/Kolkata", dateStyle: "medium" });

function isNotice(value: string | null): value is AccountNotice {
  return value !== null && Object.hasOwn(text.notices, value);
}

export async function loader({ request }: Route.LoaderArgs) {
  const { member, freshProof } = await requireStaffSession(request);
  const notice = new URL(request.url).searchParams.get("notice");
  const passkeys = (await siteServices().staff.passkeys.listFor(member.id)).map((passkey) => ({
    id: passkey.credentialId,
    name: passkey.name,
    added: dayInIndia.format(passkey.createdAt),
    lastUsed: passkey.lastUsedAt === null ? null : dayInIndia.format(passkey.lastUsedAt),
  }));
  return { member, passkeys, freshProof, notice: isNotice(notice) ? notice : null };
}

type ActionData = { currentError?: string; passwordError?: string; formError?: string; confirmError?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const { id: sessionId, member } = await requireStaffSession(request);
  const fields = await readStaffForm(request, ["intent", "credential", "current", "password", "repeat"]);
  const { staff } = siteServices();
  if (fields?.intent === "remove-passkey" && fields.credential) {
    if (await staff.passkeys.remove(member.id, fields.credential)) {
      await staff.audit.record({ actor: member.email, action: "passkey removed" });
    }
    return redirect(`${staffPaths.account}?notice=passkey-removed`, 303);
  }
  const account = await staff.accounts.byId(member.id);
  if (fields?.intent === "confirm-password" && account) {
    const refused = await confirmPassword(
      account,
      sessionId,
      fields.current ?? "",
      context.get(clientAddressContext),
      staff,
    );
    if (!refused) return redirect(`${staffPaths.account}?notice=confirmed`, 303);
    const retryAfter = refused.retryAfterSeconds ? { "Retry-After": String(refused.retryAfterSeconds) } : undefined;
    return data<ActionData>({ confirmError: refused.message }, { status: refused.status, headers: retryAfter ?? {} });
  }
  if (fields?.intent !== "change-password" || !account) {
    return data<ActionData>({ formError: setPasswordText.unreadable }, { status: 400 });
  }
  const outcome = await changePassword(
    account,
    { current: fields.current ?? "", password: fields.password ?? "", repeat: fields.repeat ?? "" },
    request,
    context.get(clientAddressContext),
    staff,
  );
  if (outcome.kind === "signed-in") {
    return redirect(`${staffPaths.account}?notice=password-changed`, {
      status: 303,
      headers: setCookies(outcome.setCookies),
    });
  }
  const headers: Record<string, string> = {};
  if ("retryAfterSeconds" in outcome && outcome.retryAfterSeconds) {
    headers["Retry-After"] = String(outcome.retryAfterSeconds);
  }
  const answer: ActionData =
    "field" in outcome && outcome.field === "new"
      ? { passwordError: outcome.message }
      : { currentError: outcome.message };
  return data(answer, { status: outcome.status, headers });
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => staffPageHeaders(actionHeaders);

export const meta: Route.MetaFunction = () => staffPageMeta(text.title);

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { member, passkeys, freshProof } = loaderData;
  const notice = actionData ? null : loaderData.notice;
  return (
    <div className="container staff-page">
      <h1>{text.heading}</h1>
      <p>{text.signedInAs(member.name, member.email)}</p>
      <p>{roleLine(member.role)}</p>
      <div className="sign-in-account__ways">
        <a href={staffPaths.inbox}>{text.backToInbox}</a>
        <form method="post" action={staffPaths.signOut}>
          <button type="submit" className="staff-button staff-button--quiet">
            {text.signOut}
          </button>
        </form>
      </div>
      {notice ? (
        <p className="staff-notice" role="status">
          {text.notices[notice]}
        </p>
      ) : null}
      {actionData?.formError ? (
        <p className="staff-notice staff-notice--warning" role="alert">
          {actionData.formError}
        </p>
      ) : null}

      <section className="staff-panel" aria-labelledby="passkeys-heading">
        <h2 id="passkeys-heading">{text.passkeysHeading}</h2>
        <p>{text.passkeysIntro}</p>
        {passkeys.length === 0 ? (
          <p>{text.noPasskeys}</p>
        ) : (
          <ul className="sign-in-passkeys">
            {passkeys.map((passkey) => (
              <li key={passkey.id}>
                <span>
                  <strong>{passkey.name}</strong>, {text.passkeyAdded(passkey.added)}
                  {passkey.lastUsed ? `, ${text.passkeyLastUsed(passkey.lastUsed)}` : ""}
                </span>
                <form method="post" action={staffPaths.account}>
                  <input type="hidden" name="intent" value="remove-passkey" />
                  <input type="hidden" name="credential" value={passkey.id} />
                  <button
                    type="submit"
                    className="staff-button staff-button--quiet"
                    aria-label={text.removePasskeyLabel(passkey.name)}
                  >
                    {text.removePasskey}
                  </button>
                </form>
              </li>
            ))}
          </ul>
        )}
        {freshProof ? (
          <Island
            name="passkey-add"
            component={PasskeyAdd}
            props={{
              optionsUrl: staffPaths.passkeyAddOptions,
              addUrl: staffPaths.passkeyAdd,
              nameMaxLength: PASSKEY_NAME_MAX_LENGTH,
            }}
          />
        ) : (
          <>
            <form method="post" className="staff-form">
              <p>{text.confirmFirst}</p>
              <input type="hidden" name="intent" value="confirm-password" />
              <PasswordField
                id="confirm-current"
                name="current"
                label={text.confirmPassword}
                error={actionData?.confirmError}
                purpose="current"
              />
              <div>
                <button type="submit" className="staff-button">
                  {text.confirm}
                </button>
              </div>
            </form>
            {passkeys.length > 0 && (
              <Island
                name="passkey-sign-in"
                component={PasskeySignIn}
                props={{
                  optionsUrl: staffPaths.passkeySignInOptions,
                  signInUrl: `${staffPaths.passkeySignIn}?then=account`,
                  words: { divider: text.confirmWithPasskeyDivider, button: text.confirmWithPasskey },
                }}
              />
            )}
          </>
        )}
      </section>

      <section className="staff-panel" aria-labelledby="password-heading">
        <h2 id="password-heading">{text.passwordHeading}</h2>
        <p>{text.passwordChangedNote}</p>
        <form method="post" action={staffPaths.account} className="staff-form">
          <input type="hidden" name="intent" value="change-password" />
          <PasswordField
            id="account-current"
            name="current"
            label={text.currentPassword}
            error={actionData?.currentError}
            purpose="current"
          />
          <NewPasswordFields
            idPrefix="account-new"
            label={text.newPassword}
            repeatLabel={text.repeat}
            hint={setPasswordText.newPasswordHint}
            error={actionData?.passwordError}
          />
          <div>
            <button type="submit" className="staff-button">
              {text.changePassword}
            </button>
          </div>
        </form>
      </section>

      <section className="staff-panel" aria-labelledby="devices-heading">
        <h2 id="devices-heading">{text.sessionsHeading}</h2>
        <p>{text.sessionsIntro}</p>
        <form method="post" action={staffPaths.signOut}>
          <input type="hidden" name="everywhere" value="1" />
          <StaffField id="remove-passkeys" label={text.removePasskeysToo} hint={text.removePasskeysHint} check>
            {(described) => (
              <input id="remove-passkeys" type="checkbox" name="passkeys" value="remove" {...described} />
            )}
          </StaffField>
          <button type="submit" className="staff-button staff-button--danger">
            {text.signOutEverywhere}
          </button>
        </form>
      </section>
    </div>
  );
}
