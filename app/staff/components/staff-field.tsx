import type { ReactNode } from "react";

/** What a field's control carries so that its hint and its error are read with it. */
export type Described = { "aria-invalid": true | undefined; "aria-describedby": string | undefined };

type StaffFieldProps = {
  /** The control's id; its hint and error take `${id}-hint` and `${id}-error`. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /** The control, given the attributes that tie it to the hint and the error. */
  children: (described: Described) => ReactNode;
};

/** A labelled control with its hint and its error above it, as every staff form writes one. */
export function StaffField({ id, label, hint, error, children }: StaffFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="staff-field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="staff-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="staff-field__error">
          {error}
        </p>
      )}
      {children({ "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
    </div>
  );
}
