import { StatusPanel } from "../../site/components/status/status-panel.tsx";
import { ownersOnlyText as text } from "../content/roles.ts";
import { staffPaths } from "../paths.ts";

/** What a signed-in staff member meets on a page only an owner may use (requireOwner): why, and the ways on. */
export function StaffOwnersOnly() {
  return (
    <StatusPanel
      status={403}
      id="owners-only-title"
      heading={text.heading}
      links={[
        { href: staffPaths.inbox, label: text.backToInbox },
        { href: staffPaths.account, label: text.yourAccount },
      ]}
    >
      {text.explanation.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </StatusPanel>
  );
}
