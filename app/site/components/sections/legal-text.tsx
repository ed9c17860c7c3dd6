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
      {document.draftNote && (
        <p>
          <strong>{document.draftNote}</strong>
        </p>
      )}
      <p className="legal-text__updated">
        Last updated: <time dateTime={document.lastUpdated}>{dateFormat.format(new Date(document.lastUpdated))}</time>
      </p>
      {document.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {typeof section.body === "string" ? (
            <p>{section.body}</p>
          ) : (
            section.body.map((paragraph) => <p key={paragraph}>{paragraph}</p>)
          )}
          {section.list && (
            <ul>
              {section.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
