import { staffSignInText as text } from "../content/sign-in.ts";
import { staffPaths } from "../paths.ts";

/**
 * The e-mail and password form: a plain post, so it works with no script. A
 * refused form comes back with the address kept and the password empty.
 */
export function SignInForm({ email, error }: { email: string; error: string | undefined }) {
  const described = error ? "sign-in-error" : undefined;
  return (
    <form method="post" action={staffPaths.signIn} className="staff-form">
      {error ? (
        <p id="sign-in-error" className="staff-notice staff-notice--warning" role="alert">
          {error}
        </p>
      ) : null}
      <div className="staff-field">
        <label htmlFor="sign-in-email">{text.email}</label>
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
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
        />
      </div>
      <div className="staff-field">
        <label htmlFor="sign-in-password">{text.password}</label>
        <input
          id="sign-in-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={1024}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
        />
      </div>
      <div>
        <button type="submit" className="staff-button">
          {text.submit}
        </button>
      </div>
    </form>
  );
}
