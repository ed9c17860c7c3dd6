import type { DatabaseSync } from "node:sqlite";
import type { ContactInput } from "../lib/contact-schema.ts";
import { isBusy, retryWhileBusy, transaction } from "./db.server.ts";

export type StoredInquiry = ContactInput & {
  id: number;
  reference: string;
  /** ISO 8601, UTC. */
  receivedAt: string;
};

export type MailKind = "company" | "acknowledgement";
export const mailKinds: readonly MailKind[] = ["company", "acknowledgement"];

/**
 * unknown: the whole message went to the mail server, which never confirmed it.
 * It may have arrived, so it is not sent again until staff say so.
 */
export type MailState = "pending" | "sent" | "failed" | "unknown";

export type DeliveryStatus = {
  kind: MailKind;
  state: MailState;
  attempts: number;
  nextAttemptAt: number;
  /** While in the future, a sender holds the mail: an attempt is under way. */
  leaseUntil: number | null;
  lastError: string | null;
  sentAt: string | null;
  unconfirmedAt: string | null;
};

export type InquiryListing = StoredInquiry & { deliveries: DeliveryStatus[] };

/** ENQ-2026-000042: the year it arrived (in India) and its number, which never repeats. */
export const REFERENCE_PATTERN = /^ENQ-\d{4}-\d{6,}$/;

const yearInIndia = new Intl.DateTimeFormat("en-IN", { timeZone: "Asia/Kolkata", year: "numeric" });

export function formatReference(id: number, receivedAt: Date): string {
  return `ENQ-${yearInIndia.format(receivedAt)}-${String(id).padStart(6, "0")}`;
}

type InquiryRow = {
  id: number;
  reference: string;
  received_at: string;
  name: string;
  email: string;
  phone_number: string;
  msg_subject: string;
  message: string;
};

function fromRow(row: InquiryRow): StoredInquiry {
  return {
    id: row.id,
    reference: row.reference,
    receivedAt: row.received_at,
    name: row.name,
    email: row.email,
    phone_number: row.phone_number,
    msg_subject: row.msg_subject,
    message: row.message,
  };
}

/**
 * How long a visitor's post waits for a database another process holds locked
 * before being told to try again (503, with the form kept).
 */
export const SAVE_PATIENCE_MS = 5000;

/** A lookup that only spares a duplicate (save checks again inside its transaction), so it waits less. */
const LOOKUP_PATIENCE_MS = 1000;

export type InquiryStore = ReturnType<typeof createInquiryStore>;

/** Inquiries and the mails each one owes, kept together so that one cannot exist without the other. */
export function createInquiryStore(db: DatabaseSync) {
  const insertInquiry = db.prepare(
    `INSERT INTO inquiries (received_at, name, email, phone_number, msg_subject, message, submission_key)
     VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  );
  const setReference = db.prepare("UPDATE inquiries SET reference = ? WHERE id = ?");
  const insertMail = db.prepare("INSERT INTO outbox (inquiry_id, kind, next_attempt_at) VALUES (?, ?, ?)");
  const bySubmissionKey = db.prepare("SELECT reference FROM inquiries WHERE submission_key = ?");
  const byId = db.prepare("SELECT * FROM inquiries WHERE id = ?");
  const all = db.prepare("SELECT * FROM inquiries ORDER BY id DESC");
  const deliveries = db.prepare(
    `SELECT inquiry_id, kind, state, attempts, next_attempt_at, lease_until, last_error, sent_at, unconfirmed_at
     FROM outbox ORDER BY inquiry_id, kind DESC`,
  );

  return {
    /**
     * Stores an inquiry with its two mails in one transaction. A submission key
     * seen before (the same form sent twice) gives back the first reference.
     * While another process holds the database, it tries again for a while
     * without holding up other requests, then throws.
     */
    save(
      input: ContactInput,
      options: { submissionKey?: string; now?: Date; patienceMs?: number } = {},
    ): Promise<{ reference: string; isNew: boolean }> {
      const now = options.now ?? new Date();
      const store = () =>
        transaction(db, () => {
          if (options.submissionKey) {
            const existing = bySubmissionKey.get(options.submissionKey) as { reference: string } | undefined;
            if (existing) return { reference: existing.reference, isNew: false };
          }
          const { id } = insertInquiry.get(
            now.toISOString(),
            input.name,
            input.email,
            input.phone_number,
            input.msg_subject,
            input.message,
            options.submissionKey ?? null,
          ) as { id: number };
          const reference = formatReference(id, now);
          setReference.run(reference, id);
          for (const kind of mailKinds) insertMail.run(id, kind, now.getTime());
          return { reference, isNew: true };
        });
      return retryWhileBusy(store, { patienceMs: options.patienceMs ?? SAVE_PATIENCE_MS });
    },

    /** The reference a submission was stored under, if it was; undefined too when the database stays busy. */
    async referenceForSubmission(submissionKey: string): Promise<string | undefined> {
      try {
        const row = await retryWhileBusy(() => bySubmissionKey.get(submissionKey), {
          patienceMs: LOOKUP_PATIENCE_MS,
        });
        return (row as { reference: string } | undefined)?.reference;
      } catch (error) {
        if (isBusy(error)) return undefined;
        throw error;
      }
    },

    get(id: number): StoredInquiry | undefined {
      const row = byId.get(id) as InquiryRow | undefined;
      return row && fromRow(row);
    },

    /** Every inquiry, newest first, with where each of its mails stands. */
    list(): InquiryListing[] {
      const byInquiry = new Map<number, DeliveryStatus[]>();
      for (const row of deliveries.all() as Record<string, unknown>[]) {
        const id = row.inquiry_id as number;
        const list = byInquiry.get(id) ?? [];
        list.push({
          kind: row.kind as MailKind,
          state: row.state as MailState,
          attempts: row.attempts as number,
          nextAttemptAt: row.next_attempt_at as number,
          leaseUntil: row.lease_until as number | null,
          lastError: row.last_error as string | null,
          sentAt: row.sent_at as string | null,
          unconfirmedAt: row.unconfirmed_at as string | null,
        });
        byInquiry.set(id, list);
      }
      return (all.all() as InquiryRow[]).map((row) => ({ ...fromRow(row), deliveries: byInquiry.get(row.id) ?? [] }));
    },
  };
}
