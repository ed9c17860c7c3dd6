import { type InquiryStatus, statusLabels } from "../content/inbox.ts";

export function StatusBadge({ status }: { status: InquiryStatus }) {
  return <span className={`inbox-status inbox-status--${status}`}>{statusLabels[status]}</span>;
}
