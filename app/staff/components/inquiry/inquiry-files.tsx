import { inboxText } from "../../content/inbox.ts";
import type { FileCheckView } from "../../lib/artwork-checks.ts";
import { FileCheck, FileThumbnail } from "../artwork-check.tsx";

const text = inboxText.files;

type ArtworkFile = {
  name: string;
  kind: string;
  size: string;
  sha256: string;
  href: string;
  check: FileCheckView | undefined;
};

/** The buyer's artwork: each file to download, what it is, and its print check under the table. */
export function InquiryFiles({ files }: { files: readonly ArtworkFile[] }) {
  return (
    <section className="staff-panel" aria-labelledby="inquiry-files">
      <h2 id="inquiry-files">{text.heading}</h2>
      <table className="inbox-files">
        <thead>
          <tr>
            <th scope="col">{text.name}</th>
            <th scope="col">{text.kind}</th>
            <th scope="col">{text.size}</th>
            <th scope="col" className="inbox-files__fingerprint">
              SHA-256
            </th>
            <th scope="col">{text.preview}</th>
          </tr>
        </thead>
        <tbody>
          {files.map((file) => (
            <tr key={file.href}>
              <th scope="row">
                <a href={file.href} download>
                  <span className="visually-hidden">{text.download} </span>
                  <bdi>{file.name}</bdi>
                </a>
              </th>
              <td>{file.kind}</td>
              <td>{file.size}</td>
              <td className="inbox-files__fingerprint">
                <code className="inbox-files__hash">{file.sha256}</code>
              </td>
              <td>
                <FileThumbnail check={file.check} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {files.map(
        (file, index) =>
          file.check && (
            <FileCheck key={file.href} name={file.name} check={file.check} headingId={`file-check-${index}`} />
          ),
      )}
    </section>
  );
}
