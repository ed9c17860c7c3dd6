import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../content/languages.ts";
import type { InquiryStatus } from "../inbox/statuses.ts";
import { wakeWhenCommitted } from "../jobs/job-queue.server.ts";
import { type MailKind, type MailState, mailKinds } from "../mail/mail-kinds.ts";
import { queueChecks } from "../previews/artwork-checks.server.ts";
import { BUSY_PATIENCE_MS, type Database, isBusy, placeholders, retryWhileBusy } from "../store/db.server.ts";
import type { ArtworkKind } from "../uploads/artwork-kinds.ts";
import { nameForKind } from "../uploads/file-name.ts";
import { internationalDigits } from "./indian-phone.ts";
import type { QuoteParticulars } from "./quote-spec.ts";

/** Where the form was opened from: the service of its ?service= link, and the page of this site before it. */
export type InquiryOrigin = { service: string | null; sourcePage: string | null };

/**
 * The keys that find every inquiry of one person: the e-mail address with
 * Unicode case folding (SQLite's lower() folds ASCII only, so "BÜCHER" and
 * "bücher" would stay apart), and the phone number as dialled with its country
 * code, or its bare digits when too short to be read that way (the form takes
 * seven). Computed here, in one place, for both engines.
 */
export function personKeys(details: { email: string; phone: string }): { emailKey: string; phoneKey: string | null } {
  const emailKey = details.email.trim().normalize("NFKC").toUpperCase().toLowerCase();
  const digits = details.phone.replace(/\D/g, "");
  return { emailKey, phoneKey: internationalDigits(details.phone) ?? (digits === "" ? null : digits) };
}

/** What a person told us, under the names the rest of the site uses; a quote request has its particulars too. */
export type InquiryDetails = {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  quote?: QuoteParticulars | undefined;
  /** The ids of received artwork files sent with it. */
  files?: string[] | undefined;
};

export type StoredInquiry = Omit<InquiryDetails, "files"> &
  InquiryOrigin & {
    /** The artwork files sent with it, as the mails name them (read with one inquiry, not in lists). */
    files?: { name: string; size: number; kind: string }[];
    id: number;
    reference: string;
    /** ISO 8601, UTC. */
    receivedAt: string;
    status: InquiryStatus;
    /** Why the site put it in the spam tray, such as "hidden field filled in"; null outside it. */
    spamReason: string | null;
    /** The language of the page the form was sent from: the visitor's acknowledgement is written in it. */
    language: Language;
  };

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

export type InquiryRow = {
  id: number;
  reference: string;
  received_at: string;
  name: string;
  email: string;
  phone_number: string;
  msg_subject: string;
  message: string;
  status: InquiryStatus;
  spam_reason: string | null;
  service: string | null;
  source_page: string | null;
  quote: string | null;
  language: string;
};

export function fromRow(row: InquiryRow): StoredInquiry {
  return {
    id: row.id,
    reference: row.reference,
    receivedAt: row.received_at,
    name: row.name,
    email: row.email,
    phone: row.phone_number,
    subject: row.msg_subject,
    message: row.message,
    status: row.status,
    spamReason: row.spam_reason,
    service: row.service,
    sourcePage: row.source_page,
    quote: row.quote === null ? undefined : (JSON.parse(row.quote) as QuoteParticulars),
    language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE,
  };
}

type DeliveryRow = {
  inquiry_id: number;
  kind: MailKind;
  state: MailState;
  attempts: number;
  next_attempt_at: number;
  lease_until: number | null;
  last_error: string | null;
  sent_at: string | null;
  unconfirmed_at: string | null;
};

export const DELIVERY_COLUMNS =
  "inquiry_id, kind, state, attempts, next_attempt_at, lease_until, last_error, sent_at, unconfirmed_at";

/** Where each inquiry's mails stand, by inquiry id, the company's copy first. */
export function deliveriesByInquiry(rows: readonly Record<string, unknown>[]): Map<number, DeliveryStatus[]> {
  const byInquiry = new Map<number, DeliveryStatus[]>();
  for (const row of rows as DeliveryRow[]) {
    const list = byInquiry.get(row.inquiry_id) ?? [];
    list.push({
      kind: row.kind,
      state: row.state,
      attempts: row.attempts,
      nextAttemptAt: row.next_attempt_at,
      leaseUntil: row.lease_until,
      lastError: row.last_error,
      sentAt: row.sent_at,
      unconfirmedAt: row.unconfirmed_at,
    });
    byInquiry.set(row.inquiry_id, list);
  }
  for (const list of byInquiry.values()) list.sort((a, b) => mailKinds.indexOf(a.kind) - mailKinds.indexOf(b.kind));
  return byInquiry;
}

/** A lookup that only spares a duplicate (save checks again inside its transaction), so it waits less. */
const LOOKUP_PATIENCE_MS = 1000;

export type InquiryStore = ReturnType<typeof createInquiryStore>;

