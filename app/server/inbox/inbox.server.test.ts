import { existsSync, readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { inboxWords } from "../../../tests/support/area-words.ts";
import { openTestStore } from "../../../tests/support/test-store.ts";
import { phoneDigits } from "../contact/contact-spec.ts";
import type { InquiryDetails } from "../contact/inquiries.server.ts";
import { createInquiryStore, type InquiryStore } from "../contact/inquiries.server.ts";
import { createOutbox } from "../mail/outbox.server.ts";
import { createAuditLog } from "./audit.server.ts";
import { createInbox, type Inbox } from "./inbox.server.ts";
import { emptyFilter, type InboxFilter } from "./inbox-filter.ts";

const asha: InquiryDetails = {
  name: "Asha Verma",
  email: "Asha@Example.in",
  phone: "+91 98765 43210",
  subject: "Quote for Cake Box",
  message: "2,000 cake boxes, 8 inch.",
};
const ravi: InquiryDetails = {
  name: "Ravi Kumar",
  email: "ravi@example.in",
  phone: "011 2345 6789",
  subject: "Flex banners",
  message: "Ten banners for a shop opening; 50% off sign.",
};
const staff = { email: "meera@company.example", name: "Meera" };

let db: Awaited<ReturnType<typeof openTestStore>>;
let store: InquiryStore;
let inbox: Inbox;

beforeEach(async () => {
  db = await openTestStore("inbox");
  store = createInquiryStore(db);
  inbox = createInbox(db, inboxWords);
});

afterEach(async () => {
  await db.remove();
});

const filter = (given: Partial<InboxFilter>): InboxFilter => ({ ...emptyFilter, ...given });
const references = async (given: Partial<InboxFilter>) =>
  (await inbox.search(filter(given), { limit: 50, offset: 0 })).rows.map((row) => row.reference);

async function save(input: InquiryDetails, at: string, options: { spamReason?: string } = {}) {
  return (await store.save(input, { now: new Date(at), ...options })).reference;
}

describe("the inbox list", () => {
  test("is newest first, leaves spam out unless asked, and counts each status", async () => {
    const first = await save(asha, "2026-03-01T05:00:00Z");
    const second = await save(ravi, "2026-03-02T05:00:00Z");
    const bot = await save(asha, "2026-03-03T05:00:00Z", { spamReason: "The hidden field was filled in" });
    expect(await references({})).toEqual([second, first]);
    expect(await references({ status: "spam" })).toEqual([bot]);
    expect(await references({ status: "new" })).toEqual([second, first]);
    expect(await inbox.counts(emptyFilter)).toEqual({ new: 2, contacted: 0, quoted: 0, won: 0, lost: 0, spam: 1 });
    const page = await inbox.search(emptyFilter, { limit: 1, offset: 1 });
    expect(page.total).toBe(2);
    expect(page.rows.map((row) => row.reference)).toEqual([first]);
  });

  test("shows quote requests or messages alone when asked", async () => {
    const message = await save(asha, "2026-03-01T05:00:00Z");
    const quote = await save(
      {
        ...ravi,
        subject: "Quote request: Cake Box",
        quote: {
          specification: [["Style", "Cake box"]],
          quantities: [500],
          neededBy: "2026-04-01",
          pinCode: "400001 (Maharashtra)",
          company: "",
          gstin: "",
        },
      },
      "2026-03-02T05:00:00Z",
    );
    expect(await references({ kind: "quote" })).toEqual([quote]);
    expect(await references({ kind: "message" })).toEqual([message]);
    expect(await references({})).toEqual([quote, message]);
    expect((await inbox.search(filter({ kind: "quote" }), { limit: 5, offset: 0 })).rows[0]?.quote?.quantities).toEqual(
      [500],
    );
  });

  test("searches reference, name, e-mail, phone (however written), subject and message", async () => {
    const first = await save(asha, "2026-03-01T05:00:00Z");
    const second = await save(ravi, "2026-03-02T05:00:00Z");
    expect(await references({ search: first })).toEqual([first]);
    expect(await references({ search: "verma" })).toEqual([first]);
    expect(await references({ search: "asha@example" })).toEqual([first]);
    expect(await references({ search: "9876543210" })).toEqual([first]);
    expect(await references({ search: "98765 43210" })).toEqual([first]);
    expect(await references({ search: "banners" })).toEqual([second]);
    expect(await references({ search: "opening" })).toEqual([second]);
    // % and _ are searched for as themselves.
    expect(await references({ search: "50%" })).toEqual([second]);
    expect(await references({ search: "_" })).toEqual([]);
    expect(await inbox.counts(filter({ search: "verma" }))).toMatchObject({ new: 1 });
  });

  test("filters by India dates, both days included", async () => {
    // 23:30 on 1 March in India, and 00:30 on 2 March in India.
    const late = await save(asha, "2026-03-01T18:00:00Z");
    const early = await save(ravi, "2026-03-01T19:00:00Z");
    expect(await references({ from: "2026-03-01", to: "2026-03-01" })).toEqual([late]);
    expect(await references({ from: "2026-03-02" })).toEqual([early]);
    expect(await references({ to: "2026-03-02" })).toEqual([early, late]);
  });

  test("longest waiting first: those owed a first reply oldest first, then the answered newest first", async () => {
    const oldest = await save(asha, "2026-03-01T05:00:00Z");
    const answeredEarly = await save(ravi, "2026-03-02T05:00:00Z");
    const waiting = await save(ravi, "2026-03-03T05:00:00Z");
    const answeredLate = await save(asha, "2026-03-04T05:00:00Z");
    const firstSpam = await save(asha, "2026-02-01T05:00:00Z", { spamReason: "Sent too fast" });
    const laterSpam = await save(ravi, "2026-02-02T05:00:00Z", { spamReason: "Sent too fast" });
    const replyAt = Date.parse("2026-03-05T05:00:00Z");
    await db.run("UPDATE inquiries SET first_reply_at = ?, first_reply_by = 'call' WHERE reference IN (?, ?)", [
      replyAt,
      answeredEarly,
      answeredLate,
    ]);

    expect(await references({ sort: "waiting" })).toEqual([oldest, waiting, answeredLate, answeredEarly]);
    expect(await references({})).toEqual([answeredLate, waiting, answeredEarly, oldest]);
    const pages = [0, 2].map((offset) => inbox.search(filter({ sort: "waiting" }), { limit: 2, offset }));
    expect((await Promise.all(pages)).map((page) => page.rows.map((row) => row.reference))).toEqual([
      [oldest, waiting],
      [answeredLate, answeredEarly],
    ]);
    // The spam tray is owed no reply: it stays newest first.
    expect(await references({ status: "spam", sort: "waiting" })).toEqual([laterSpam, firstSpam]);
    expect((await inbox.all(filter({ sort: "waiting" }))).map((row) => row.reference)).toEqual([
      oldest,
      waiting,
      answeredLate,
      answeredEarly,
    ]);
    expect((await inbox.find(answeredLate))?.firstReply).toEqual({ at: replyAt, by: "call" });
    expect((await inbox.find(waiting))?.firstReply).toBeUndefined();
  });

  test("the export sums up each inquiry's sent quotations: how many, the last one sent, and whether one was accepted", async () => {
    const quoted = await save(asha, "2026-03-01T05:00:00Z");
    const unquoted = await save(ravi, "2026-03-02T05:00:00Z");
    const id = (await inbox.find(quoted))?.id ?? 0;
    const quotation = (number: string | null, state: string, total: number, sentAt: number | null, serial: number) =>
      db.run(
        `INSERT INTO quotations (inquiry_id, financial_year, serial, revision, number, state, content, valid_until,
           total, tax, created_by, created_at, updated_at, sent_at)
         VALUES (?, '2025-26', ?, 0, ?, ?, '{}', '2026-04-30', ?, 0, 'meera@company.example', 0, 0, ?)`,
        [id, serial, number, state, total, sentAt],
      );
    await quotation("QT/2025-26/0002", "accepted", 500_00, Date.parse("2026-03-03T05:00:00Z"), 2);
    await quotation("QT/2025-26/0001", "superseded", 400_00, Date.parse("2026-03-02T05:00:00Z"), 1);
    // A draft has no number yet: it is not counted, nor is it the latest.
    await quotation(null, "draft", 900_00, null, 3);

    const rows = await inbox.all(emptyFilter);
    expect(rows.map((row) => [row.reference, row.quotations])).toEqual([
      [unquoted, { sent: 0, latest: undefined, accepted: false }],
      [quoted, { sent: 2, latest: { number: "QT/2025-26/0002", total: 500_00 }, accepted: true }],
    ]);
  });

  test("marks an inquiry whose mail has not gone out", async () => {
    const reference = await save(asha, "2026-03-01T05:00:00Z");
    expect((await inbox.find(reference))?.mailNotSent).toBe(true);
    const outbox = createOutbox(db);
    for (const mail of await outbox.claimDue(Date.now(), 10, 60_000)) await outbox.markSent(mail, Date.now());
    expect((await inbox.find(reference))?.mailNotSent).toBe(false);
  });
});

describe("changes to an inquiry", () => {
  test("a status change is recorded in the audit log with who and what, never the visitor's details", async () => {
    const reference = await save(asha, "2026-03-01T05:00:00Z");
    const inquiry = await inbox.find(reference);
    if (!inquiry) throw new Error("not stored");
    await inbox.setStatus(inquiry.id, "contacted", staff);
    await inbox.setStatus(inquiry.id, "won", staff);
    expect((await inbox.find(reference))?.status).toBe("won");
    const entries = await createAuditLog(db).forInquiry(inquiry.id);
    expect(entries.map((entry) => [entry.actor, entry.action, entry.detail])).toEqual([
      [staff.email, "status changed", "New → Contacted"],
      [staff.email, "status changed", "Contacted → Won"],
    ]);
  });

  test("spam owes no mail; Not spam moves it to New and queues both its mails", async () => {
    const reference = await save(asha, "2026-03-01T05:00:00Z", { spamReason: "Sent too fast" });
    const spam = await inbox.find(reference);
    if (!spam) throw new Error("not stored");
    expect(spam.status).toBe("spam");
    expect(spam.spamReason).toBe("Sent too fast");
    expect(spam.deliveries).toEqual([]);
    expect(spam.mailNotSent).toBe(false);

    expect(await inbox.setStatus(spam.id, "new", staff)).toEqual({ queuedMails: true });
    const released = await inbox.find(reference);
    expect(released?.status).toBe("new");
    expect(released?.spamReason).toBeNull();
    expect(released?.deliveries.map((mail) => [mail.kind, mail.state])).toEqual([
      ["company", "pending"],
      ["acknowledgement", "pending"],
    ]);
    expect((await createAuditLog(db).forInquiry(spam.id)).map((entry) => entry.action)).toEqual([
      "not spam",
      "mails queued",
    ]);
  });

  test("notes keep who wrote them and when; the audit log says only that one was added", async () => {
    const reference = await save(asha, "2026-03-01T05:00:00Z");
    const id = (await inbox.find(reference))?.id ?? 0;
    expect(await inbox.addNote(id, "  Called her; sending a quote.\r\nCall back Monday.  ", staff)).toBe(true);
    expect(await inbox.addNote(id, "   ", staff)).toBe(false);
    expect(await inbox.addNote(id, "x".repeat(2001), staff)).toBe(false);
    expect(await inbox.notes(id)).toMatchObject([
      { authorEmail: staff.email, authorName: "Meera", body: "Called her; sending a quote.\nCall back Monday." },
    ]);
    expect((await createAuditLog(db).forInquiry(id)).map((entry) => [entry.action, entry.detail])).toEqual([
      ["note added", null],
    ]);
  });

  test("a failed mail can be sent again; a sent one cannot", async () => {
    const reference = await save(asha, "2026-03-01T05:00:00Z");
    const id = (await inbox.find(reference))?.id ?? 0;
    const outbox = createOutbox(db);
    for (const mail of await outbox.claimDue(Date.now(), 10, 60_000)) {
      if (mail.kind === "company") await outbox.markSent(mail, Date.now());
      else await outbox.markFailed(mail, "550 No such mailbox");
    }
    expect(await inbox.sendAgain(id, "company", staff)).toBe(false);
    expect(await inbox.sendAgain(id, "acknowledgement", staff)).toBe(true);
    expect((await inbox.find(reference))?.deliveries.find((mail) => mail.kind === "acknowledgement")).toMatchObject({
      state: "pending",
      attempts: 0,
      lastError: null,
    });
  });
});

describe("erasing a person", () => {
  test("finds an address whatever its case, beyond ASCII too", async () => {
    const first = await save({ ...asha, email: "asha@bücher.de", phone: "+49 30 1234567" }, "2026-03-01T05:00:00Z");
    const upper = await save({ ...ravi, email: "Asha@BÜCHER.de" }, "2026-03-02T05:00:00Z");
    const firstId = (await inbox.find(first))?.id ?? 0;
    expect((await inbox.samePerson(firstId)).map((match) => match.reference)).toEqual([upper, first]);
    expect(await inbox.erasePerson(firstId, staff)).toMatchObject({ inquiries: 2 });
    // ß folds to ss, as Unicode's case folding says.
    const straße = await save({ ...ravi, email: "STRAßE@example.de", phone: "333" }, "2026-03-04T05:00:00Z");
    const strasse = await save({ ...ravi, email: "strasse@example.de", phone: "444" }, "2026-03-04T06:00:00Z");
    expect((await inbox.samePerson((await inbox.find(straße))?.id ?? 0)).map((match) => match.reference)).toEqual([
      strasse,
      straße,
    ]);
  });

  test("finds a phone number of every length the form takes, however it was written", async () => {
    for (let length = phoneDigits.min; length <= phoneDigits.max; length++) {
      const digits = "9876543210123456".slice(0, length);
      const spaced = digits.replace(/(\d{3})(?=\d)/g, "$1 ");
      const dashed = `(${digits.slice(0, 2)}) ${digits.slice(2)}`.replace(/(\d{4})(?=\d)/, "$1-");
      const a = await save({ ...asha, email: `a${length}@example.in`, phone: spaced }, "2026-03-01T05:00:00Z");
      const b = await save({ ...asha, email: `b${length}@example.in`, phone: dashed }, "2026-03-01T06:00:00Z");
      const other = await save(
        { ...asha, email: `c${length}@example.in`, phone: `1${digits.slice(1)}` },
        "2026-03-01T07:00:00Z",
      );
      const id = (await inbox.find(a))?.id ?? 0;
      expect(
        (await inbox.samePerson(id)).map((match) => match.reference),
        `${length} digits`,
      ).toEqual([b, a]);
      expect(other).toBeTruthy();
    }
  });

  test("finds inquiries stored before the matching keys existed, once the server has filled them in", async () => {
    const old = await save({ ...asha, email: "asha@bücher.de" }, "2026-03-01T05:00:00Z");
    await db.run("UPDATE inquiries SET email_key = NULL, phone_key = NULL");
    const recent = await save({ ...ravi, email: "ASHA@BÜCHER.DE" }, "2026-03-02T05:00:00Z");
    expect(await store.fillPersonKeys()).toBe(1);
    expect(await store.fillPersonKeys()).toBe(0);
    const id = (await inbox.find(recent))?.id ?? 0;
    expect((await inbox.samePerson(id)).map((match) => match.reference)).toEqual([recent, old]);
  });

  test("takes every inquiry of the e-mail address (any case) or the phone number (however written), with mails and notes", async () => {
    const first = await save(asha, "2026-03-01T05:00:00Z");
    const sameEmail = await save({ ...ravi, email: "asha@example.in" }, "2026-03-02T05:00:00Z");
    const samePhone = await save({ ...ravi, phone: "098765-43210" }, "2026-03-03T05:00:00Z");
    const other = await save(ravi, "2026-03-04T05:00:00Z");
    const id = (await inbox.find(first))?.id ?? 0;
    await inbox.addNote(id, "Wants a sample first.", staff);

    expect((await inbox.samePerson(id)).map((match) => match.reference)).toEqual([samePhone, sameEmail, first]);
    expect(await inbox.erasePerson(id, staff)).toEqual({ inquiries: 3, mails: 6, notes: 1 });
    expect(await references({})).toEqual([other]);
    expect(await inbox.notes(id)).toEqual([]);
    const erased = (await createAuditLog(db).recent()).filter((entry) => entry.action === "erased");
    expect(erased).toHaveLength(3);
    expect(erased[0]).toMatchObject({ actor: staff.email, detail: "on request: 3 inquiries, 6 mails, 1 note" });

    // Nor in the bytes of SQLite's file and its write-ahead log: the rows are
    // overwritten, not just unlinked, and the log is emptied. PostgreSQL's files
    // are the server's to keep, out of the site's reach.
    if (db.engine === "sqlite") {
      const file = db.location;
      const bytes = [file, `${file}-wal`]
        .filter((name) => existsSync(name))
        .map((name) => readFileSync(name).toString("latin1"))
        .join("");
      for (const value of ["Asha Verma", "Asha@Example.in", "asha@example.in", "98765 43210", "098765-43210"]) {
        expect(bytes, `${value} in the file`).not.toContain(value);
      }
      expect(bytes).not.toContain("Wants a sample first.");
      expect(bytes).toContain("Ravi Kumar");
    }

    // Nothing of Asha's is left in any table.
    const tables = await db.all<{ name: string }>(
      db.engine === "sqlite"
        ? "SELECT name FROM sqlite_schema WHERE type = 'table'"
        : "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
    );
    expect(tables.map((table) => table.name)).toContain("inquiries");
    for (const { name } of tables) {
      const text = JSON.stringify(await db.all(`SELECT * FROM "${name}"`));
      for (const value of ["Asha", "asha@example", "98765", "cake boxes"]) {
        expect(text.toLowerCase(), `${value} in ${name}`).not.toContain(value.toLowerCase());
      }
    }
  });

  test("an inquiry that is gone is not erased twice", async () => {
    const reference = await save(asha, "2026-03-01T05:00:00Z");
    const id = (await inbox.find(reference))?.id ?? 0;
    await inbox.erasePerson(id, staff);
    expect(await inbox.erasePerson(id, staff)).toBeUndefined();
  });
});
