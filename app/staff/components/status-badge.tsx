import type { InquiryStatus } from "../../server/inbox/statuses.ts";
import { statusLabels } from "../content/inbox.ts";

export function StatusBadge({ status }: { status: InquiryStatus }) {
  return <span className={`inbox-status inbox-status--${status}`}>{statusLabels[status]}</span>;
}
