import type { LegalDocument } from "../../content/legal.ts";

const dateFormat = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

export function LegalText({ document }: { document: LegalDocument }) {
  return (
    <div className="legal-text container">
      <p className="legal-text__updated">
        Last updated: <time dateTime={document.lastUpdated}>{dateFormat.format(new Date(document.lastUpdated))}</time>
      </p>
      {document.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          <p>{section.body}</p>
        </section>
      ))}
    </div>
  );
}
