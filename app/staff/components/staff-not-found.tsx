import { StatusPanel } from "../../site/components/status/status-panel.tsx";
import { staffPaths } from "../paths.ts";

/** An address under /inbox that names nothing, as signed-in staff see it (everyone else is sent to sign in). */
export function StaffNotFound() {
  return (
    <StatusPanel
      status={404}
      id="not-found-title"
      heading="Not found"
      links={[{ href: staffPaths.inbox, label: "All inquiries" }]}
    >
      <p>There is no inquiry at this address: it may have been erased, or the reference mistyped.</p>
    </StatusPanel>
  );
}
