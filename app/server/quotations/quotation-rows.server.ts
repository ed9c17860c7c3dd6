import type { FirstReplyKind } from "../inbox/statuses.ts";
import type { Queries } from "../store/db.server.ts";
import type { QuotationCompany } from "./document.ts";
import type { Quotation, QuotationState } from "./quotation.ts";
import type { StoredContent } from "./stored-content.ts";

// The quotations' rows as stored, and the queries that number them and record an inquiry's first reply.

export type Row = {
  id: number | string;
  inquiry_id: number | string;
  number: string | null;
  revision: number | string;
  state: QuotationState;
  content: string;
  company: string | null;
  issued_on: string | null;
  valid_until: string;
  total: number | string;
  tax: number | string;
  replaces_id: number | string | null;
  created_at: number | string;
  sent_at: number | string | null;
  opened_at: number | string | null;
  answered_at: number | string | null;
  accepted_name: string | null;
  accepted_po: string | null;
  changes_message: string | null;
  accepted_option: number | string | null;
  won_total: number | string | null;
  won_tax: number | string | null;
};

const optional = <T>(value: T | null): T | undefined => (value === null ? undefined : value);
const optionalNumber = (value: number | string | null) => (value === null ? undefined : Number(value));

export function quotationOf(row: Row): Quotation {
  return {
    id: Number(row.id),
    inquiryId: Number(row.inquiry_id),
    number: optional(row.number),
    revision: Number(row.revision),
    state: row.state,
    content: JSON.parse(row.content) as StoredContent,
    company: row.company ? (JSON.parse(row.company) as QuotationCompany) : undefined,
    issuedOn: optional(row.issued_on),
    validUntil: row.valid_until,
    total: Number(row.total),
    tax: Number(row.tax),
    replacesId: optionalNumber(row.replaces_id),
    createdAt: Number(row.created_at),
    sentAt: optionalNumber(row.sent_at),
    openedAt: optionalNumber(row.opened_at),
    answeredAt: optionalNumber(row.answered_at),
    acceptedName: optional(row.accepted_name),
    acceptedPo: optional(row.accepted_po),
    changesMessage: optional(row.changes_message),
    acceptedOption: optionalNumber(row.accepted_option),
    wonTotal: optionalNumber(row.won_total),
    wonTax: optionalNumber(row.won_tax),
  };
}

/** A quotation number: its financial year and serial, whatever its revision. */
export type NumberKey = { year: string; serial: number };

/** The next number of the financial year, counted in one row per year so two instances never give the same. */
export async function nextSerial(tx: Queries, year: string) {
  const row = await tx.get<{ last_serial: number | string }>(
    `INSERT INTO quotation_serials (financial_year, last_serial) VALUES (?, 1)
     ON CONFLICT (financial_year) DO UPDATE SET last_serial = quotation_serials.last_serial + 1
     RETURNING last_serial`,
    [year],
  );
  return { year, serial: Number(row?.last_serial), revision: 0 };
}

/** The number a sent quotation carries; undefined for a draft, which has none yet. */
export async function numberKeyOf(tx: Queries, id: number): Promise<NumberKey | undefined> {
  const row = await tx.get<{ financial_year: string | null; serial: number | string | null }>(
    "SELECT financial_year, serial FROM quotations WHERE id = ?",
    [id],
  );
  return row?.financial_year && row.serial !== null
    ? { year: row.financial_year, serial: Number(row.serial) }
    : undefined;
}

export async function hasAccepted(tx: Queries, key: NumberKey): Promise<boolean> {
  const row = await tx.get(
    "SELECT 1 AS found FROM quotations WHERE financial_year = ? AND serial = ? AND state = 'accepted'",
    [key.year, key.serial],
  );
  return row !== undefined;
}

/** The revision after the highest of the number. */
export async function nextRevision(tx: Queries, key: NumberKey) {
  const highest = await tx.get<{ revision: number | string | null }>(
    "SELECT max(revision) AS revision FROM quotations WHERE financial_year = ? AND serial = ?",
    [key.year, key.serial],
  );
  return { year: key.year, serial: key.serial, revision: Number(highest?.revision ?? 0) + 1 };
}

/** Records the inquiry's first answer, once: what came first stays. */
export async function recordFirstReply(tx: Queries, inquiryId: number, kind: FirstReplyKind, now: number) {
  return tx.run("UPDATE inquiries SET first_reply_at = ?, first_reply_by = ? WHERE id = ? AND first_reply_at IS NULL", [
    now,
    kind,
    inquiryId,
  ]);
}
