import { paths } from "../../content/urls.ts";
import { usePageLanguage } from "../../lib/language.tsx";
import { useWords } from "../../lib/words.tsx";
import { StatusPanel } from "./status-panel.tsx";

/** What a visitor sees at an address the site does not have: the way back, not a dead end. */
export function NotFoundPanel({ headingLevel = 1 }: { headingLevel?: 1 | 2 }) {
  const { pages, status: words } = useWords();
  const { localPath } = usePageLanguage();
  const waysOn = [
    { href: localPath(paths.home), label: words.homePage },
    { href: localPath(paths.services), label: words.allServices },
    { href: localPath(paths.contact), label: words.contactUs },
  ];
  return (
    <StatusPanel
      status={404}
      id="not-found-title"
      heading={pages.notFound.heading}
      headingLevel={headingLevel}
      links={waysOn}
    >
      <p>{words.notFound}</p>
    </StatusPanel>
  );
}
