import type { DatabaseSync } from "node:sqlite";
import { type InquiryStatus, inquiryStatuses, NOTE_MAX_LENGTH, spamReasons, statusLabels } from "../content/inbox.ts";
import { type InboxFilter, receivedBounds } from "../lib/inbox-filter.ts";
import { internationalDigits } from "../lib/indian-phone.ts";
import { retryWhileBusy, transaction } from "./db.server.ts";
import {
  DELIVERY_COLUMNS,
  deliveriesByInquiry,
  fromRow,
  type InquiryListing,
  type InquiryRow,
  type MailKind,
  mailKinds,
} from "./inquiries.server.ts";

/** Who did it: the signed-in staff member (requireStaff). */
export type Actor = { email: string; name: string };

export type InquiryNote = { id: number; at: string; authorEmail: string; authorName: string; body: string };

/** An inquiry in the list: the listing, and whether a mail it owes has not gone out. */
export type InboxRow = InquiryListing & { mailNotSent: boolean };

/** One of the inquiries an erasure takes: what the confirmation lists, nothing more. */
export type ErasureMatch = { id: number; reference: string; receivedAt: string };

export type ErasureResult = { inquiries: number; mails: number; notes: number };

/** How long a staff action waits out a database another process holds locked. */
const WRITE_PATIENCE_MS = 5000;

export type Inbox = ReturnType<typeof createInbox>;

/**
 * What staff do with inquiries: find them, move them between statuses, note
 * what was said, send a mail again, erase a person. Each change writes its
 * audit entry in the same transaction, so neither can exist without the other;
 * an entry names the staff member and never the visitor's details.
 */
