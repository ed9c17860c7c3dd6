import { afterEach, describe, expect, test } from "vitest";
import { inboxWords } from "../../../tests/support/area-words.ts";
import { optionsContent, quotationContent } from "../../../tests/support/quotation-content.ts";
import { newTestStoreLocation, openTestStore } from "../../../tests/support/test-store.ts";
import { serviceContent } from "../../service-content.server.ts";
import { createInquiryStore } from "../contact/inquiries.server.ts";
import type { Database } from "../store/db.server.ts";
import { acceptedOptions } from "../store/migrations.server.ts";
import { openStore } from "../store/open-store.server.ts";
import { isOptionsDocument } from "./options-document.ts";
import { ACCEPTED_QUOTATION_KEPT_DAYS, isSingle } from "./quotation.ts";
import { createQuotations, type Quotations } from "./quotations.server.ts";

// Sending, revising and accepting on the store under test (TEST_STORE): the
// rules that keep one number to one deal, and how long the buyer's link opens.

const opened: { remove(): Promise<void> }[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.remove();
});

const DAY = 86_400_000;
/** Noon in India on 1 June 2026. */
const NOW = Date.parse("2026-06-01T06:30:00Z");
const staff = { email: "meera@company.example" };
const buyer = { name: "Asha Verma", purchaseOrder: "", from: "203.0.113.7" };

const content = (validUntil = "2026-06-30") => quotationContent({ validUntil });

async function setUp(label: string): Promise<{ db: Database; quotations: Quotations; inquiryId: number }> {
  const db = await openTestStore(label);
  opened.push(db);
  const saved = await createInquiryStore(db).save(
    { name: "Asha Verma", email: "asha@example.in", phone: "+91 98765 43210", subject: "Boxes", message: "Quote" },
    { now: new Date(NOW - DAY) },
  );
  const row = await db.get<{ id: number | string }>("SELECT id FROM inquiries WHERE reference = ?", [saved.reference]);
  return { db, quotations: createQuotations(db, inboxWords, serviceContent), inquiryId: Number(row?.id) };
}

/** A draft sent: its id and the buyer's link token. */
async function sendNew(quotations: Quotations, inquiryId: number, replaces?: number, validUntil?: string) {
  const id = await quotations.createDraft(inquiryId, content(validUntil), staff, NOW, replaces);
  const outcome = await quotations.send(id, staff, NOW);
  if (!outcome.sent) throw new Error(`Not sent: ${outcome.why}`);
  return { id, token: outcome.token };
}

const stateOf = async (quotations: Quotations, id: number) => (await quotations.get(id))?.state;

describe("one number, one deal", () => {
  test("a revision of a quotation the buyer accepted meanwhile is not sent, and stays a draft", async () => {
    const { quotations, inquiryId } = await setUp("revise-after-accept");
    const original = await sendNew(quotations, inquiryId);
    const revision = await quotations.createDraft(inquiryId, content(), staff, NOW, original.id);
    expect(await quotations.accept(original.id, buyer, NOW)).toBe(true);

    expect(await quotations.send(revision, staff, NOW)).toEqual({ sent: false, why: "number accepted" });
    expect(await stateOf(quotations, revision)).toBe("draft");
    expect(await stateOf(quotations, original.id)).toBe("accepted");
  });

  test("once a revision is sent, only it can be accepted, not the one it replaced", async () => {
    const { quotations, inquiryId } = await setUp("accept-newest");
    const original = await sendNew(quotations, inquiryId);
    const r1 = await sendNew(quotations, inquiryId, original.id);
    expect(await quotations.accept(original.id, buyer, NOW)).toBe(false);
    expect(await quotations.accept(r1.id, buyer, NOW)).toBe(true);
    expect(await stateOf(quotations, original.id)).toBe("superseded");
  });

  test("an older revision left open by a slip is still not accepted once a newer one is sent", async () => {
    const { db, quotations, inquiryId } = await setUp("accept-older-open");
    const original = await sendNew(quotations, inquiryId);
    await sendNew(quotations, inquiryId, original.id);
    // As a store written before every open one was replaced on sending would have it.
    await db.run("UPDATE quotations SET state = 'sent' WHERE id = ?", [original.id]);
    expect(await quotations.accept(original.id, buyer, NOW)).toBe(false);
  });

  test("25 acceptances of one quotation at once: exactly one is taken, and the company is told once", async () => {
    const { db, quotations, inquiryId } = await setUp("parallel-accepts");
    const { id } = await sendNew(quotations, inquiryId);
    const taken = await Promise.all(Array.from({ length: 25 }, () => quotations.accept(id, buyer, NOW)));
    expect(taken.filter(Boolean)).toHaveLength(1);
    const told = await db.get<{ n: number | string }>(
      "SELECT count(*) AS n FROM outbox WHERE quotation_id = ? AND kind = 'quotation-accepted'",
      [id],
    );
    expect(Number(told?.n)).toBe(1);
  });

  test("accepting the original and sending its revision at the same moment, many times: never two accepted, never the original accepted beside an open revision", async () => {
    const { db, quotations, inquiryId } = await setUp("accept-send-race");
    for (let round = 0; round < 12; round += 1) {
      const original = await sendNew(quotations, inquiryId);
      const revision = await quotations.createDraft(inquiryId, content(), staff, NOW, original.id);
      const [accepted, sent] = await Promise.all([
        quotations.accept(original.id, buyer, NOW),
        quotations.send(revision, staff, NOW),
      ]);
      const rows = await db.all<{ id: number | string; state: string }>(
        "SELECT id, state FROM quotations WHERE id IN (?, ?) ORDER BY id",
        [original.id, revision],
      );
      const states = rows.map((row) => row.state);
      // One of the two won, whichever came first; the other was refused.
      expect([
        ["accepted", "draft"],
        ["superseded", "sent"],
      ]).toContainEqual(states);
      expect(accepted).toBe(states[0] === "accepted");
      expect(sent.sent).toBe(states[1] === "sent");
      // And the revision, if sent, is the one the buyer can accept.
      if (sent.sent) expect(await quotations.accept(revision, buyer, NOW)).toBe(true);
    }
  });
});

