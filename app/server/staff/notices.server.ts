import { wakeWhenCommitted } from "../jobs/job-queue.server.ts";
import type { Queries } from "../store/db.server.ts";

/**
 * What a staff member is told about their own account. Each change that could
 * let someone else in is mailed to the account's owner, so a change they did
 * not make does not go unnoticed.
 */
export type StaffNoticeKind = "passkey-added" | "password-changed";

export type StaffNotice = {
  staffId: number;
  kind: StaffNoticeKind;
  /** The passkey's name, or how the password was set; never a secret. */
  detail: string;
};

/**
 * Puts the notice in the outbox with the queries given: the change's own
 * transaction, so the change and its mail are stored together or not at all.
 */
export async function queueStaffNotice(queries: Queries, notice: StaffNotice, now: number): Promise<void> {
  await queries.run("INSERT INTO outbox (staff_id, kind, detail, queued_at, next_attempt_at) VALUES (?, ?, ?, ?, ?)", [
    notice.staffId,
    notice.kind,
    notice.detail,
    now,
    now,
  ]);
  wakeWhenCommitted(queries);
}
