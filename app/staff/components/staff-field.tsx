import type { ReactNode } from "react";

/** What a field's control carries so that its hint and its error are read with it. */
export type Described = { "aria-invalid": true | undefined; "aria-describedby": string | undefined };

type StaffFieldProps = {
  /** The control's id; its hint and error take `${id}-hint` and `${id}-error`. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /**
   * The id of a refusal that answers the whole form, shown above it: the field
   * is read with it and marked invalid. A refused sign-in names no field, so
   * as not to tell which of the two was wrong.
   */
  refusal?: string | undefined;
  /** A tick box goes before its label, on the label's line, as people expect to find one. */
  check?: boolean;
  /** The control, given the attributes that tie it to the hint and the error. */
  children: (described: Described) => ReactNode;
};

/** A labelled control with its hint and its error above it, as every staff form writes one. */
export function StaffField({ id, label, hint, error, refusal, check = false, children }: StaffFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [refusal, errorId, hintId].filter(Boolean).join(" ") || undefined;
  const control = children({ "aria-invalid": error || refusal ? true : undefined, "aria-describedby": describedBy });
  return (
    <div className={check ? "staff-field staff-field--check" : "staff-field"}>
      {check && control}
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
      {!check && control}
    </div>
  );
}
