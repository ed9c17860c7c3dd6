import { createContext, useContext } from "react";
import { pageText } from "../../content/pages.ts";
import { errorReference } from "../../content/status-pages.ts";
import { paths } from "../../content/urls.ts";
import { useCompany } from "../../lib/company.tsx";
import { StatusPanel } from "./status-panel.tsx";

const waysOn = [
  { href: paths.home, label: "Home page" },
  { href: paths.contact, label: "Contact us" },
];

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
  return (
    <StatusPanel status={sent ?? status} id="error-title" heading={pageText.error.heading} links={waysOn}>
      <p>
        The page could not be shown. Please try again in a moment, or reach us directly at{" "}
        <a href={`tel:${site.phone.e164}`}>{site.phone.display}</a> or <a href={`mailto:${site.email}`}>{site.email}</a>
        .
      </p>
      {reference ? <p>{errorReference(reference)}</p> : null}
    </StatusPanel>
  );
}
