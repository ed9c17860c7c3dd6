/** A refused form's problems above it, each a link to its field: read first, as the form's alert. */
export function ProblemSummary({
  id,
  heading,
  problems,
}: {
  id: string;
  heading: string;
  problems: readonly { href: string; text: string }[];
}) {
  if (problems.length === 0) return null;
  return (
    <div className="staff-notice staff-notice--warning" role="alert" aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      <ul>
        {problems.map((problem) => (
          <li key={problem.href}>
            <a href={problem.href}>{problem.text}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The form's own save button, for those who may change the item. */
export function SaveDraftButton({ label }: { label: string }) {
  return (
    <div className="site-actions">
      <button type="submit" className="staff-button">
        {label}
      </button>
    </div>
  );
}
