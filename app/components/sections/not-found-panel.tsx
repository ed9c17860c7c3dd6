import { pageText } from "../../content/pages.ts";
import { paths } from "../../lib/urls.ts";

/** What a visitor sees at an address the site does not have: the way back, not a dead end. */
export function NotFoundPanel({ headingLevel = 1 }: { headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <section className="status-panel container" aria-labelledby="not-found-title">
      <p className="status-panel__code">Error 404</p>
      <Heading id="not-found-title" className="status-panel__title">
        {pageText.notFound.heading}
      </Heading>
      <p>The address may be mistyped, or the page may have moved. These will take you on:</p>
      <ul className="status-panel__links">
        <li>
          <a href={paths.home}>Home page</a>
        </li>
        <li>
          <a href={paths.services}>All services</a>
        </li>
        <li>
          <a href={paths.contact}>Contact us</a>
        </li>
      </ul>
    </section>
  );
}