/** Inquiries and the mails each one owes, kept together so that one cannot exist without the other. */
export function createInquiryStore(db: Database) {
  return {
    /**
     * Stores an inquiry with its two mails in one transaction. A submission key
     * seen before (the same form sent twice, to this instance or another) gives
     * back the first reference. With a spam reason it goes to the spam tray, and
     * owes no mail until staff say it is not spam. While the store is busy, it
     * tries again for a while without holding up other requests, then throws.
     */
    save(
      input: InquiryDetails,
      options: {
        submissionKey?: string;
        now?: Date;
        patienceMs?: number;
        origin?: InquiryOrigin;
        spamReason?: string;
        /** The language of the page it was sent from; English unless said. */
        language?: Language;
      } = {},
    ): Promise<{ reference: string; isNew: boolean }> {
      const now = options.now ?? new Date();
      // The unique submission key decides, not a read before the write: two copies
      // of one form reaching two instances at once still make one inquiry, and a
      // visitor's save never waits on another's.
      const keys = personKeys(input);
      const store = () =>
        db.transaction(
          async (tx) => {
            const inserted = await tx.get<{ id: number }>(
              `INSERT INTO inquiries
                 (received_at, name, email, phone_number, msg_subject, message, submission_key, status, spam_reason,
                  service, source_page, email_key, phone_key, quote, language)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
               ON CONFLICT (submission_key) DO NOTHING RETURNING id`,
              [
                now.toISOString(),
                input.name,
                input.email,
                input.phone,
                input.subject,
                input.message,
                options.submissionKey ?? null,
                options.spamReason === undefined ? "new" : "spam",
                options.spamReason ?? null,
                options.origin?.service ?? null,
                options.origin?.sourcePage ?? null,
                keys.emailKey,
                keys.phoneKey,
                input.quote ? JSON.stringify(input.quote) : null,
                options.language ?? DEFAULT_LANGUAGE,
              ],
            );
            if (!inserted) {
              const existing = await tx.get<{ reference: string }>(BY_SUBMISSION_KEY, [options.submissionKey]);
              if (!existing) throw new Error("The inquiry was neither stored nor found");
              return { reference: existing.reference, isNew: false };
            }
            const reference = formatReference(inserted.id, now);
            await tx.run("UPDATE inquiries SET reference = ? WHERE id = ?", [reference, inserted.id]);
            if (input.files?.length) {
              await tx.run(
                `UPDATE uploads SET inquiry_id = ?
                 WHERE id IN ${placeholders(input.files)} AND inquiry_id IS NULL AND discarded_at IS NULL
                   AND completed_at IS NOT NULL`,
                [inserted.id, ...input.files],
              );
              await queueChecks(tx, inserted.id, now.getTime());
            }
            if (options.spamReason === undefined) {
              for (const kind of mailKinds) {
                await tx.run("INSERT INTO outbox (inquiry_id, kind, next_attempt_at) VALUES (?, ?, ?)", [
                  inserted.id,
                  kind,
                  now.getTime(),
                ]);
              }
              wakeWhenCommitted(tx);
            }
            return { reference, isNew: true };
          },
          { isolation: "read-committed" },
        );
      return retryWhileBusy(store, { patienceMs: options.patienceMs ?? BUSY_PATIENCE_MS });
    },

    /** The reference a submission was stored under, if it was; undefined too when the store stays busy. */
    async referenceForSubmission(submissionKey: string): Promise<string | undefined> {
      try {
        const row = await retryWhileBusy(() => db.get<{ reference: string }>(BY_SUBMISSION_KEY, [submissionKey]), {
          patienceMs: LOOKUP_PATIENCE_MS,
        });
        return row?.reference;
      } catch (error) {
        if (isBusy(error)) return undefined;
        throw error;
      }
    },

    /**
     * Gives inquiries stored before the matching keys existed their keys, a
     * batch at a time; the server does it as it starts, before an erasure can
     * need them. Answers how many it filled.
     */
    async fillPersonKeys(): Promise<number> {
      let filled = 0;
      for (;;) {
        const rows = await db.all<Pick<InquiryRow, "id" | "email" | "phone_number">>(
          "SELECT id, email, phone_number FROM inquiries WHERE email_key IS NULL ORDER BY id LIMIT 500",
        );
        if (rows.length === 0) return filled;
        await retryWhileBusy(() =>
          db.transaction(async (tx) => {
            for (const row of rows) {
              const keys = personKeys({ email: row.email, phone: row.phone_number });
              await tx.run("UPDATE inquiries SET email_key = ?, phone_key = ? WHERE id = ?", [
                keys.emailKey,
                keys.phoneKey,
                row.id,
              ]);
            }
          }),
        );
        filled += rows.length;
      }
    },

    async get(id: number): Promise<StoredInquiry | undefined> {
      const row = await db.get<InquiryRow>("SELECT * FROM inquiries WHERE id = ?", [id]);
      if (!row) return undefined;
      const files = await db.all<{ name: string; size: number | string; kind: ArtworkKind }>(
        "SELECT name, size, kind FROM uploads WHERE inquiry_id = ? AND discarded_at IS NULL ORDER BY created_at, id",
        [id],
      );
      const inquiry = fromRow(row);
      return files.length > 0
        ? {
            ...inquiry,
            // Named as staff see and save them: with the extension of what each file is.
            files: files.map((file) => ({ ...file, name: nameForKind(file.name, file.kind), size: Number(file.size) })),
          }
        : inquiry;
    },

    /** Every inquiry, spam too, newest first, with where each of its mails stands. */
    async list(): Promise<InquiryListing[]> {
      const byInquiry = deliveriesByInquiry(
        await db.all(`SELECT ${DELIVERY_COLUMNS} FROM outbox WHERE inquiry_id IS NOT NULL ORDER BY inquiry_id`),
      );
      const rows = await db.all<InquiryRow>("SELECT * FROM inquiries ORDER BY id DESC");
      return rows.map((row) => ({ ...fromRow(row), deliveries: byInquiry.get(row.id) ?? [] }));
    },
  };
}

const BY_SUBMISSION_KEY = "SELECT reference FROM inquiries WHERE submission_key = ?";
