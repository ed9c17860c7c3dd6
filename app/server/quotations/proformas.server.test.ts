import { afterEach, describe, expect, test } from "vitest";
import { inboxWords } from "../../../tests/support/area-words.ts";
import { optionsContent } from "../../../tests/support/quotation-content.ts";
import { openTestStore } from "../../../tests/support/test-store.ts";
import { serviceContent } from "../../service-content.server.ts";
import { createInquiryStore } from "../contact/inquiries.server.ts";
import { deleteInquiries } from "../inbox/inbox.server.ts";
import type { Database } from "../store/db.server.ts";
import { createProformas } from "./proformas.server.ts";
import { createQuotations } from "./quotations.server.ts";
import { optionTotal, ratesOfContent } from "./stored-content.ts";

// Proformas on the store under test (TEST_STORE): one per accepted
// quotation, numbered per financial year, issued on acceptance when the
// settings say so, and gone with an erased inquiry.

const opened: { remove(): Promise<void> }[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.remove();
});

const DAY = 86_400_000;
/** Noon in India on 1 June 2026, in the financial year 2026-27. */
const NOW = Date.parse("2026-06-01T06:30:00Z");
const staff = { email: "meera@company.example" };
const buyer = { name: "Asha Verma", purchaseOrder: "", from: "203.0.113.7" };

async function setUp(label: string, policy = { onAcceptance: false, advancePercent: 50 }) {
  const db: Database & { remove(): Promise<void> } = await openTestStore(label);
  opened.push(db);
  const quotations = createQuotations(db, inboxWords, serviceContent, policy);
  const proformas = createProformas(db, serviceContent);
  /** A new inquiry's quotation of two options, sent and its second option accepted at `at`: its id. */
  const accepted = async (at = NOW) => {
    const saved = await createInquiryStore(db).save(
      { name: "Asha Verma", email: "asha@example.in", phone: "+91 98765 43210", subject: "Boxes", message: "Quote" },
      { now: new Date(at - DAY) },
    );
    const row = await db.get<{ id: number | string }>("SELECT id FROM inquiries WHERE reference = ?", [
      saved.reference,
    ]);
    const content = optionsContent({ validUntil: "2027-12-31" });
    const id = await quotations.createDraft(Number(row?.id), content, staff, at);
    await quotations.send(id, staff, at);
    expect(await quotations.accept(id, { ...buyer, option: 1 }, at)).toBe(true);
    return { id, inquiryId: Number(row?.id), won: optionTotal(content, 1, ratesOfContent(content)) };
  };
  return { db, quotations, proformas, accepted };
}

describe("proforma invoices", () => {
  test("are numbered in their own series, afresh each financial year, for the share of the option accepted", async () => {
    const { proformas, accepted } = await setUp("proforma-numbers");
    const first = await accepted();
    const second = await accepted();
    const nextYear = Date.parse("2027-04-01T04:00:00Z");
    const third = await accepted(nextYear);
    const one = await proformas.issue(first.id, 50, staff, NOW);
    const two = await proformas.issue(second.id, 30, staff, NOW);
    const three = await proformas.issue(third.id, 100, staff, nextYear);
    if (!one.issued || !two.issued || !three.issued) throw new Error("Not issued");
    expect([one.proforma.number, two.proforma.number, three.proforma.number]).toEqual([
      "PI/2026-27/0001",
      "PI/2026-27/0002",
      "PI/2027-28/0001",
    ]);
    expect(one.proforma.totalPaise).toBe(first.won?.total);
    expect(one.proforma.advancePaise).toBe(Math.floor(((first.won?.total ?? 0) * 50 + 50) / 100));
    expect(three.proforma.advancePaise).toBe(third.won?.total);
    expect(one.proforma.company.bank.ifsc).toBe(serviceContent.billing.bank.ifsc);
  });

  test("one per quotation, however many ask at once, and none for a quotation not accepted", async () => {
    const { db, quotations, proformas, accepted } = await setUp("proforma-once");
    const { id } = await accepted();
    const outcomes = await Promise.all(Array.from({ length: 12 }, () => proformas.issue(id, 50, staff, NOW)));
    expect(outcomes.filter((outcome) => outcome.issued)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.issued && outcome.why === "issued")).toHaveLength(11);
    const mails = await db.get<{ count: number | string }>(
      "SELECT COUNT(*) AS count FROM outbox WHERE quotation_id = ? AND kind = 'proforma'",
      [id],
    );
    expect(Number(mails?.count)).toBe(1);

    const draft = await quotations.createDraft(
      (await quotations.get(id))?.inquiryId ?? 0,
      optionsContent(),
      staff,
      NOW,
    );
    expect(await proformas.issue(draft, 50, staff, NOW)).toEqual({ issued: false, why: "not accepted" });
  });

  test("the settings may have the site issue it as the buyer accepts, at their share", async () => {
    const { proformas, accepted } = await setUp("proforma-on-acceptance", { onAcceptance: true, advancePercent: 40 });
    const { id, won } = await accepted();
    const proforma = await proformas.forQuotation(id);
    expect(proforma?.advancePercent).toBe(40);
    expect(proforma?.advancePaise).toBe(Math.floor(((won?.total ?? 0) * 40 + 50) / 100));
    expect(proforma?.issuedBy).toBe("the site, on acceptance");
  });

  test("the advance is recorded once, and the proforma goes with its inquiry when that is erased", async () => {
    const { db, proformas, accepted } = await setUp("proforma-erased");
    const { id, inquiryId } = await accepted();
    const issued = await proformas.issue(id, 50, staff, NOW);
    if (!issued.issued) throw new Error("Not issued");
    const received = { on: "2026-06-01", paise: 10_000_00, reference: "UTR123" };
    expect(await proformas.recordAdvance(issued.proforma, received, staff, NOW)).toBe(true);
    expect(await proformas.recordAdvance(issued.proforma, { ...received, paise: 1 }, staff, NOW)).toBe(false);
    expect((await proformas.forQuotation(id))?.received).toMatchObject({ paise: 10_000_00, reference: "UTR123" });

    await db.transaction((tx) => deleteInquiries(tx, [inquiryId]));
    expect(await proformas.forQuotation(id)).toBeUndefined();
  });
});
