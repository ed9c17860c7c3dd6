import type { RefObject } from "react";
import { focusField } from "./use-checked-form.ts";

type FormSummaryProps = {
  /** The form's own prefix, so that two forms' summaries never share an id. */
  idPrefix: string;
  /** "Please check the form", in the page's words. */
  heading: string;
  formError: string | undefined;
  /** Each field's problem, with the id of the field it leads to. */
  problems: { fieldId: string; text: string }[];
  summaryRef: RefObject<HTMLDivElement | null>;
};

/** What to correct, above a refused form: it takes focus, and each line leads to its field. */
export function FormSummary({ idPrefix, heading, formError, problems, summaryRef }: FormSummaryProps) {
  const titleId = `${idPrefix}-summary-title`;
  return (
    <div className="form-summary" role="alert" tabIndex={-1} ref={summaryRef} aria-labelledby={titleId}>
      <h3 id={titleId} className="form-summary__title">
        {heading}
      </h3>
      {formError && <p className="form-summary__text">{formError}</p>}
      {problems.length > 0 && (
        <ul className="form-summary__list">
          {problems.map((problem) => (
            <li key={problem.fieldId}>
              <a href={`#${problem.fieldId}`} onClick={focusField}>
                {problem.text}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