describe("a sent quotation and the rate table", () => {
  test("a table changed after sending, even one that withdraws the rate it was sent at, changes neither its document nor its totals", async () => {
    const { db, quotations, inquiryId } = await setUp("rates-after-sending");
    const { id } = await sendNew(quotations, inquiryId);
    const sent = await quotations.get(id);
    if (!sent || !isSingle(sent)) throw new Error("Not stored");
    const before = quotations.documentOf(sent, "ENQ-2026-000001", NOW);

    // Later the owner puts every carton at 40 % from this day, and no line may carry 18 % any more.
    const billing = {
      ...serviceContent.billing,
      gstRates: [0, 5, 40],
      gstRateTable: [{ hsn: "4819", rate: 40, effectiveFrom: "2026-06-01" }],
    };
    const later = createQuotations(db, inboxWords, { ...serviceContent, billing });
    const again = await later.get(id);
    if (!again || !isSingle(again)) throw new Error("Not stored");
    const after = later.documentOf(again, "ENQ-2026-000001", NOW + DAY);
    if (isOptionsDocument(after)) throw new Error("One set of lines expected");
    expect(after).toEqual(before);
    expect(after.lines.map((line) => line.gstRate)).toEqual([18]);
    expect(after.totals.byRate.map((rate) => rate.rate)).toEqual([18]);
    expect(again.total).toBe(sent.total);
  });
});

describe("how long the buyer's link opens", () => {
  test("a sent quotation through its last valid day, not after", async () => {
    const { quotations, inquiryId } = await setUp("link-sent");
    const { token } = await sendNew(quotations, inquiryId, undefined, "2026-06-30");
    expect(await quotations.forBuyer(token, Date.parse("2026-06-30T18:00:00Z"))).toBeDefined(); // 23:30 in India
    expect(await quotations.forBuyer(token, Date.parse("2026-06-30T18:31:00Z"))).toBeUndefined(); // 1 July
  });

  test(`an accepted one stays readable after its validity, for ${ACCEPTED_QUOTATION_KEPT_DAYS} days from its acceptance`, async () => {
    const { quotations, inquiryId } = await setUp("link-accepted");
    const { id, token } = await sendNew(quotations, inquiryId, undefined, "2026-06-30");
    expect(await quotations.accept(id, buyer, NOW)).toBe(true);
    const lastKeptDay = NOW + ACCEPTED_QUOTATION_KEPT_DAYS * DAY;
    expect(await quotations.forBuyer(token, Date.parse("2026-07-15T06:30:00Z"))).toBeDefined();
    expect(await quotations.forBuyer(token, lastKeptDay)).toBeDefined();
    expect(await quotations.forBuyer(token, lastKeptDay + DAY)).toBeUndefined();
  });

  test("a replaced one opens (to say it was replaced) through its own last valid day, not after", async () => {
    const { quotations, inquiryId } = await setUp("link-replaced");
    const original = await sendNew(quotations, inquiryId, undefined, "2026-06-30");
    await sendNew(quotations, inquiryId, original.id, "2026-07-31");
    expect((await quotations.forBuyer(original.token, NOW))?.quotation.state).toBe("superseded");
    expect(await quotations.forBuyer(original.token, Date.parse("2026-07-02T06:30:00Z"))).toBeUndefined();
  });
});

