import { companyEditorText } from "../../content/site-editor.ts";

type ConflictPanelProps = {
  by: string | null;
  when: string;
  /** Where their saved version and the form's differ: `was` theirs, `now` yours. */
  lines: readonly { path: string; was: string; now: string }[];
};

/** A save refused because someone saved after the page was opened: both versions side by side. */
export function ConflictPanel({ by, when, lines }: ConflictPanelProps) {
  const text = companyEditorText.conflict;
  return (
    <section className="staff-panel staff-notice--warning" role="alert" aria-labelledby="conflict-heading">
      <h2 id="conflict-heading">{text.heading}</h2>
      <p>{text.body(by, when)}</p>
      <table className="site-table">
        <thead>
          <tr>
            <th scope="col">{text.field}</th>
            <th scope="col">{text.theirs}</th>
            <th scope="col">{text.yours}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.path}>
              <th scope="row">{line.path}</th>
              <td>{line.was}</td>
              <td>{line.now}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
