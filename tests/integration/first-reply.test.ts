import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { createInquiryStore, type InquiryDetails } from "../../app/server/contact/inquiries.server.ts";
import type { Database } from "../../app/server/store/db.server.ts";
import { openStore } from "../../app/server/store/open-store.server.ts";
import { type SiteServer, startSite } from "../support/start-site.ts";
import { newTestStoreLocation, type TestStoreLocation } from "../support/test-store.ts";
import { runInquiries } from "./support/inquiries-command.ts";
import { staffSession } from "./support/quote-posts.ts";

// How fast inquiries are first answered, as staff see it in the inbox list, its
// CSV and the command line, on the engine under test (TEST_STORE). The first
// replies and quotations are written straight into the store, as sending a
// quotation or marking a reply would leave them.

const MINUTE = 60_000;

const visitor = (name: string): InquiryDetails => ({
  name,
  email: `${name.toLowerCase().replaceAll(" ", ".")}@example.in`,
  phone: "+91 98765 43210",
  subject: "Cake boxes",
  message: "Two thousand boxes",
});

async function withStore<T>(store: TestStoreLocation, work: (db: Database) => Promise<T>): Promise<T> {
  const db = await openStore(store.location);
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

/** Stores an inquiry received at `at`; its reference. */
async function receive(db: Database, name: string, at: Date | string, spamReason?: string): Promise<string> {
  const saved = await createInquiryStore(db).save(visitor(name), {
    now: new Date(at),
    ...(spamReason ? { spamReason } : {}),
  });
  return saved.reference;
}

/** Records the inquiry's first reply, `minutes` after it arrived. */
async function reply(db: Database, reference: string, minutes: number, by: string): Promise<void> {
  const row = await db.get<{ received_at: string }>("SELECT received_at FROM inquiries WHERE reference = ?", [
    reference,
  ]);
  if (!row) throw new Error(`No inquiry ${reference}`);
  await db.run("UPDATE inquiries SET first_reply_at = ?, first_reply_by = ? WHERE reference = ?", [
    Date.parse(row.received_at) + minutes * MINUTE,
    by,
    reference,
  ]);
}

/** A sent quotation of the inquiry's: numbered, in the given state. */
async function quotation(
  db: Database,
  reference: string,
  given: { number: string; serial: number; state: string; total: number; sentAt: string },
) {
  await db.run(
    `INSERT INTO quotations (inquiry_id, financial_year, serial, revision, number, state, content, valid_until,
       total, tax, created_by, created_at, updated_at, sent_at)
     SELECT id, '2025-26', ?, 0, ?, ?, '{}', '2026-04-30', ?, 0, 'meera@company.example', 0, 0, ?
     FROM inquiries WHERE reference = ?`,
    [given.serial, given.number, given.state, given.total, Date.parse(given.sentAt), reference],
  );
}

/** Every quoted cell of each CRLF row of a CSV, without its quotes. */
function csvRows(csv: string): string[][] {
  return csv
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n")
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((match) => (match[1] ?? "").replaceAll('""', '"')));
}

/** The columns the first replies added, by name, of the row that starts with the reference. */
function replyColumns(csv: string, reference: string): Record<string, string> {
  const [header = [], ...rows] = csvRows(csv);
  const row = rows.find((cells) => cells[0] === reference) ?? [];
  const names = [
    "First reply",
    "First reply by",
    "Minutes to first reply",
    "Quotations sent",
    "Latest quotation",
    "Latest quotation total",
    "Accepted",
  ];
  return Object.fromEntries(names.map((name) => [name, row[header.indexOf(name)] ?? `(no ${name} column)`]));
}

