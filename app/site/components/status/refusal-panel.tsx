import type { StatusPageText } from "../../content/status-pages.ts";
import { paths } from "../../content/urls.ts";
import { StatusPanel } from "./status-panel.tsx";

const waysOn = [
  { href: paths.contact, label: "Contact page" },
  { href: paths.home, label: "Home page" },
];

/** Why the site turned a request away, and the way on. */
export function RefusalPanel({ page }: { page: StatusPageText }) {
  return (
    <StatusPanel status={page.status} id="refusal-title" heading={page.heading} links={waysOn}>
      {page.explanation.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </StatusPanel>
  );
}