export function createInbox(db: DatabaseSync) {
  // A deleted row's bytes are overwritten, not left in free pages of the file.
  db.exec("PRAGMA secure_delete = ON");
  // Phone numbers compare as the digits they dial, however they were written.
  db.function("phone_digits", { deterministic: true }, (value) =>
    typeof value === "string" ? value.replace(/\D/g, "") : null,
  );
  db.function("phone_key", { deterministic: true }, (value) =>
    typeof value === "string" ? (internationalDigits(value) ?? null) : null,
  );

  const audit = db.prepare("INSERT INTO audit_log (at, actor, action, inquiry_id, detail) VALUES (?, ?, ?, ?, ?)");
  const record = (actor: string, action: string, inquiryId: number | null, detail: string | null, now: Date) =>
    audit.run(now.toISOString(), actor, action, inquiryId, detail);

  const byReference = db.prepare("SELECT * FROM inquiries WHERE reference = ?");
  const byId = db.prepare("SELECT * FROM inquiries WHERE id = ?");
  const deliveriesOf = db.prepare(`SELECT ${DELIVERY_COLUMNS} FROM outbox WHERE inquiry_id = ?`);
  const deliveriesOfMany = db.prepare(
    `SELECT ${DELIVERY_COLUMNS} FROM outbox WHERE inquiry_id IN (SELECT value FROM json_each(?))`,
  );
  const notesOf = db.prepare("SELECT * FROM inquiry_notes WHERE inquiry_id = ? ORDER BY id");
  const updateStatus = db.prepare("UPDATE inquiries SET status = ?, spam_reason = ? WHERE id = ?");
  const queueMail = db.prepare("INSERT OR IGNORE INTO outbox (inquiry_id, kind, next_attempt_at) VALUES (?, ?, ?)");
  const insertNote = db.prepare(
    "INSERT INTO inquiry_notes (inquiry_id, at, author_email, author_name, body) VALUES (?, ?, ?, ?, ?)",
  );
  const requeue = db.prepare(
    `UPDATE outbox SET state = 'pending', attempts = 0, next_attempt_at = ?, last_error = NULL, unconfirmed_at = NULL
     WHERE inquiry_id = ? AND kind = ? AND state IN ('failed', 'unknown')`,
  );
  const samePerson = db.prepare(
    `SELECT id, reference, received_at FROM inquiries
     WHERE lower(email) = lower(:email) OR (:phone IS NOT NULL AND phone_key(phone_number) = :phone)
     ORDER BY id DESC`,
  );

  /** The WHERE clause and its values for a filter; withStatus false leaves the status out (for the counts). */
  function where(filter: InboxFilter, withStatus: boolean): { sql: string; values: Record<string, string> } {
    const parts: string[] = [];
    const values: Record<string, string> = {};
    if (withStatus) {
      if (filter.status) {
        parts.push("status = :status");
        values.status = filter.status;
      } else {
        parts.push("status != 'spam'");
      }
    }
    const { from, before } = receivedBounds(filter);
    if (from) {
      parts.push("received_at >= :from");
      values.from = from;
    }
    if (before) {
      parts.push("received_at < :before");
      values.before = before;
    }
    if (filter.search) {
      const like = `%${filter.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      values.like = like;
      const fields = ["reference", "name", "email", "phone_number", "msg_subject", "message"]
        .map((column) => `${column} LIKE :like ESCAPE '\\'`)
        .join(" OR ");
      // "98765 43210", "9876543210" and "+91-98765-43210" find one another.
      const digits = filter.search.replace(/\D/g, "");
      if (digits.length >= 4 && /^[\d\s+\-.()]+$/.test(filter.search)) {
        values.digits = `%${digits}%`;
        parts.push(`(${fields} OR phone_digits(phone_number) LIKE :digits)`);
      } else {
        parts.push(`(${fields})`);
      }
    }
    return { sql: parts.length > 0 ? `WHERE ${parts.join(" AND ")}` : "", values };
  }

  function withDeliveries(rows: InquiryRow[]): InboxRow[] {
    const deliveries = deliveriesByInquiry(deliveriesOfMany.all(JSON.stringify(rows.map((row) => row.id))));
    return rows.map((row) => {
      const list = deliveries.get(row.id) ?? [];
      return { ...fromRow(row), deliveries: list, mailNotSent: list.some((mail) => mail.state !== "sent") };
    });
  }

  function write<T>(work: () => T): Promise<T> {
    return retryWhileBusy(() => transaction(db, work), { patienceMs: WRITE_PATIENCE_MS });
  }

  return {
    /** One page of the inquiries the filter shows, newest first, and how many it shows in all. */
    search(filter: InboxFilter, page: { limit: number; offset: number }): { rows: InboxRow[]; total: number } {
      const { sql, values } = where(filter, true);
      const rows = db
        .prepare(`SELECT * FROM inquiries ${sql} ORDER BY id DESC LIMIT :limit OFFSET :offset`)
        .all({ ...values, limit: page.limit, offset: page.offset }) as InquiryRow[];
      const { total } = db.prepare(`SELECT count(*) AS total FROM inquiries ${sql}`).get(values) as { total: number };
      return { rows: withDeliveries(rows), total };
    },

    /** Every inquiry the filter shows, newest first: the CSV export. */
    all(filter: InboxFilter): InboxRow[] {
      const { sql, values } = where(filter, true);
      return withDeliveries(db.prepare(`SELECT * FROM inquiries ${sql} ORDER BY id DESC`).all(values) as InquiryRow[]);
    },

    /** How many inquiries the search and dates match in each status. */
    counts(filter: InboxFilter): Record<InquiryStatus, number> {
      const { sql, values } = where(filter, false);
      const counts = Object.fromEntries(inquiryStatuses.map((status) => [status, 0])) as Record<InquiryStatus, number>;
      const rows = db.prepare(`SELECT status, count(*) AS count FROM inquiries ${sql} GROUP BY status`).all(values) as {
        status: InquiryStatus;
        count: number;
      }[];
      for (const row of rows) counts[row.status] = row.count;
      return counts;
    },

    find(reference: string): InboxRow | undefined {
      const row = byReference.get(reference) as InquiryRow | undefined;
      if (!row) return undefined;
      const list = deliveriesByInquiry(deliveriesOf.all(row.id)).get(row.id) ?? [];
      return { ...fromRow(row), deliveries: list, mailNotSent: list.some((mail) => mail.state !== "sent") };
    },

    notes(inquiryId: number): InquiryNote[] {
      return (notesOf.all(inquiryId) as Record<string, unknown>[]).map((row) => ({
        id: row.id as number,
        at: row.at as string,
        authorEmail: row.author_email as string,
        authorName: row.author_name as string,
        body: row.body as string,
      }));
    },

    /**
     * Moves an inquiry to a status. Out of the spam tray, it owes its two mails
     * from now on, and they are queued; into it, a reason is kept. Answers
     * whether mails were queued, or undefined when the inquiry is gone.
     */
    setStatus(
      inquiryId: number,
      status: InquiryStatus,
      actor: Actor,
      now: Date = new Date(),
    ): Promise<{ queuedMails: boolean } | undefined> {
      return write(() => {
        const row = byId.get(inquiryId) as InquiryRow | undefined;
        if (!row) return undefined;
        if (row.status === status) return { queuedMails: false };
        const reason = status === "spam" ? spamReasons.byStaff : null;
        updateStatus.run(status, reason, inquiryId);
        let queued = 0;
        if (row.status === "spam") {
          for (const kind of mailKinds) queued += Number(queueMail.run(inquiryId, kind, now.getTime()).changes);
        }
        const detail = `${statusLabels[row.status]} → ${statusLabels[status]}`;
        record(actor.email, row.status === "spam" ? "not spam" : "status changed", inquiryId, detail, now);
        if (queued > 0) record(actor.email, "mails queued", inquiryId, `${queued} after leaving the spam tray`, now);
        return { queuedMails: queued > 0 };
      });
    },

    /** Adds an internal note; the audit entry says a note was added, never what it says. */
    addNote(inquiryId: number, body: string, actor: Actor, now: Date = new Date()): Promise<boolean> {
      const text = body.replace(/\r\n?/g, "\n").trim();
      if (text === "" || text.length > NOTE_MAX_LENGTH) return Promise.resolve(false);
      return write(() => {
        if (!byId.get(inquiryId)) return false;
        insertNote.run(inquiryId, now.toISOString(), actor.email, actor.name, text);
        record(actor.email, "note added", inquiryId, null, now);
        return true;
      });
    },

    /** Puts a failed or unconfirmed mail back in the queue with fresh attempts; false when there was none. */
    sendAgain(inquiryId: number, kind: MailKind, actor: Actor, now: Date = new Date()): Promise<boolean> {
      return write(() => {
        const changed = Number(requeue.run(now.getTime(), inquiryId, kind).changes) > 0;
        if (changed) {
          record(
            actor.email,
            "mail sent again",
            inquiryId,
            kind === "company" ? "Company copy" : "Acknowledgement",
            now,
          );
        }
        return changed;
      });
    },

    /**
     * Every inquiry of the person who sent this one: the same e-mail address
     * (in any case) or the same phone number (however it was written).
     */
    samePerson(inquiryId: number): ErasureMatch[] {
      const row = byId.get(inquiryId) as InquiryRow | undefined;
      if (!row) return [];
      const rows = samePerson.all({ email: row.email, phone: internationalDigits(row.phone_number) ?? null }) as {
        id: number;
        reference: string;
        received_at: string;
      }[];
      return rows.map((match) => ({ id: match.id, reference: match.reference, receivedAt: match.received_at }));
    },

    /**
     * Erases a person on their request: every inquiry of theirs (samePerson),
     * with its mails and notes. The audit log keeps that it happened, who did
     * it and when, and nothing of the person; their inquiries' earlier entries
     * hold no personal details to begin with.
     */
    erasePerson(inquiryId: number, actor: Actor, now: Date = new Date()): Promise<ErasureResult | undefined> {
      return write(() => {
        const row = byId.get(inquiryId) as InquiryRow | undefined;
        if (!row) return undefined;
        const ids = (
          samePerson.all({ email: row.email, phone: internationalDigits(row.phone_number) ?? null }) as { id: number }[]
        ).map((match) => match.id);
        const result = deleteInquiries(db, ids);
        const detail =
          `on request: ${result.inquiries} ${result.inquiries === 1 ? "inquiry" : "inquiries"}, ` +
          `${result.mails} ${result.mails === 1 ? "mail" : "mails"}, ${result.notes} ${result.notes === 1 ? "note" : "notes"}`;
        for (const id of ids) record(actor.email, "erased", id, detail, now);
        return result;
      }).then((result) => {
        if (result) releaseDeletedPages(db);
        return result;
      });
    },
  };
}

/**
 * Deletes inquiries with their mails and notes, inside the caller's
 * transaction. Audit entries stay: they hold no visitor's details.
 */
export function deleteInquiries(db: DatabaseSync, ids: readonly number[]): ErasureResult {
  if (ids.length === 0) return { inquiries: 0, mails: 0, notes: 0 };
  const list = JSON.stringify(ids);
  const inList = "(SELECT value FROM json_each(?))";
  const notes = Number(db.prepare(`DELETE FROM inquiry_notes WHERE inquiry_id IN ${inList}`).run(list).changes);
  const mails = Number(db.prepare(`DELETE FROM outbox WHERE inquiry_id IN ${inList}`).run(list).changes);
  const inquiries = Number(db.prepare(`DELETE FROM inquiries WHERE id IN ${inList}`).run(list).changes);
  return { inquiries, mails, notes };
}

/**
 * Moves what the write-ahead log holds into the database file and empties the
 * log, so that the deleted rows' old pages (overwritten there, with
 * secure_delete) do not linger in it either. Best effort: while another
 * connection reads, the log is emptied at a later checkpoint.
 */
export function releaseDeletedPages(db: DatabaseSync): void {
  try {
    db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  } catch {
    // Busy: SQLite checkpoints again by itself as the log grows.
  }
}