describe("the inbox list and its CSV", () => {
  let store: TestStoreLocation;
  let dataDir: string;
  let server: SiteServer;
  let cookie: string;
  const refs = { old: "", answered: "", fresh: "" };

  beforeAll(async () => {
    store = await newTestStoreLocation("first-reply");
    dataDir = await mkdtemp(path.join(tmpdir(), "first-reply-"));
    await withStore(store, async (db) => {
      refs.old = await receive(db, "Asha Verma", "2026-03-02T05:00:00Z");
      refs.answered = await receive(db, "Ravi Kumar", "2026-03-03T05:00:00Z");
      // 3 h 20 min ago, and half a minute more so the minutes do not tick over while the test runs.
      refs.fresh = await receive(db, "Neha Rao", new Date(Date.now() - (200 * MINUTE + 30_000)));
      await reply(db, refs.answered, 125.5, "whatsapp");
      await quotation(db, refs.answered, {
        number: "QT/2025-26/0001",
        serial: 1,
        state: "superseded",
        total: 400_00,
        sentAt: "2026-03-03T07:05:30Z",
      });
      await quotation(db, refs.answered, {
        number: "QT/2025-26/0002",
        serial: 2,
        state: "accepted",
        total: 12_345_00,
        sentAt: "2026-03-04T07:00:00Z",
      });
    });
    server = await startSite({
      buildDir: inject("siteBuildDir"),
      dataDir,
      // The inquiries are of March 2026: kept however long after that the test runs.
      env: { ...store.env, INQUIRY_RETENTION_DAYS: "3650" },
    });
    cookie = await staffSession({ url: server.url, dataDir, store: store.location }, store.env);
  });

  afterAll(async () => {
    await server?.stop();
    await store?.remove();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function list(query = ""): Promise<string> {
    const response = await fetch(`${server.url}/inbox${query}`, { headers: { cookie }, redirect: "manual" });
    expect(response.status).toBe(200);
    return response.text();
  }

  /** The list's inquiries, in order, each as its reference and the HTML of its item. */
  function items(html: string): { reference: string; html: string }[] {
    return html
      .split('<li class="inbox-item">')
      .slice(1)
      .map((item) => ({ reference: /ENQ-\d{4}-\d{6,}/.exec(item)?.[0] ?? "", html: item.split("</li>")[0] ?? "" }));
  }

  test("an inquiry owed a first reply shows how long it has waited, marked past a day; an answered one does not", async () => {
    const shown = new Map(items(await list()).map((item) => [item.reference, item.html]));
    expect(shown.get(refs.fresh)).toMatch(/<dt>Waiting<\/dt><dd>3 h 2\d min<\/dd>/);
    expect(shown.get(refs.old)).toMatch(/<dt>Waiting<\/dt><dd class="inbox-mark">\d+ days( \d+ h)?<\/dd>/);
    expect(shown.get(refs.answered)).toContain(refs.answered);
    expect(shown.get(refs.answered)).not.toContain("Waiting");
  });

  test("longest waiting first puts those owed a reply first, oldest first, and the address keeps the choice", async () => {
    expect(items(await list()).map((item) => item.reference)).toEqual([refs.fresh, refs.answered, refs.old]);
    const html = await list("?sort=waiting");
    expect(items(html).map((item) => item.reference)).toEqual([refs.old, refs.fresh, refs.answered]);
    expect(html).toContain("1–3 of 3 inquiries, longest waiting first.");
    expect(html).toMatch(/<option value="waiting" selected="">Longest waiting first<\/option>/);
    // The status tabs and the export carry the order on.
    expect(html).toContain('href="/inbox?status=new&amp;sort=waiting"');
    expect(html).toContain('<input type="hidden" name="sort" value="waiting"/>');
    expect(items(await list("?sort=sideways")).map((item) => item.reference)).toEqual([
      refs.fresh,
      refs.answered,
      refs.old,
    ]);
  });

  test("the CSV tells when and how each was first answered, and its quotations, in the list's order", async () => {
    const response = await fetch(`${server.url}/inbox/export.csv`, {
      method: "POST",
      body: new URLSearchParams({ sort: "waiting" }),
      headers: { cookie },
      redirect: "manual",
    });
    expect(response.status).toBe(200);
    const csv = await response.text();
    expect(csvRows(csv).map((row) => row[0])).toEqual(["Reference", refs.old, refs.fresh, refs.answered]);
    expect(replyColumns(csv, refs.answered)).toEqual({
      "First reply": "2026-03-03 12:35",
      "First reply by": "WhatsApp",
      "Minutes to first reply": "125",
      "Quotations sent": "2",
      "Latest quotation": "QT/2025-26/0002",
      "Latest quotation total": "12345.00",
      Accepted: "yes",
    });
    expect(replyColumns(csv, refs.old)).toEqual({
      "First reply": "",
      "First reply by": "",
      "Minutes to first reply": "",
      "Quotations sent": "0",
      "Latest quotation": "",
      "Latest quotation total": "",
      Accepted: "no",
    });
  });
  // Last: it adds an inquiry the list tests above do not expect.
  test("'Mark as answered' records the first reply once, by a way staff answer, and refuses any other", async () => {
    const reference = await withStore(store, (db) => receive(db, "Kiran Das", new Date()));
    const mark = (by: string) =>
      fetch(`${server.url}/inbox/${reference}`, {
        method: "POST",
        body: new URLSearchParams({ intent: "replied", by }),
        headers: { cookie },
        redirect: "manual",
      });
    const firstReply = () =>
      withStore(store, (db) =>
        db.get<{ first_reply_by: string | null }>("SELECT first_reply_by FROM inquiries WHERE reference = ?", [
          reference,
        ]),
      );
    // A quotation is recorded by sending one, not by saying so.
    for (const by of ["quotation", "fax", ""]) expect((await mark(by)).status, by).toBe(400);
    expect(await firstReply()).toEqual({ first_reply_by: null });

    const called = await mark("call");
    expect(called.status).toBe(303);
    expect(called.headers.get("location")).toBe(`/inbox/${reference}?done=replied`);
    expect((await mark("whatsapp")).status).toBe(303);
    expect(await firstReply()).toEqual({ first_reply_by: "call" });
    const page = await (await fetch(`${server.url}/inbox/${reference}`, { headers: { cookie } })).text();
    expect(page.replaceAll("<!-- -->", "")).toContain("Answered by phone");
  });
});

describe("npm run inquiries -- --replies", () => {
  let store: TestStoreLocation;
  const refs = { email: "", spam: "" };

  beforeAll(async () => {
    store = await newTestStoreLocation("first-reply-command");
    await withStore(store, async (db) => {
      // February, in India: answered after 45 min, exactly an hour, and 5 h.
      refs.email = await receive(db, "Asha Verma", "2026-02-10T04:30:00Z");
      await reply(db, refs.email, 45, "email");
      await reply(db, await receive(db, "Ravi Kumar", "2026-02-11T04:30:00Z"), 60, "call");
      await reply(db, await receive(db, "Neha Rao", "2026-02-12T04:30:00Z"), 300, "quotation");
      // Spam, even answered, is left out.
      refs.spam = await receive(db, "Bot", "2026-02-13T04:30:00Z", "Sent too fast");
      await reply(db, refs.spam, 1, "email");
      // 00:30 on 1 March in India, still February in UTC; not answered.
      await receive(db, "Kiran Shah", "2026-02-28T19:00:00Z");
      await reply(db, await receive(db, "Meena Iyer", "2026-03-05T04:30:00Z"), 150, "whatsapp");
    });
  });

  afterAll(async () => {
    await store?.remove();
  });

  test("prints each month's inquiries, answers, median wait and share answered within an hour", async () => {
    const { code, stdout, stderr } = await runInquiries(store.env, "--replies");
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toContain(
      "First replies and sales, by the month (India time) the inquiries arrived; spam left out.",
    );
    expect(stdout).toMatch(
      /^Month +Inquiries +Answered +Median to first reply +Answered within an hour +Won +Won value +Advance asked +Advance received$/m,
    );
    const months = stdout.split("\n").filter((line) => /^\d{4}-\d{2} /.test(line));
    expect(months).toHaveLength(2);
    expect(months[0]).toMatch(/^2026-02 +3 +3 +1 h +67% +0 +₹0\.00 +₹0\.00 +₹0\.00$/);
    expect(months[1]).toMatch(/^2026-03 +2 +1 +2 h 30 min +0% +0 +₹0\.00 +₹0\.00 +₹0\.00$/);
  });

  test("--csv has the first reply columns too", async () => {
    const { code, stdout } = await runInquiries(store.env, "--csv");
    expect(code).toBe(0);
    expect(replyColumns(stdout, refs.email)).toEqual({
      "First reply": "2026-02-10 10:45",
      "First reply by": "e-mail",
      "Minutes to first reply": "45",
      "Quotations sent": "0",
      "Latest quotation": "",
      "Latest quotation total": "",
      Accepted: "no",
    });
  });
});
