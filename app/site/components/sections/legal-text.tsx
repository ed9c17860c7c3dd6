import type { Block } from "../../../server/content/markdown.ts";
import type { LegalDocument } from "../../content/legal.ts";
import { useWords } from "../../lib/words.tsx";
import { MarkdownBlocks } from "../ui/markdown-blocks.tsx";

/** A legal page with each section's Markdown read into blocks on the server. */
export type LegalShown = Omit<LegalDocument, "sections"> & {
  sections: readonly { heading: string; body: readonly Block[] }[];
};

const dateFormat = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

export function LegalText({ document }: { document: LegalShown }) {
  const { sections } = useWords();
  return (
    <div className="legal-text container">
      {document.draftNote && (
        <p>
          <strong>{document.draftNote}</strong>
        </p>
      )}
      <p className="legal-text__updated">
        {sections.lastUpdated}{" "}
        <time dateTime={document.lastUpdated}>{dateFormat.format(new Date(document.lastUpdated))}</time>
      </p>
      {document.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          <MarkdownBlocks blocks={section.body} />
        </section>
      ))}
    </div>
  );
}
