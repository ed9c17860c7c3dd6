import type { StatusPageText } from "../../content/status-pages.ts";
import { paths } from "../../lib/urls.ts";

/** Why the site turned a request away, and the way on; plain anchors, as after any failure. */
export function RefusalPanel({ page }: { page: StatusPageText }) {
  return (
    <section className="status-panel container" aria-labelledby="refusal-title">
      <p className="status-panel__code">Error {page.status}</p>
      <h1 id="refusal-title" className="status-panel__title">
        {page.heading}
      </h1>
      {page.explanation.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      <ul className="status-panel__links">
        <li>
          <a href={paths.contact}>Contact page</a>
        </li>
        <li>
          <a href={paths.home}>Home page</a>
        </li>
      </ul>
    </section>
  );
}
