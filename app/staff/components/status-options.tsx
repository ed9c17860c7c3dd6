import { inquiryStatuses } from "../../server/inbox/statuses.ts";
import { statusLabels } from "../content/inbox.ts";

/** Every status as an option of a select, in the workflow's order, each by its label. */
export function StatusOptions() {
  return inquiryStatuses.map((status) => (
    <option key={status} value={status}>
      {statusLabels[status]}
    </option>
  ));
}
