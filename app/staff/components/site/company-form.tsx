import type { CompanyField, CompanyProblem } from "../../../server/content/company-item.ts";
import { companyEditorText as text } from "../../content/site-editor.ts";
import { StaffField } from "../staff-field.tsx";
import { ProblemSummary, SaveDraftButton } from "./problem-summary.tsx";

type CompanyFormProps = {
  action: string;
  values: Readonly<Record<CompanyField, string>>;
  problems: Readonly<Partial<Record<CompanyField, CompanyProblem>>>;
  /** The version the form was opened on: a save made from an older one is refused. */
  basedOn: number;
  /** For those who may read the details but not change them. */
  readOnly: boolean;
};

/** The form's fields, in groups as a person thinks of them. */
const GROUPS: readonly { legend: keyof typeof text.groups; fields: readonly CompanyField[] }[] = [
  { legend: "company", fields: ["name", "legalName", "tagline", "summary", "origin"] },
  { legend: "contact", fields: ["phone", "whatsapp", "email", "hours"] },
  { legend: "address", fields: ["street", "city", "region", "postalCode", "mapLink"] },
  { legend: "grievance", fields: ["grievanceName", "grievanceEmail", "grievancePhone"] },
  { legend: "social", fields: ["Facebook", "Instagram", "LinkedIn", "YouTube"] },
];

const INPUT_TYPES: Partial<Record<CompanyField, string>> = {
  phone: "tel",
  whatsapp: "tel",
  grievancePhone: "tel",
  email: "email",
  grievanceEmail: "email",
  mapLink: "url",
  origin: "url",
  Facebook: "url",
  Instagram: "url",
  LinkedIn: "url",
  YouTube: "url",
};

/** The company's details, a field each, every refusal beside its field and listed above the form. */
export function CompanyForm({ action, values, problems, basedOn, readOnly }: CompanyFormProps) {
  const refused = Object.keys(problems) as CompanyField[];
  return (
    <form method="post" action={action} className="staff-form" noValidate>
      <ProblemSummary
        id="company-problems"
        heading={text.problemsHeading}
        problems={refused.map((field) => ({
          href: `#company-${field}`,
          text: `${text.fields[field].label}: ${text.problems[problems[field] as CompanyProblem]}`,
        }))}
      />
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="basedOn" value={basedOn} />
      {GROUPS.map((group) => (
        <fieldset key={group.legend} className="site-fields" disabled={readOnly}>
          <legend>{text.groups[group.legend]}</legend>
          {group.fields.map((field) => {
            const id = `company-${field}`;
            const { label, hint } = text.fields[field] as { label: string; hint?: string };
            const problem = problems[field];
            return (
              <StaffField key={field} id={id} label={label} hint={hint} error={problem && text.problems[problem]}>
                {(described) => (
                  <input
                    id={id}
                    name={field}
                    type={INPUT_TYPES[field] ?? "text"}
                    defaultValue={values[field]}
                    {...described}
                  />
                )}
              </StaffField>
            );
          })}
        </fieldset>
      ))}
      {!readOnly && <SaveDraftButton label={text.saveDraft} />}
    </form>
  );
}
