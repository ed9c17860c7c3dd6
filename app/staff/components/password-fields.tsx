import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../server/staff/password-limits.ts";
import { StaffField } from "./staff-field.tsx";

type PasswordFieldProps = {
  id: string;
  name: string;
  label: string;
  hint?: string;
  error?: string | undefined;
  /** A new password is held to the limits as it is typed; the current one is whatever it is. */
  purpose: "new" | "current";
};

/** One password, for a password manager to fill in; never shown again with what was typed. */
export function PasswordField({ id, name, label, hint, error, purpose }: PasswordFieldProps) {
  const limits = purpose === "new" ? { minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH } : {};
  return (
    <StaffField id={id} label={label} hint={hint} error={error}>
      {(described) => (
        <input
          id={id}
          name={name}
          type="password"
          autoComplete={`${purpose}-password`}
          required
          {...limits}
          {...described}
        />
      )}
    </StaffField>
  );
}

/** A new password, typed twice, for a password manager to fill in and remember. */
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
  return (
    <>
      <PasswordField
        id={`${idPrefix}-password`}
        name="password"
        label={label}
        hint={hint}
        error={error}
        purpose="new"
      />
      <PasswordField id={`${idPrefix}-repeat`} name="repeat" label={repeatLabel} purpose="new" />
    </>
  );
}
