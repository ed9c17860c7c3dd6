import { recordAudit } from "../inbox/audit.server.ts";
import { wakeWhenCommitted } from "../jobs/job-queue.server.ts";
import type { Database, Queries } from "../store/db.server.ts";
import type { QuotationSettings } from "./billing.ts";
import { companyNow, type QuotationCompany } from "./document.ts";
import { formatRupees, type Paise } from "./money.ts";
import { financialYear, formatDay, proformaNumber } from "./numbering.ts";
import { advanceOf, type Proforma } from "./proforma.ts";
import { indiaDay } from "./quotation.ts";

type Actor = { email: string };

type ProformaRow = {
  id: number | string;
  quotation_id: number | string;
  number: string;
  issued_on: string;
  issued_at: number | string;
  issued_by: string;
  advance_percent: number | string;
  total_paise: number | string;
  advance_paise: number | string;
  company: string;
  received_on: string | null;
  received_paise: number | string | null;
  received_reference: string | null;
  received_by: string | null;
  received_at: number | string | null;
};

function proformaOf(row: ProformaRow): Proforma {
  return {
    id: Number(row.id),
    quotationId: Number(row.quotation_id),
    number: row.number,
    issuedOn: row.issued_on,
    issuedAt: Number(row.issued_at),
    issuedBy: row.issued_by,
    advancePercent: Number(row.advance_percent),
    totalPaise: Number(row.total_paise),
    advancePaise: Number(row.advance_paise),
    company: JSON.parse(row.company) as QuotationCompany,
    ...(row.received_on !== null && row.received_paise !== null
      ? {
          received: {
            on: row.received_on,
            paise: Number(row.received_paise),
            reference: row.received_reference ?? "",
            by: row.received_by ?? "",
            at: Number(row.received_at),
          },
        }
      : {}),
  };
}

/** Why a proforma was not issued: the quotation is not accepted, or has one already. */
export type IssueOutcome = { issued: true; proforma: Proforma } | { issued: false; why: "not accepted" | "issued" };

/**
 * Issues the proforma of an accepted quotation inside the caller's
 * transaction: the next number of the financial year, the advance share of
 * what the buyer accepted, the company's bank as it is today, and the buyer's
 * mail queued. A quotation has one proforma at most.
 */
export async function issueProforma(
  tx: Queries,
  request: { quotationId: number; percent: number; actor: string; now: number },
  settings: QuotationSettings,
): Promise<IssueOutcome> {
  const { quotationId, percent, actor, now } = request;
  const quotation = await tx.get<{ state: string; won_total: number | string | null; inquiry_id: number | string }>(
    "SELECT state, won_total, inquiry_id FROM quotations WHERE id = ?",
    [quotationId],
  );
  if (quotation?.state !== "accepted" || quotation.won_total === null) return { issued: false, why: "not accepted" };
  if (await tx.get("SELECT 1 AS found FROM proformas WHERE quotation_id = ?", [quotationId])) {
    return { issued: false, why: "issued" };
  }
  const year = financialYear(new Date(now));
  const serial = await tx.get<{ last_serial: number | string }>(
    `INSERT INTO proforma_serials (financial_year, last_serial) VALUES (?, 1)
     ON CONFLICT (financial_year) DO UPDATE SET last_serial = proforma_serials.last_serial + 1
     RETURNING last_serial`,
    [year],
  );
  const number = proformaNumber(year, Number(serial?.last_serial));
  const total = Number(quotation.won_total);
  const advance = advanceOf(total, percent);
  await tx.run(
    `INSERT INTO proformas (quotation_id, financial_year, serial, number, issued_on, issued_at, issued_by,
       advance_percent, total_paise, advance_paise, company)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      quotationId,
      year,
      Number(serial?.last_serial),
      number,
      indiaDay(now),
      now,
      actor,
      percent,
      total,
      advance,
      JSON.stringify(companyNow(settings)),
    ],
  );
  await tx.run("INSERT INTO outbox (quotation_id, kind, next_attempt_at) VALUES (?, 'proforma', ?)", [
    quotationId,
    now,
  ]);
  wakeWhenCommitted(tx);
  await recordAudit(
    tx,
    {
      actor,
      action: "proforma issued",
      inquiryId: Number(quotation.inquiry_id),
      detail: `${number}: advance ${formatRupees(advance)} (${percent} % of ${formatRupees(total)})`,
    },
    new Date(now),
  );
  const row = await tx.get<ProformaRow>("SELECT * FROM proformas WHERE quotation_id = ?", [quotationId]);
  if (!row) throw new Error(`The proforma of quotation ${quotationId} was not stored`);
  return { issued: true, proforma: proformaOf(row) };
}

export type Proformas = ReturnType<typeof createProformas>;

/** Proforma invoices for the advance on accepted quotations, and the advance as it arrives. */
export function createProformas(db: Database, settings: QuotationSettings) {
  return {
    /** The proforma of a quotation; undefined while none is issued. */
    async forQuotation(quotationId: number): Promise<Proforma | undefined> {
      const row = await db.get<ProformaRow>("SELECT * FROM proformas WHERE quotation_id = ?", [quotationId]);
      return row && proformaOf(row);
    },

    issue: (quotationId: number, percent: number, actor: Actor, now: number) =>
      db.transaction((tx) => issueProforma(tx, { quotationId, percent, actor: actor.email, now }, settings)),

    /**
     * Records the advance as it reached the bank, once: the day, the amount
     * and the bank's reference, on the inquiry's history too. False when the
     * proforma has one recorded already.
     */
    async recordAdvance(
      proforma: Proforma,
      received: { on: string; paise: Paise; reference: string },
      actor: Actor,
      now: number,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const changed = await tx.run(
          `UPDATE proformas SET received_on = ?, received_paise = ?, received_reference = ?, received_by = ?, received_at = ?
           WHERE id = ? AND received_on IS NULL`,
          [received.on, received.paise, received.reference, actor.email, now, proforma.id],
        );
        if (changed === 0) return false;
        const quotation = await tx.get<{ inquiry_id: number | string }>(
          "SELECT inquiry_id FROM quotations WHERE id = ?",
          [proforma.quotationId],
        );
        const reference = received.reference === "" ? "" : `, reference ${received.reference}`;
        await recordAudit(
          tx,
          {
            actor: actor.email,
            action: "advance received",
            inquiryId: Number(quotation?.inquiry_id),
            detail: `${formatRupees(received.paise)} on ${formatDay(received.on)} against ${proforma.number}${reference}`,
          },
          new Date(now),
        );
        return true;
      });
    },
  };
}