describe("a quotation of options", () => {
  test("the buyer accepts the second option: it alone, with the die charged once, is what the inquiry counts as won", async () => {
    const { quotations, inquiryId } = await setUp("accept-option");
    const id = await quotations.createDraft(inquiryId, optionsContent(), staff, NOW);
    // Listed, before any choice, at the first option's total.
    expect(await quotations.get(id)).toMatchObject({ total: 5_828_000, tax: 358_000 });
    const outcome = await quotations.send(id, staff, NOW);
    expect(outcome.sent).toBe(true);

    expect(await quotations.accept(id, { ...buyer, option: 2 }, NOW)).toBe(false);
    expect(await quotations.accept(id, { ...buyer, option: 1 }, NOW)).toBe(true);
    expect(await quotations.get(id)).toMatchObject({
      state: "accepted",
      acceptedOption: 1,
      wonTotal: 10_164_500,
      wonTax: 564_500,
    });
  });

  test("a quotation of one set of lines, accepted, counts its own total as won, as it always did", async () => {
    const { quotations, inquiryId } = await setUp("accept-single");
    const { id } = await sendNew(quotations, inquiryId);
    expect(await quotations.accept(id, { ...buyer, option: 1 }, NOW)).toBe(false);
    expect(await quotations.accept(id, buyer, NOW)).toBe(true);
    const accepted = await quotations.get(id);
    expect(accepted).toMatchObject({ acceptedOption: 0, wonTotal: accepted?.total, wonTax: accepted?.tax });
  });

  test("a draft with an option that cannot be reckoned is refused, saying which", async () => {
    const { quotations, inquiryId } = await setUp("option-refused");
    const content = optionsContent();
    const [, second] = content.options;
    if (!second) throw new Error("Two options expected");
    const bad = { ...content, options: [content.options[0], { ...second, lines: [] }] } as typeof content;
    await expect(quotations.createDraft(inquiryId, bad, staff, NOW)).rejects.toThrow(/^Option 2/);
  });
});

describe("schema step 25 on a store that has quotations", () => {
  test("a quotation accepted before options existed counts its one option, and its total, as won", async () => {
    const place = await newTestStoreLocation("step-25", { migrated: true });
    try {
      const before = await openStore(place.location);
      const inquiry = await createInquiryStore(before).save(
        { name: "Asha Verma", email: "asha@example.in", phone: "+91 98765 43210", subject: "Boxes", message: "Quote" },
        { now: new Date(NOW - DAY) },
      );
      const row = await before.get<{ id: number | string }>("SELECT id FROM inquiries WHERE reference = ?", [
        inquiry.reference,
      ]);
      const quotations = createQuotations(before, inboxWords, serviceContent);
      const id = await quotations.createDraft(Number(row?.id), content(), staff, NOW);
      await quotations.send(id, staff, NOW);
      const open = await quotations.createDraft(Number(row?.id), content(), staff, NOW);
      await quotations.send(open, staff, NOW);
      // As the store stood before step 25: accepted, with no option or won total recorded.
      await before.run("UPDATE quotations SET state = 'accepted' WHERE id = ?", [id]);
      for (const column of ["accepted_option", "won_total", "won_tax"]) {
        await before.run(`ALTER TABLE quotations DROP COLUMN ${column}`);
      }
      await before.run("DELETE FROM schema_migrations WHERE version = ?", [acceptedOptions.version]);
      await before.close();

      const after = await openStore(place.location);
      const migrated = createQuotations(after, inboxWords, serviceContent);
      const accepted = await migrated.get(id);
      expect(accepted).toMatchObject({ acceptedOption: 0, wonTotal: accepted?.total, wonTax: accepted?.tax });
      expect(await migrated.get(open)).toMatchObject({ acceptedOption: undefined, wonTotal: undefined });
      await after.close();
    } finally {
      await place.remove();
    }
  });
});
