import type { ReportLine } from "../../server/previews/report.ts";
import { inboxText } from "../content/inbox.ts";
import { type FileCheckView, markLabel, type PreviewView } from "../lib/artwork-checks.ts";

const text = inboxText.files;

/** The small preview in the file list, or where the check stands. */
export function FileThumbnail({ check }: { check: FileCheckView | undefined }) {
  if (!check) return null;
  if (check.state === "pending") return <span className="artwork-check__waiting">{text.preparing}</span>;
  if (!check.preview) return <span>{text.noPreview(check.noPreview ?? "")}</span>;
  // 320 px on the long side, shown at half: sharp on a phone's screen.
  return (
    <img
      className="artwork-thumb"
      src={check.preview.small}
      alt={check.preview.alt}
      width={160}
      height={160}
      loading="lazy"
    />
  );
}

/** One file's preview beside its print-readiness report. */
export function FileCheck({ name, check, headingId }: { name: string; check: FileCheckView; headingId: string }) {
  return (
    <article className="artwork-check" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <bdi>{text.checkHeading(name)}</bdi>
      </h3>
      {check.state === "pending" ? (
        <p className="artwork-check__waiting" role="status">
          {text.preparing}
        </p>
      ) : (
        <>
          <div className="artwork-check__body">
            <Preview preview={check.preview} noPreview={check.noPreview} />
            <Report lines={check.report} />
          </div>
          {check.entries && check.entries.length > 0 && (
            <details className="artwork-check__entries" open={check.entries.length <= 5}>
              <summary>
                {text.zipEntries} ({check.entries.length})
              </summary>
              <ul>
                {check.entries.map((entry) => (
                  <li key={entry.name} className="artwork-check__entry">
                    <p>
                      <bdi className="artwork-check__entry-name">{entry.name}</bdi>, {entry.size}
                      {entry.kind ? `, ${entry.kind}` : ""}
                    </p>
                    {entry.kind && (
                      <div className="artwork-check__body">
                        <Preview preview={entry.preview} noPreview={entry.noPreview} />
                        <Report lines={entry.report} />
                      </div>
                    )}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </>
      )}
    </article>
  );
}

function Preview({ preview, noPreview }: { preview: PreviewView | undefined; noPreview: string | undefined }) {
  if (!preview) return <p className="artwork-check__none">{text.noPreview(noPreview ?? "")}</p>;
  return (
    <a className="artwork-check__preview" href={preview.large}>
      <img src={preview.large} alt={preview.alt} width={600} height={600} loading="lazy" />
    </a>
  );
}

/** Each line with its mark in words, not colour alone. */
function Report({ lines }: { lines: readonly ReportLine[] }) {
  if (lines.length === 0) return null;
  return (
    <ul className="artwork-report">
      {lines.map((line) => (
        <li key={line.text} className={`artwork-report__line artwork-report__line--${line.mark}`}>
          <strong className="artwork-report__mark">{markLabel(line.mark)}:</strong> {line.text}
        </li>
      ))}
    </ul>
  );
}
