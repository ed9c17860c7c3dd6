import type { ReactNode } from "react";
import { TEXT_LIMIT } from "../../lib/quotation-fields.ts";
import { StaffField } from "../staff-field.tsx";

/** The form's values, errors and warnings by field name, as every field of the quotation form reads them. */
export type FormState = {
  values: Readonly<Record<string, string>>;
  errors: Readonly<Record<string, string>>;
  warnings: Readonly<Record<string, string>>;
};

type FieldProps = {
  name: string;
  label: string;
  form: FormState;
  hint?: ReactNode;
  multiline?: boolean;
  numeric?: boolean;
  decimal?: boolean;
  type?: "date";
  list?: string;
};

/** A labelled field with its message beside it, tied to it for screen readers. */
export function QuotationField({ name, label, form, hint, multiline, numeric, decimal, type, list }: FieldProps) {
  return (
    <StaffField id={name} label={label} hint={hint ?? form.warnings[name]} error={form.errors[name]}>
      {(described) => {
        const common = { id: name, name, defaultValue: form.values[name] ?? "", maxLength: TEXT_LIMIT, ...described };
        return multiline ? (
          <textarea rows={2} {...common} />
        ) : (
          <input
            type={type ?? "text"}
            inputMode={numeric ? "numeric" : decimal ? "decimal" : undefined}
            list={list}
            {...common}
          />
        );
      }}
    </StaffField>
  );
}

/** A choice among fixed values, with what the rate table gives (or another hint) beside it. */
export function QuotationChoice({
  name,
  label,
  form,
  choices,
  fallback,
  hint,
}: {
  name: string;
  label: string;
  form: FormState;
  choices: readonly (readonly [value: string, words: string])[];
  /** The value chosen when the form has none. */
  fallback: string;
  hint?: ReactNode;
}) {
  return (
    <StaffField id={name} label={label} hint={hint ?? form.warnings[name]} error={form.errors[name]}>
      {(described) => (
        <select id={name} name={name} defaultValue={form.values[name] || fallback} {...described}>
          {choices.map(([value, words]) => (
            <option key={value} value={value}>
              {words}
            </option>
          ))}
        </select>
      )}
    </StaffField>
  );
}

/** A tick box whose ticked value is "yes". */
export function QuotationCheck({ name, label, form }: { name: string; label: string; form: FormState }) {
  return (
    <StaffField id={name} label={label} error={form.errors[name]} check>
      {(described) => (
        <input
          type="checkbox"
          id={name}
          name={name}
          value="yes"
          defaultChecked={form.values[name] === "yes"}
          {...described}
        />
      )}
    </StaffField>
  );
}
