import { pageText } from "../../content/pages.ts";
import { site } from "../../content/site.ts";
import { paths } from "../../lib/urls.ts";
import { StatusPanel } from "./status-panel.tsx";

const waysOn = [
  { href: paths.home, label: "Home page" },
  { href: paths.contact, label: "Contact us" },
];

/** Shown when a page fails. */
export function ErrorPanel({ status }: { status: number }) {
  return (
    <StatusPanel status={status} id="error-title" heading={pageText.error.heading} links={waysOn}>
      <p>
        The page could not be shown. Please try again in a moment, or reach us directly at{" "}
        <a href={`tel:${site.phone.e164}`}>{site.phone.display}</a> or <a href={`mailto:${site.email}`}>{site.email}</a>
        .
      </p>
    </StatusPanel>
  );
}
