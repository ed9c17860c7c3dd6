import { pageText } from "../../content/pages.ts";
import { site } from "../../content/site.ts";
import { paths } from "../../lib/urls.ts";

/**
 * Shown when a page fails. Plain anchors, not router links: after a failure a
 * full page load is the surest way back.
 */
export function ErrorPanel({ status }: { status: number }) {
  return (
    <section className="status-panel container" aria-labelledby="error-title">
      <p className="status-panel__code">Error {status}</p>
      <h1 id="error-title" className="status-panel__title">
        {pageText.error.heading}
      </h1>
      <p>
        The page could not be shown. Please try again in a moment, or reach us directly at{" "}
        <a href={`tel:${site.phone.e164}`}>{site.phone.display}</a> or <a href={`mailto:${site.email}`}>{site.email}</a>
        .
      </p>
      <ul className="status-panel__links">
        <li>
          <a href={paths.home}>Home page</a>
        </li>
        <li>
          <a href={paths.contact}>Contact us</a>
        </li>
      </ul>
    </section>
  );
}
