import { staffSignInText as text } from "../content/sign-in.ts";
import { staffPaths } from "../paths.ts";
import { StaffField } from "./staff-field.tsx";

/**
 * The e-mail and password form: a plain post, so it works with no script. A
 * refused form comes back with the address kept and the password empty.
 */
export function SignInForm({ email, error }: { email: string; error: string | undefined }) {
  const refusal = error ? "sign-in-error" : undefined;
  return (
    <form method="post" action={staffPaths.signIn} className="staff-form">
      {error ? (
        <p id="sign-in-error" className="staff-notice staff-notice--warning" role="alert">
          {error}
        </p>
      ) : null}
      <StaffField id="sign-in-email" label={text.email} refusal={refusal}>
        {(described) => (
          <input
            id="sign-in-email"
            name="email"
            type="email"
            autoComplete="username"
            inputMode="email"
            spellCheck={false}
            required
            maxLength={254}
            defaultValue={email}
            {...described}
          />
        )}
      </StaffField>
      <StaffField id="sign-in-password" label={text.password} refusal={refusal}>
        {(described) => (
          <input
            id="sign-in-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={1024}
            {...described}
          />
        )}
      </StaffField>
      <div>
        <button type="submit" className="staff-button">
          {text.submit}
        </button>
      </div>
    </form>
  );
}
