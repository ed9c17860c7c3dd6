import { DELIVERY_COLUMNS, type DeliveryStatus, deliveriesByInquiry } from "../contact/inquiries.server.ts";
import { recordAudit } from "../inbox/audit.server.ts";
import type { FirstReplyKind, InboxWords, InquiryStatus } from "../inbox/statuses.ts";
import { wakeWhenCommitted } from "../jobs/job-queue.server.ts";
import type { Database, Queries } from "../store/db.server.ts";
import type { QuotationSettings } from "./billing.ts";
import { linkToken, QUOTATION_TOKEN_PATTERN, tokenHash } from "./buyer-link.server.ts";
import { companyNow, totalsOf } from "./document.ts";
import { QuotationError } from "./gst.ts";
import { financialYear, quotationNumber } from "./numbering.ts";
import { type AnyDocument, type OptionsQuotation, optionsDocumentOf } from "./options-document.ts";
import type { ProformaPolicy } from "./proforma.ts";
import { issueProforma } from "./proformas.server.ts";
import { documentOf, indiaDay, isSingle, type Quotation, readableByBuyer } from "./quotation.ts";
import {
  hasAccepted,
  type NumberKey,
  nextRevision,
  nextSerial,
  numberKeyOf,
  quotationOf,
  type Row,
  recordFirstReply,
} from "./quotation-rows.server.ts";
import { hasOptions, optionResultsOf, optionTotal, ratesOfContent, type StoredContent } from "./stored-content.ts";

type Actor = { email: string };

/** The mails to the buyer staff see and may send again: the quotation's, and its proforma's. */
type BuyerMailKind = "quotation" | "proforma";

/** What sending a draft came to: its number and the buyer's link token, or why it was not sent. */
export type SendOutcome =
  | { sent: true; token: string; number: string }
  | { sent: false; why: "not a draft" | "number accepted" };

export type Quotations = ReturnType<typeof createQuotations>;

/**
 * The total and tax a quotation is listed with: a quotation of one set of
 * lines by the rules it was always reckoned by, one of options by its first
 * option (every option is reckoned, so one that cannot be is refused here).
 */
function listedTotals(content: StoredContent, allowedRates: readonly number[]): { total: number; tax: number } {
  if (!hasOptions(content)) return totalsOf(content, allowedRates);
  const first = optionResultsOf(content, allowedRates)[0];
  return { total: first?.totals.total ?? 0, tax: first?.totals.tax ?? 0 };
}

/**
 * Quotations made from inquiries: drafts staff edit, then send. Sending gives
 * the number (the next of its financial year, or the next revision of the
 * quotation it replaces), fixes the company's details as they are that day,
 * replaces the earlier revision, makes the buyer's link, queues the mail and
 * records the inquiry's first reply, all in one transaction. The inquiry's
 * history is written in the words handed in (the staff area's).
 */
/**
 * What accepting one option of a quotation counts as won: a quotation of one
 * set of lines, its total as listed; an option, its own reckoning at the
 * rates it was sent with. Undefined for an option it does not have.
 */
function wonBy(quotation: Quotation, option: number): { total: number; tax: number } | undefined {
  if (!hasOptions(quotation.content)) {
    return option === 0 ? { total: quotation.total, tax: quotation.tax } : undefined;
  }
  try {
    return optionTotal(quotation.content, option, ratesOfContent(quotation.content));
  } catch (error) {
    if (error instanceof QuotationError) return undefined;
    throw error;
  }
}

