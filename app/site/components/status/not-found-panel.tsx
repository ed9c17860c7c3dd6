import { pageText } from "../../content/pages.ts";
import { paths } from "../../content/urls.ts";
import { StatusPanel } from "./status-panel.tsx";

const waysOn = [
  { href: paths.home, label: "Home page" },
  { href: paths.services, label: "All services" },
  { href: paths.contact, label: "Contact us" },
];

/** What a visitor sees at an address the site does not have: the way back, not a dead end. */
export function NotFoundPanel({ headingLevel = 1 }: { headingLevel?: 1 | 2 }) {
  return (
    <StatusPanel
      status={404}
      id="not-found-title"
      heading={pageText.notFound.heading}
      headingLevel={headingLevel}
      links={waysOn}
    >
      <p>The address may be mistyped, or the page may have moved. These will take you on:</p>
    </StatusPanel>
  );
}
