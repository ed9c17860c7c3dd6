import type { RefusalKind } from "../../content/status-pages.ts";
import { paths } from "../../content/urls.ts";
import { usePageLanguage } from "../../lib/language.tsx";
import { useWords } from "../../lib/words.tsx";
import { StatusPanel } from "./status-panel.tsx";

/** Why the site turned a request away, and the way on. */
export function RefusalPanel({ kind, status }: { kind: RefusalKind; status: number }) {
  const { status: words } = useWords();
  const { localPath } = usePageLanguage();
  const refusal = words.refusals[kind];
  const waysOn = [
    { href: localPath(paths.contact), label: words.contactPage },
    { href: localPath(paths.home), label: words.homePage },
  ];
  return (
    <StatusPanel status={status} id="refusal-title" heading={refusal.heading} links={waysOn}>
      {refusal.explanation.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </StatusPanel>
  );
}
