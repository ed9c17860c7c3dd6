import type { InquiryStatus } from "../../../server/inbox/statuses.ts";
import { inboxText } from "../../content/inbox.ts";
import { StaffField } from "../staff-field.tsx";
import { StatusOptions } from "../status-options.tsx";

/** Why the inquiry is in the spam tray, and the way out of it. */
export function SpamTray({ reason }: { reason: string | null }) {
  return (
    <div className="staff-notice staff-notice--warning">
      <p>{inboxText.spamTray(reason)}</p>
      <form method="post">
        <input type="hidden" name="intent" value="not-spam" />
        <button type="submit" className="staff-button">
          Not spam
        </button>
      </form>
    </div>
  );
}

export function StatusForm({ status }: { status: InquiryStatus }) {
  return (
    <section className="staff-panel" aria-labelledby="inquiry-status">
      <h2 id="inquiry-status">Status</h2>
      <form method="post" className="staff-form staff-form--inline">
        <input type="hidden" name="intent" value="status" />
        <StaffField id="status" label="Set the status">
          {() => (
            <select id="status" name="status" defaultValue={status}>
              <StatusOptions />
            </select>
          )}
        </StaffField>
        <button type="submit" className="staff-button">
          Save status
        </button>
      </form>
    </section>
  );
}
