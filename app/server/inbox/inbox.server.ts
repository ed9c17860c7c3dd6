import {
  DELIVERY_COLUMNS,
  deliveriesByInquiry,
  fromRow,
  type InquiryListing,
  type InquiryRow,
  personKeys,
} from "../contact/inquiries.server.ts";
import { wakeWhenCommitted } from "../jobs/job-queue.server.ts";
import { type MailKind, mailKinds } from "../mail/mail-kinds.ts";
import { forgetChecks } from "../previews/artwork-checks.server.ts";
import { optionName } from "../quotations/options-document.ts";
import { hasOptions, type StoredContent } from "../quotations/stored-content.ts";
import { type Database, placeholders, type Queries, retryWhileBusy } from "../store/db.server.ts";
import { recordAudit } from "./audit.server.ts";
import { type InboxFilter, type InboxSort, receivedBounds } from "./inbox-filter.ts";
import {
  type FirstReplyKind,
  type InboxWords,
  type InquiryStatus,
  inquiryStatuses,
  NOTE_MAX_LENGTH,
} from "./statuses.ts";

/** Who did it: the signed-in staff member (requireStaff). */
export type Actor = { email: string; name: string };

export type InquiryNote = { id: number; at: string; authorEmail: string; authorName: string; body: string };

/** When and how an inquiry was first answered (quotations.server.ts records it). */
export type FirstReply = { at: number; by: FirstReplyKind };

/** An inquiry in the list: the listing, whether a mail it owes has not gone out, and its first reply. */
export type InboxRow = InquiryListing & { mailNotSent: boolean; firstReply: FirstReply | undefined };

/** An inquiry's sent quotations (those with a number), summed up for the CSV. */
export type QuotationFacts = {
  sent: number;
  /** The one sent last. */
  latest: { number: string; total: number } | undefined;
  accepted: boolean;
  /** The option the buyer accepted, by its name, when the quotation accepted offered options. */
  acceptedOption?: string;
  /** The proforma for the advance, and the advance as staff recorded it on arrival. */
  advance?: { proforma: string; askedPaise: number; receivedPaise?: number; receivedOn?: string; reference?: string };
};

/** What the CSV tells of how an inquiry was answered. */
export type ReplyFacts = { firstReply: FirstReply | undefined; quotations: QuotationFacts };

/** An inquiry in the CSV export. */
export type ExportRow = InboxRow & ReplyFacts;

type Row = InquiryRow & { first_reply_at: number | null; first_reply_by: FirstReplyKind | null };

function firstReplyOf(row: Pick<Row, "first_reply_at" | "first_reply_by">): FirstReply | undefined {
  return row.first_reply_at === null || row.first_reply_by === null
    ? undefined
    : { at: Number(row.first_reply_at), by: row.first_reply_by };
}

/**
 * Owed a first reply: a new or contacted inquiry no one has answered yet.
 * Spam is owed none, and a quoted, won or lost one is past waiting (the
 * daily list of waiting inquiries, digest.server.ts, uses this one).
 */
export const WAITING = "(first_reply_at IS NULL AND status IN ('new', 'contacted'))";

/** The same rule, for a row already read. */
export function awaitsFirstReply(row: Pick<InboxRow, "status" | "firstReply">): boolean {
  return (row.status === "new" || row.status === "contacted") && !row.firstReply;
}

/**
 * NULL sorts first on SQLite and last on PostgreSQL; in the waiting order the
 * received time is NULL only for answered rows, which the first key has
 * already put after the rest, so both engines give the same order.
 */
const ORDER_BY: Record<InboxSort, string> = {
  newest: "id DESC",
  waiting: `CASE WHEN ${WAITING} THEN 0 ELSE 1 END, CASE WHEN ${WAITING} THEN received_at END, id DESC`,
};

/** One of the inquiries an erasure takes: what the confirmation lists, nothing more. */
export type ErasureMatch = { id: number; reference: string; receivedAt: string };

export type ErasureResult = { inquiries: number; mails: number; notes: number };

