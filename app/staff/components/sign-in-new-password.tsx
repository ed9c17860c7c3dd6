import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../server/staff/password-limits.ts";

/**
 * A new password, typed twice, for a password manager to fill in and
 * remember. Never shown again with what was typed.
 */
export function NewPasswordFields({
  idPrefix,
  label,
  repeatLabel,
  hint,
  error,
}: {
  idPrefix: string;
  label: string;
  repeatLabel: string;
  hint: string;
  error: string | undefined;
}) {
  const hintId = `${idPrefix}-hint`;
  const errorId = `${idPrefix}-error`;
  const described = error ? `${errorId} ${hintId}` : hintId;
  return (
    <>
      <div className="staff-field">
        <label htmlFor={`${idPrefix}-password`}>{label}</label>
        <p id={hintId} className="staff-field__hint">
          {hint}
        </p>
        {error ? (
          <p id={errorId} className="staff-field__error">
            {error}
          </p>
        ) : null}
        <input
          id={`${idPrefix}-password`}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
        />
      </div>
      <div className="staff-field">
        <label htmlFor={`${idPrefix}-repeat`}>{repeatLabel}</label>
        <input
          id={`${idPrefix}-repeat`}
          name="repeat"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
        />
      </div>
    </>
  );
}
