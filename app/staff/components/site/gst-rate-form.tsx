import {
  describeGstRateProblem,
  GST_TABLE_MAX_ENTRIES,
  type GstRateProblem,
  type GstRateRow,
  KNOWN_GST_RATES,
} from "../../../server/quotations/gst-rates.ts";
import { gstRateProblemText } from "../../content/gst-rates.ts";
import { gstRatesEditorText as text } from "../../content/site-editor.ts";
import { ProblemSummary, SaveDraftButton } from "./problem-summary.tsx";

type GstRateFormProps = {
  action: string;
  rows: readonly GstRateRow[];
  /** Each refused row's problems, by its place in the form. */
  problems: Readonly<Record<number, readonly GstRateProblem[]>>;
  basedOn: number;
  readOnly: boolean;
};

/** Empty rows after the table's own, to add rates without a script. */
const EMPTY_ROWS = 3;

const emptyRow: GstRateRow = { hsn: "", rate: "", effectiveFrom: "", note: "" };

/** The rate table as a form: a row per rate, each refusal beside its row and listed above the table. */
export function GstRateForm({ action, rows, problems, basedOn, readOnly }: GstRateFormProps) {
  const shown = [...rows, ...Array.from({ length: EMPTY_ROWS }, () => emptyRow)].slice(0, GST_TABLE_MAX_ENTRIES);
  const refused = Object.entries(problems).map(([row, ids]) => [Number(row), ids] as const);
  const said = (ids: readonly GstRateProblem[]) => ids.map((id) => describeGstRateProblem(id, gstRateProblemText));
  return (
    <form method="post" action={action} className="staff-form" noValidate>
      <ProblemSummary
        id="rates-problems"
        heading={text.problemsHeading}
        problems={refused.map(([row, ids]) => ({
          href: `#hsn_${row}`,
          text: text.rowProblem(row + 1, said(ids).join(" ")),
        }))}
      />
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="basedOn" value={basedOn} />
      <input type="hidden" name="rows" value={shown.length} />
      <p>{text.emptyRows}</p>
      <fieldset className="site-fields" disabled={readOnly}>
        <legend className="visually-hidden">{text.caption}</legend>
        <div className="site-table-scroll">
          <table className="site-table site-rates">
            <caption className="visually-hidden">{text.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{text.hsn}</th>
                <th scope="col">{text.rate}</th>
                <th scope="col">{text.from}</th>
                <th scope="col">{text.note}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((row, index) => {
                const errorId = problems[index] ? `rate-row-${index}-error` : undefined;
                const cell = (name: string, label: string) => ({
                  id: `${name}_${index}`,
                  name: `${name}_${index}`,
                  "aria-label": text.rowLabel(label, index + 1),
                  "aria-invalid": errorId ? true : undefined,
                  "aria-describedby": errorId,
                });
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row is its place in the form, which the server reads back by that place.
                  <tr key={index}>
                    <td>
                      <input {...cell("hsn", text.hsn)} inputMode="numeric" defaultValue={row.hsn} size={8} />
                      {errorId && (
                        <p id={errorId} className="site-rates__error">
                          {said(problems[index] ?? []).join(" ")}
                        </p>
                      )}
                    </td>
                    <td>
                      <select {...cell("rate", text.rate)} defaultValue={row.rate}>
                        <option value="" />
                        {KNOWN_GST_RATES.map((rate) => (
                          <option key={rate} value={String(rate)}>
                            {rate}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td>
                      <input {...cell("from", text.from)} type="date" defaultValue={row.effectiveFrom} />
                    </td>
                    <td>
                      <input {...cell("note", text.note)} defaultValue={row.note} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </fieldset>
      {!readOnly && <SaveDraftButton label={text.saveDraft} />}
    </form>
  );
}
