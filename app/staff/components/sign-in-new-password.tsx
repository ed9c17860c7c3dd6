import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../server/staff/password-limits.ts";
import { StaffField } from "./staff-field.tsx";

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
  const password = `${idPrefix}-password`;
  const repeat = `${idPrefix}-repeat`;
  return (
    <>
      <StaffField id={password} label={label} hint={hint} error={error}>
        {(described) => (
          <input
            id={password}
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={PASSWORD_MAX_LENGTH}
            {...described}
          />
        )}
      </StaffField>
      <StaffField id={repeat} label={repeatLabel}>
        {(described) => (
          <input
            id={repeat}
            name="repeat"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={PASSWORD_MAX_LENGTH}
            {...described}
          />
        )}
      </StaffField>
    </>
  );
}
