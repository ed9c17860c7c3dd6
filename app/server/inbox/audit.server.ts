import { type Database, type Queries, retryWhileBusy } from "../store/db.server.ts";

/**
 * Who did what, and when: every sign-in, failure and lock, every change to an
 * inquiry, every erasure. The actor is a staff member's e-mail address or
 * "system" (the retention job, the site itself). An entry never holds a
 * visitor's personal details (name, e-mail, phone, message), so it can outlive
 * the inquiry it speaks of: an erasure removes the inquiry, and the entry that
 * says it was erased stays.
 */
export type AuditEntry = {
  actor: string;
  /** A short fixed name: "sign-in", "sign-in failed", "status changed", "erased", … */
  action: string;
  inquiryId?: number | undefined;
  /** Detail without personal data, such as "New → Contacted". */
  detail?: string | undefined;
};

export type StoredAuditEntry = Required<Pick<AuditEntry, "actor" | "action">> & {
  id: number;
  /** ISO 8601, UTC. */
  at: string;
  inquiryId: number | null;
  detail: string | null;
};

type AuditRow = {
  id: number;
  at: string;
  actor: string;
  action: string;
  inquiry_id: number | null;
  detail: string | null;
};

const fromRow = (row: AuditRow): StoredAuditEntry => ({
  id: row.id,
  at: row.at,
  actor: row.actor,
  action: row.action,
  inquiryId: row.inquiry_id,
  detail: row.detail,
});

/**
 * Writes an entry with the queries given: a transaction's, so that a change
 * and the entry that records it commit together or not at all.
 */
export async function recordAudit(queries: Queries, entry: AuditEntry, now: Date = new Date()): Promise<void> {
  await queries.run("INSERT INTO audit_log (at, actor, action, inquiry_id, detail) VALUES (?, ?, ?, ?, ?)", [
    now.toISOString(),
    entry.actor,
    entry.action,
    entry.inquiryId ?? null,
    entry.detail ?? null,
  ]);
}

export type AuditLog = ReturnType<typeof createAuditLog>;

export function createAuditLog(db: Database) {
  return {
    /** An entry of its own, for a step that is not one transaction with its change. */
    async record(entry: AuditEntry, now: Date = new Date()): Promise<void> {
      await retryWhileBusy(() => recordAudit(db, entry, now));
    },
    /** The history of one inquiry, oldest first. */
    async forInquiry(inquiryId: number): Promise<StoredAuditEntry[]> {
      return (await db.all<AuditRow>("SELECT * FROM audit_log WHERE inquiry_id = ? ORDER BY id", [inquiryId])).map(
        fromRow,
      );
    },
    /** The newest entries, newest first. */
    async recent(limit = 100): Promise<StoredAuditEntry[]> {
      return (await db.all<AuditRow>("SELECT * FROM audit_log ORDER BY id DESC LIMIT ?", [limit])).map(fromRow);
    },
  };
}