export function createQuotations(
  db: Database,
  words: Pick<InboxWords, "statuses" | "replies">,
  settings: QuotationSettings,
  proforma: ProformaPolicy = { onAcceptance: false, advancePercent: 50 },
) {
  const byId = async (q: Queries, id: number) => {
    const row = await q.get<Row>("SELECT * FROM quotations WHERE id = ?", [id]);
    return row && quotationOf(row);
  };

  /**
   * Holds the number until the transaction ends, so that sending a revision
   * and accepting one of the same number happen one after the other, never
   * side by side. SQLite needs nothing more: its transactions begin as the
   * only writer (BEGIN IMMEDIATE).
   */
  const lockNumber = async (tx: Queries, key: NumberKey) => {
    if (db.engine === "postgres") {
      await tx.get("SELECT pg_advisory_xact_lock(hashtext(?))", [`quotation ${key.year}/${key.serial}`]);
    }
  };

  return {
    get: (id: number) => byId(db, id),

    /** The quotation whole, as its PDF, its pages and its mail show it (documentOf), with the settings handed in. */
    documentOf: (quotation: Quotation, reference: string, now: number): AnyDocument =>
      isSingle(quotation)
        ? documentOf(quotation, reference, now, settings)
        : optionsDocumentOf(quotation as OptionsQuotation, reference, now, settings),

    /** Staff answered by phone, WhatsApp or a mail of their own: the first such answer is the inquiry's first reply. */
    async markReplied(inquiryId: number, kind: Exclude<FirstReplyKind, "quotation">, actor: Actor, now: number) {
      return db.transaction(async (tx) => {
        const recorded = await recordFirstReply(tx, inquiryId, kind, now);
        await recordAudit(
          tx,
          { actor: actor.email, action: "replied", inquiryId, detail: words.replies[kind] },
          new Date(now),
        );
        return recorded > 0;
      });
    },

    /** When and how an inquiry was first answered; undefined while it waits. */
    async firstReply(inquiryId: number): Promise<{ at: number; kind: FirstReplyKind } | undefined> {
      const row = await db.get<{ first_reply_at: number | string | null; first_reply_by: FirstReplyKind | null }>(
        "SELECT first_reply_at, first_reply_by FROM inquiries WHERE id = ?",
        [inquiryId],
      );
      return row?.first_reply_at == null || !row.first_reply_by
        ? undefined
        : { at: Number(row.first_reply_at), kind: row.first_reply_by };
    },

    /** Where the quotation's mail to the buyer (or its proforma's) stands, in the words of every mail's report. */
    async buyerMail(id: number, kind: BuyerMailKind = "quotation"): Promise<DeliveryStatus | undefined> {
      const row = await db.get<Record<string, unknown>>(
        `SELECT ${DELIVERY_COLUMNS.replace("inquiry_id", "quotation_id AS inquiry_id")} FROM outbox
         WHERE quotation_id = ? AND kind = ?`,
        [id, kind],
      );
      return row && deliveriesByInquiry([row]).get(id)?.[0];
    },

    /** The buyer's mail once more, after it failed or was never confirmed; false when it is not one of those. */
    async sendAgain(
      id: number,
      inquiryId: number,
      actor: Actor,
      now: number,
      kind: BuyerMailKind = "quotation",
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const changed = await tx.run(
          `UPDATE outbox SET state = 'pending', attempts = 0, next_attempt_at = ?, last_error = NULL, unconfirmed_at = NULL
           WHERE quotation_id = ? AND kind = ? AND state IN ('failed', 'unknown')`,
          [now, id, kind],
        );
        if (changed > 0) {
          wakeWhenCommitted(tx);
          await recordAudit(
            tx,
            { actor: actor.email, action: "mail sent again", inquiryId, detail: kind },
            new Date(now),
          );
        }
        return changed > 0;
      });
    },

    /** The reference of the inquiry a quotation answers. */
    async referenceOf(inquiryId: number): Promise<string | undefined> {
      return (await db.get<{ reference: string }>("SELECT reference FROM inquiries WHERE id = ?", [inquiryId]))
        ?.reference;
    },

    async forInquiry(inquiryId: number): Promise<Quotation[]> {
      const rows = await db.all<Row>("SELECT * FROM quotations WHERE inquiry_id = ? ORDER BY id", [inquiryId]);
      return rows.map(quotationOf);
    },

    /** A new draft; when it revises a quotation, that one's content is where staff start. */
    async createDraft(
      inquiryId: number,
      content: StoredContent,
      actor: Actor,
      now: number,
      replaces?: number,
    ): Promise<number> {
      const totals = listedTotals(content, settings.billing.gstRates);
      return db.transaction(async (tx) => {
        const row = await tx.get<{ id: number | string }>(
          `INSERT INTO quotations (inquiry_id, state, content, valid_until, total, tax, replaces_id, created_by, created_at, updated_at)
           VALUES (?, 'draft', ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
          [
            inquiryId,
            JSON.stringify(content),
            content.validUntil,
            totals.total,
            totals.tax,
            replaces ?? null,
            actor.email,
            now,
            now,
          ],
        );
        const id = Number(row?.id);
        await recordAudit(tx, { actor: actor.email, action: "quotation drafted", inquiryId }, new Date(now));
        return id;
      });
    },

    /** Changes a draft; false once it is sent (a sent quotation is changed by a revision). */
    async updateDraft(id: number, content: StoredContent, now: number): Promise<boolean> {
      const totals = listedTotals(content, settings.billing.gstRates);
      const changed = await db.run(
        `UPDATE quotations SET content = ?, valid_until = ?, total = ?, tax = ?, updated_at = ?
         WHERE id = ? AND state = 'draft'`,
        [JSON.stringify(content), content.validUntil, totals.total, totals.tax, now, id],
      );
      return changed > 0;
    },

    /**
     * Sends a draft: answers the buyer's link token (shown once, in the mail)
     * and its number. Refused when it is not a draft any more, and for a
     * revision of a number the buyer has accepted: a deal made is not reopened.
     */
    async send(id: number, actor: Actor, now: number): Promise<SendOutcome> {
      return db.transaction(async (tx): Promise<SendOutcome> => {
        const draft = await byId(tx, id);
        if (draft?.state !== "draft") return { sent: false, why: "not a draft" };
        const token = await linkToken(tx, id, now);
        const revised = draft.replacesId === undefined ? undefined : await numberKeyOf(tx, draft.replacesId);
        if (revised) {
          await lockNumber(tx, revised);
          if (await hasAccepted(tx, revised)) return { sent: false, why: "number accepted" };
        }
        const numbered = revised ? await nextRevision(tx, revised) : await nextSerial(tx, financialYear(new Date(now)));
        const number = quotationNumber(numbered.year, numbered.serial, numbered.revision);
        await tx.run(
          `UPDATE quotations SET state = 'sent', financial_year = ?, serial = ?, revision = ?, number = ?,
             company = ?, issued_on = ?, token_hash = ?, sent_at = ?, updated_at = ?
           WHERE id = ?`,
          [
            numbered.year,
            numbered.serial,
            numbered.revision,
            number,
            JSON.stringify(companyNow(settings)),
            indiaDay(now),
            tokenHash(token),
            now,
            now,
            id,
          ],
        );
        // Every other open quotation of this number, not only the one revised: a revision
        // may start from one already replaced, and two drafts may revise the same one.
        await tx.run(
          `UPDATE quotations SET state = 'superseded', updated_at = ?
           WHERE financial_year = ? AND serial = ? AND id <> ? AND state IN ('sent', 'changes')`,
          [now, numbered.year, numbered.serial, id],
        );
        await tx.run("INSERT INTO outbox (quotation_id, kind, next_attempt_at) VALUES (?, 'quotation', ?)", [id, now]);
        wakeWhenCommitted(tx);
        await recordFirstReply(tx, draft.inquiryId, "quotation", now);
        const inquiry = await tx.get<{ status: InquiryStatus }>("SELECT status FROM inquiries WHERE id = ?", [
          draft.inquiryId,
        ]);
        if (inquiry && (inquiry.status === "new" || inquiry.status === "contacted")) {
          await tx.run("UPDATE inquiries SET status = 'quoted' WHERE id = ?", [draft.inquiryId]);
          const detail = `${words.statuses[inquiry.status]} → ${words.statuses.quoted}`;
          await recordAudit(tx, { actor: actor.email, action: "status changed", inquiryId: draft.inquiryId, detail });
        }
        await recordAudit(
          tx,
          { actor: actor.email, action: "quotation sent", inquiryId: draft.inquiryId, detail: number },
          new Date(now),
        );
        return { sent: true, token, number };
      });
    },

    linkOf: async (quotation: Quotation) =>
      quotation.sentAt === undefined ? undefined : linkToken(db, quotation.id, quotation.sentAt),

    /**
     * The quotation a buyer's link names, with its inquiry's reference, for
     * its page and its PDF alike; undefined for a token that names none, a
     * draft, and one the buyer may no longer read (readableByBuyer).
     */
    async forBuyer(token: string, now: number): Promise<{ quotation: Quotation; reference: string } | undefined> {
      if (!QUOTATION_TOKEN_PATTERN.test(token)) return undefined;
      const row = await db.get<Row & { reference: string }>(
        `SELECT q.*, i.reference FROM quotations q JOIN inquiries i ON i.id = q.inquiry_id
         WHERE q.token_hash = ? AND q.state <> 'draft'`,
        [tokenHash(token)],
      );
      if (!row) return undefined;
      const quotation = quotationOf(row);
      return readableByBuyer(quotation, now) ? { quotation, reference: row.reference } : undefined;
    },

    /** The buyer first opened it: staff see "opened". */
    async markOpened(id: number, now: number): Promise<void> {
      await db.run("UPDATE quotations SET opened_at = ? WHERE id = ? AND opened_at IS NULL", [now, id]);
    },

    /**
     * The buyer accepts one option (counted from 0; the only one of a
     * quotation of one set of lines): only a quotation still open (sent or
     * with changes asked, within its validity) and the newest of its number
     * (no later revision sent, none accepted). The option's total and tax,
     * with the one-time charges and at the rates it was sent with, are what
     * the inquiry counts as won; the inquiry is won, the company is told, and
     * the quotation is locked; when the settings say so, the proforma for the
     * advance is issued with it. False when it was not open, or has no such option.
     */
    async accept(
      id: number,
      acceptance: { name: string; purchaseOrder: string; from: string; option?: number },
      now: number,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const key = await numberKeyOf(tx, id);
        if (!key) return false;
        await lockNumber(tx, key);
        const offered = await byId(tx, id);
        const option = acceptance.option ?? 0;
        const won = offered && wonBy(offered, option);
        if (!won) return false;
        const changed = await tx.run(
          `UPDATE quotations SET state = 'accepted', answered_at = ?, accepted_name = ?, accepted_po = ?, accepted_from = ?, updated_at = ?,
             accepted_option = ?, won_total = ?, won_tax = ?
           WHERE id = ? AND state IN ('sent', 'changes') AND valid_until >= ?
             AND NOT EXISTS (
               SELECT 1 FROM quotations other
               WHERE other.financial_year = quotations.financial_year AND other.serial = quotations.serial
                 AND other.id <> quotations.id
                 AND (other.state = 'accepted' OR (other.revision > quotations.revision AND other.state <> 'draft'))
             )`,
          [
            now,
            acceptance.name,
            acceptance.purchaseOrder || null,
            acceptance.from,
            now,
            option,
            won.total,
            won.tax,
            id,
            indiaDay(now),
          ],
        );
        if (changed === 0) return false;
        const quotation = await byId(tx, id);
        if (!quotation) return false;
        const inquiry = await tx.get<{ status: InquiryStatus }>("SELECT status FROM inquiries WHERE id = ?", [
          quotation.inquiryId,
        ]);
        await tx.run("UPDATE inquiries SET status = 'won' WHERE id = ?", [quotation.inquiryId]);
        const buyer = "the buyer, through the quotation's link";
        if (inquiry && inquiry.status !== "won") {
          const detail = `${words.statuses[inquiry.status]} → ${words.statuses.won}`;
          await recordAudit(tx, { actor: buyer, action: "status changed", inquiryId: quotation.inquiryId, detail });
        }
        await recordAudit(tx, {
          actor: buyer,
          action: "quotation accepted",
          inquiryId: quotation.inquiryId,
          detail: quotation.number,
        });
        await tx.run("INSERT INTO outbox (quotation_id, kind, next_attempt_at) VALUES (?, 'quotation-accepted', ?)", [
          id,
          now,
        ]);
        wakeWhenCommitted(tx);
        if (proforma.onAcceptance) {
          const request = { quotationId: id, percent: proforma.advancePercent, actor: "the site, on acceptance", now };
          await issueProforma(tx, request, settings);
        }
        return true;
      });
    },

    /** The buyer asks for changes, once per quotation; staff answer with a revision. False when it was not open. */
    async askChanges(id: number, message: string, now: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const changed = await tx.run(
          `UPDATE quotations SET state = 'changes', answered_at = ?, changes_message = ?, updated_at = ?
           WHERE id = ? AND state = 'sent' AND valid_until >= ?`,
          [now, message, now, id, indiaDay(now)],
        );
        if (changed === 0) return false;
        const quotation = await byId(tx, id);
        await recordAudit(tx, {
          actor: "the buyer, through the quotation's link",
          action: "changes asked",
          inquiryId: quotation?.inquiryId,
          detail: quotation?.number,
        });
        await tx.run("INSERT INTO outbox (quotation_id, kind, next_attempt_at) VALUES (?, 'quotation-changes', ?)", [
          id,
          now,
        ]);
        wakeWhenCommitted(tx);
        return true;
      });
    },
  };
}