export type Inbox = ReturnType<typeof createInbox>;

/**
 * What staff do with inquiries: find them, move them between statuses, note
 * what was said, send a mail again, erase a person. Each change writes its
 * audit entry in the same transaction, so neither can exist without the other;
 * an entry names the staff member and never the visitor's details, and is
 * written in the words handed in (the staff area's).
 */
export function createInbox(db: Database, words: InboxWords) {
  const byId = (q: Queries, id: number) => q.get<InquiryRow>("SELECT * FROM inquiries WHERE id = ?", [id]);

  /** Every inquiry with the same e-mail address (in any case) or phone number (however written) as this one. */
  async function samePersonIds(q: Queries, row: InquiryRow): Promise<ErasureMatch[]> {
    const { emailKey, phoneKey } = personKeys({ email: row.email, phone: row.phone_number });
    const rows = await q.all<InquiryRow>(
      `SELECT * FROM inquiries
       WHERE email_key = :email OR (CAST(:phone AS TEXT) IS NOT NULL AND phone_key = :phone)
       ORDER BY id DESC`,
      { email: emailKey, phone: phoneKey },
    );
    return rows.map((match) => ({ id: match.id, reference: match.reference, receivedAt: match.received_at }));
  }

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
    if (filter.kind) parts.push(filter.kind === "quote" ? "quote IS NOT NULL" : "quote IS NULL");
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
      const like = `%${filter.search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      values.like = like;
      // lower() on both sides: PostgreSQL's LIKE heeds case, SQLite's does not.
      const fields = ["reference", "name", "email", "phone_number", "msg_subject", "message"]
        .map((column) => `lower(${column}) LIKE :like ESCAPE '\\'`)
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

  async function withDeliveries(rows: Row[]): Promise<InboxRow[]> {
    const ids = rows.map((row) => row.id);
    const deliveries = deliveriesByInquiry(
      ids.length === 0
        ? []
        : await db.all(`SELECT ${DELIVERY_COLUMNS} FROM outbox WHERE inquiry_id IN ${placeholders(ids)}`, ids),
    );
    return rows.map((row) => {
      const list = deliveries.get(row.id) ?? [];
      return {
        ...fromRow(row),
        deliveries: list,
        mailNotSent: list.some((mail) => mail.state !== "sent"),
        firstReply: firstReplyOf(row),
      };
    });
  }

  function write<T>(work: (tx: Queries) => Promise<T>): Promise<T> {
    return retryWhileBusy(() => db.transaction(work));
  }

  return {
    /** One page of the inquiries the filter shows, in its order, and how many it shows in all. */
    async search(
      filter: InboxFilter,
      page: { limit: number; offset: number },
    ): Promise<{ rows: InboxRow[]; total: number }> {
      const { sql, values } = where(filter, true);
      const rows = await db.all<Row>(
        `SELECT * FROM inquiries ${sql} ORDER BY ${ORDER_BY[filter.sort]} LIMIT :limit OFFSET :offset`,
        {
          ...values,
          limit: page.limit,
          offset: page.offset,
        },
      );
      const count = await db.get<{ total: number }>(`SELECT count(*) AS total FROM inquiries ${sql}`, values);
      return { rows: await withDeliveries(rows), total: count?.total ?? 0 };
    },

    /** Every inquiry the filter shows, in its order, with its quotations: the CSV export. */
    async all(filter: InboxFilter): Promise<ExportRow[]> {
      const { sql, values } = where(filter, true);
      const rows = await withDeliveries(
        await db.all<Row>(`SELECT * FROM inquiries ${sql} ORDER BY ${ORDER_BY[filter.sort]}`, values),
      );
      const quotations = await quotationFacts(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => ({ ...row, quotations: quotations.get(row.id) ?? noQuotations }));
    },

    /** How many inquiries the search and dates match in each status. */
    async counts(filter: InboxFilter): Promise<Record<InquiryStatus, number>> {
      const { sql, values } = where(filter, false);
      const counts = Object.fromEntries(inquiryStatuses.map((status) => [status, 0])) as Record<InquiryStatus, number>;
      const rows = await db.all<{ status: InquiryStatus; count: number }>(
        `SELECT status, count(*) AS count FROM inquiries ${sql} GROUP BY status`,
        values,
      );
      for (const row of rows) counts[row.status] = row.count;
      return counts;
    },

    async find(reference: string): Promise<InboxRow | undefined> {
      const row = await db.get<Row>("SELECT * FROM inquiries WHERE reference = ?", [reference]);
      if (!row) return undefined;
      const [found] = await withDeliveries([row]);
      return found;
    },

    async notes(inquiryId: number): Promise<InquiryNote[]> {
      const rows = await db.all("SELECT * FROM inquiry_notes WHERE inquiry_id = ? ORDER BY id", [inquiryId]);
      return rows.map((row) => ({
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
      return write(async (tx) => {
        const row = await byId(tx, inquiryId);
        if (!row) return undefined;
        if (row.status === status) return { queuedMails: false };
        const reason = status === "spam" ? words.spamReasons.byStaff : null;
        await tx.run("UPDATE inquiries SET status = ?, spam_reason = ? WHERE id = ?", [status, reason, inquiryId]);
        let queued = 0;
        if (row.status === "spam") {
          for (const kind of mailKinds) {
            queued += await tx.run(
              "INSERT INTO outbox (inquiry_id, kind, next_attempt_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
              [inquiryId, kind, now.getTime()],
            );
          }
          wakeWhenCommitted(tx);
        }
        const detail = `${words.statuses[row.status]} → ${words.statuses[status]}`;
        const action = row.status === "spam" ? "not spam" : "status changed";
        await recordAudit(tx, { actor: actor.email, action, inquiryId, detail }, now);
        if (queued > 0) {
          await recordAudit(
            tx,
            { actor: actor.email, action: "mails queued", inquiryId, detail: `${queued} after leaving the spam tray` },
            now,
          );
        }
        return { queuedMails: queued > 0 };
      });
    },

    /** Adds an internal note; the audit entry says a note was added, never what it says. */
    addNote(inquiryId: number, body: string, actor: Actor, now: Date = new Date()): Promise<boolean> {
      const text = body.replace(/\r\n?/g, "\n").trim();
      if (text === "" || text.length > NOTE_MAX_LENGTH) return Promise.resolve(false);
      return write(async (tx) => {
        if (!(await byId(tx, inquiryId))) return false;
        await tx.run(
          "INSERT INTO inquiry_notes (inquiry_id, at, author_email, author_name, body) VALUES (?, ?, ?, ?, ?)",
          [inquiryId, now.toISOString(), actor.email, actor.name, text],
        );
        await recordAudit(tx, { actor: actor.email, action: "note added", inquiryId }, now);
        return true;
      });
    },

    /** Puts a failed or unconfirmed mail back in the queue with fresh attempts; false when there was none. */
    sendAgain(inquiryId: number, kind: MailKind, actor: Actor, now: Date = new Date()): Promise<boolean> {
      return write(async (tx) => {
        const changed =
          (await tx.run(
            `UPDATE outbox SET state = 'pending', attempts = 0, next_attempt_at = ?, last_error = NULL, unconfirmed_at = NULL
             WHERE inquiry_id = ? AND kind = ? AND state IN ('failed', 'unknown')`,
            [now.getTime(), inquiryId, kind],
          )) > 0;
        if (changed) {
          wakeWhenCommitted(tx);
          const detail = words.mails[kind];
          await recordAudit(tx, { actor: actor.email, action: "mail sent again", inquiryId, detail }, now);
        }
        return changed;
      });
    },

    /**
     * Every inquiry of the person who sent this one: the same e-mail address
     * (in any case) or the same phone number (however it was written).
     */
    async samePerson(inquiryId: number): Promise<ErasureMatch[]> {
      const row = await byId(db, inquiryId);
      return row ? samePersonIds(db, row) : [];
    },

    /**
     * Erases a person on their request: every inquiry of theirs (samePerson),
     * with its mails and notes. The audit log keeps that it happened, who did
     * it and when, and nothing of the person; their inquiries' earlier entries
     * hold no personal details to begin with.
     */
    async erasePerson(inquiryId: number, actor: Actor, now: Date = new Date()): Promise<ErasureResult | undefined> {
      const result = await write(async (tx) => {
        const row = await byId(tx, inquiryId);
        if (!row) return undefined;
        const ids = (await samePersonIds(tx, row)).map((match) => match.id);
        const erased = await deleteInquiries(tx, ids);
        const detail =
          `on request: ${erased.inquiries} ${erased.inquiries === 1 ? "inquiry" : "inquiries"}, ` +
          `${erased.mails} ${erased.mails === 1 ? "mail" : "mails"}, ${erased.notes} ${erased.notes === 1 ? "note" : "notes"}`;
        for (const id of ids)
          await recordAudit(tx, { actor: actor.email, action: "erased", inquiryId: id, detail }, now);
        return erased;
      });
      if (result) await db.releaseDeletedPages();
      return result;
    },
  };
}

/**
 * Deletes inquiries with their mails and notes, inside the caller's
 * transaction. Audit entries stay: they hold no visitor's details.
 */
export async function deleteInquiries(tx: Queries, ids: readonly number[]): Promise<ErasureResult> {
  if (ids.length === 0) return { inquiries: 0, mails: 0, notes: 0 };
  const list = placeholders(ids);
  const notes = await tx.run(`DELETE FROM inquiry_notes WHERE inquiry_id IN ${list}`, ids);
  const quotations = `SELECT id FROM quotations WHERE inquiry_id IN ${list}`;
  const mails =
    (await tx.run(`DELETE FROM outbox WHERE inquiry_id IN ${list}`, ids)) +
    (await tx.run(`DELETE FROM outbox WHERE quotation_id IN (${quotations})`, ids));
  await tx.run(`DELETE FROM quotations WHERE inquiry_id IN ${list}`, ids);
  // Previews are copies of the files: they go now, with the inquiry.
  const files = await tx.all<{ id: string }>(`SELECT id FROM uploads WHERE inquiry_id IN ${list}`, ids);
  await forgetChecks(
    tx,
    files.map((file) => file.id),
  );
  // The files' bytes are in storage, outside this transaction: their rows mark them for the clean-up.
  await tx.run(`UPDATE uploads SET inquiry_id = NULL, discarded_at = ? WHERE inquiry_id IN ${list}`, [
    Date.now(),
    ...ids,
  ]);
  const inquiries = await tx.run(`DELETE FROM inquiries WHERE id IN ${list}`, ids);
  return { inquiries, mails, notes };
}

const noQuotations: QuotationFacts = { sent: 0, latest: undefined, accepted: false };

type FactsRow = {
  inquiry_id: number;
  number: string;
  state: string;
  total: number;
  content: string | null;
  accepted_option: number | string | null;
  proforma: string | null;
  advance_paise: number | string | null;
  received_paise: number | string | null;
  received_on: string | null;
  received_reference: string | null;
};

/** What an accepted quotation adds to its inquiry's facts: the option taken, and the advance asked and received. */
function acceptedFacts(row: FactsRow): Pick<QuotationFacts, "acceptedOption" | "advance"> {
  if (row.state !== "accepted") return {};
  const content = row.content === null ? undefined : (JSON.parse(row.content) as StoredContent);
  const option = Number(row.accepted_option ?? 0);
  return {
    ...(content && hasOptions(content) ? { acceptedOption: optionName(content, option) } : {}),
    ...(row.proforma !== null
      ? {
          advance: {
            proforma: row.proforma,
            askedPaise: Number(row.advance_paise),
            ...(row.received_paise === null
              ? {}
              : {
                  receivedPaise: Number(row.received_paise),
                  receivedOn: row.received_on ?? "",
                  reference: row.received_reference ?? "",
                }),
          },
        }
      : {}),
  };
}

/** The sent quotations of these inquiries, summed up per inquiry; an inquiry without any is left out. */
async function quotationFacts(q: Queries, ids: readonly number[]): Promise<Map<number, QuotationFacts>> {
  const facts = new Map<number, QuotationFacts>();
  if (ids.length === 0) return facts;
  const rows = await q.all<FactsRow>(
    // An accepted quotation of options counts the option accepted, not the first it offered.
    `SELECT q.inquiry_id, q.number, q.state, COALESCE(q.won_total, q.total) AS total,
       CASE WHEN q.state = 'accepted' THEN q.content END AS content, q.accepted_option,
       p.number AS proforma, p.advance_paise, p.received_paise, p.received_on, p.received_reference
     FROM quotations q LEFT JOIN proformas p ON p.quotation_id = q.id
     WHERE q.number IS NOT NULL AND q.inquiry_id IN ${placeholders(ids)} ORDER BY q.sent_at, q.id`,
    ids,
  );
  for (const row of rows) {
    const id = Number(row.inquiry_id);
    const before = facts.get(id) ?? noQuotations;
    const accepted = acceptedFacts(row);
    facts.set(id, {
      ...before,
      sent: before.sent + 1,
      latest: { number: row.number, total: Number(row.total) },
      accepted: before.accepted || row.state === "accepted",
      ...accepted,
    });
  }
  return facts;
}

/** These inquiries with their first replies and sent quotations: the CSV of another listing (the command line's). */
export async function withReplyFacts<T extends { id: number }>(
  q: Queries,
  inquiries: T[],
): Promise<(T & ReplyFacts)[]> {
  const ids = inquiries.map((inquiry) => inquiry.id);
  if (ids.length === 0) return [];
  const quotations = await quotationFacts(q, ids);
  const rows = await q.all<Pick<Row, "id" | "first_reply_at" | "first_reply_by">>(
    `SELECT id, first_reply_at, first_reply_by FROM inquiries WHERE id IN ${placeholders(ids)}`,
    ids,
  );
  const replies = new Map(rows.map((row) => [Number(row.id), firstReplyOf(row)]));
  return inquiries.map((inquiry) => ({
    ...inquiry,
    firstReply: replies.get(inquiry.id),
    quotations: quotations.get(inquiry.id) ?? noQuotations,
  }));
}

/** An inquiry as the reply report counts it: when it arrived and was first answered, what it won, and its advance. */
export type ReplyTime = {
  receivedAt: string;
  firstReplyAt: number | undefined;
  wonPaise?: number | undefined;
  advanceAskedPaise?: number | undefined;
  advanceReceivedPaise?: number | undefined;
};

/** When each inquiry outside the spam tray arrived and was first answered, and what it came to: the command line's reply times. */
export async function replyTimes(q: Queries): Promise<ReplyTime[]> {
  const rows = await q.all<{
    received_at: string;
    first_reply_at: number | null;
    won: number | string | null;
    asked: number | string | null;
    received: number | string | null;
  }>(
    `SELECT i.received_at, i.first_reply_at,
       (SELECT SUM(COALESCE(q.won_total, q.total)) FROM quotations q WHERE q.inquiry_id = i.id AND q.state = 'accepted') AS won,
       (SELECT SUM(p.advance_paise) FROM proformas p JOIN quotations q ON q.id = p.quotation_id WHERE q.inquiry_id = i.id) AS asked,
       (SELECT SUM(p.received_paise) FROM proformas p JOIN quotations q ON q.id = p.quotation_id WHERE q.inquiry_id = i.id) AS received
     FROM inquiries i WHERE i.status != 'spam' ORDER BY i.id`,
  );
  const optional = (value: number | string | null) => (value === null ? undefined : Number(value));
  return rows.map((row) => ({
    receivedAt: row.received_at,
    firstReplyAt: optional(row.first_reply_at),
    wonPaise: optional(row.won),
    advanceAskedPaise: optional(row.asked),
    advanceReceivedPaise: optional(row.received),
  }));
}
