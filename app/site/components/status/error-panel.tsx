import { createContext, useContext } from "react";
import { paths } from "../../content/urls.ts";
import { useCompany } from "../../lib/company.tsx";
import { usePageLanguage } from "../../lib/language.tsx";
import { useWords } from "../../lib/words.tsx";
import { StatusPanel } from "./status-panel.tsx";

/**
 * The id of the request being answered (X-Request-Id), which the server's log
 * lines about it carry; given by app/entry.server.tsx, absent from a
 * prerendered page, which answers no request of its own.
 */
export const RequestReferenceContext = createContext<string | null>(null);

/**
 * The status the response goes out with when the server decided it after the
 * failure (503 for a store out of reach), which the page must say too.
 */
export const ResponseStatusContext = createContext<number | null>(null);

/** Shown when a page fails; rendered for a request, with the reference that finds it in the log. */
export function ErrorPanel({ status }: { status: number }) {
  const reference = useContext(RequestReferenceContext);
  const sent = useContext(ResponseStatusContext);
  const site = useCompany();
  const { pages, status: words } = useWords();
  const { localPath } = usePageLanguage();
  const waysOn = [
    { href: localPath(paths.home), label: words.homePage },
    { href: localPath(paths.contact), label: words.contactUs },
  ];
  return (
    <StatusPanel status={sent ?? status} id="error-title" heading={pages.error.heading} links={waysOn}>
      <p>
        {words.failed} <a href={`tel:${site.phone.e164}`}>{site.phone.display}</a> {words.or}{" "}
        <a href={`mailto:${site.email}`}>{site.email}</a>
        {words.failedEnd}
      </p>
      {reference ? <p>{words.errorReference(reference)}</p> : null}
    </StatusPanel>
  );
}
