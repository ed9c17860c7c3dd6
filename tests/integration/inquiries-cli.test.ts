import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { createInquiryStore } from "../../app/server/contact/inquiries.server.ts";
import { createOutbox, isInquiryMail } from "../../app/server/mail/outbox.server.ts";
import { createStaffAccounts } from "../../app/server/staff/accounts.server.ts";
import { openStore } from "../../app/server/store/open-store.server.ts";
import { throwawayPostgresDatabase } from "../support/test-postgres.ts";
import { newTestStoreLocation, type TestStoreLocation, testEngine } from "../support/test-store.ts";
import { runInquiries } from "./support/inquiries-command.ts";

/** For the files the command writes. */
let dir: string;
let place: TestStoreLocation;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "inquiries-cli-"));
  place = await newTestStoreLocation("inquiries-cli");
});

afterEach(async () => {
  await place.remove();
  await rm(dir, { recursive: true, force: true });
});

function run(...args: string[]) {
  return runInquiries(place.env, ...args);
}

const open = () => openStore(place.location);

/** Two inquiries: one fully delivered, one whose acknowledgement failed; one has text a spreadsheet would run. */
async function seed() {
  const db = await open();
  const store = createInquiryStore(db);
  const outbox = createOutbox(db);
  const first = await store.save(
    {
      name: "Asha Verma",
      email: "asha@example.in",
      phone: "+91 98765 43210",
      subject: "Quote for Packaging Box",
      message: 'Two sizes, "A" and "B",\nfour colours.',
    },
    { now: new Date("2026-03-02T05:00:00Z"), origin: { service: "box", sourcePage: "/services/box" } },
  );
  const second = await store.save(
    {
      name: '=HYPERLINK("https://evil.example","Click")',
      email: "x@example.in",
      phone: "-1234567",
      subject: "@SUM(1+1)",
      message: "\u001b[2Jcleared your screen",
    },
    { now: new Date("2026-03-03T06:30:00Z") },
  );
  const claimed = await outbox.claimDue(Date.now(), 10, 60_000);
  for (const mail of claimed.filter(isInquiryMail)) {
    const isSecondAcknowledgement = mail.kind === "acknowledgement" && mail.inquiryId === 2;
    if (isSecondAcknowledgement) await outbox.markFailed(mail, "550 No such mailbox here");
    else if (mail.inquiryId === 1) await outbox.markSent(mail, Date.parse("2026-03-02T05:00:05Z"));
    else await outbox.markRetry(mail, Date.parse("2026-03-03T07:00:00Z"), "connect ECONNREFUSED");
  }
  await db.close();
  return { first: first.reference, second: second.reference };
}

test("lists inquiries, newest first, with where each mail stands", async () => {
  const { first, second } = await seed();
  const { code, stdout } = await run();
  expect(code).toBe(0);
  expect(stdout).toContain("2 inquiries; mails waiting: 1, failed: 1.");
  expect(stdout.indexOf(second)).toBeLessThan(stdout.indexOf(first));
  expect(stdout).toContain(`${first}  2026-03-02 10:30  Asha Verma <asha@example.in>  +91 98765 43210`);
  expect(stdout).toContain("Company copy: sent 2026-03-02 10:30");
  expect(stdout).toContain("Acknowledgement: FAILED after 1 attempt: 550 No such mailbox here");
  expect(stdout).toContain("waiting, 1 attempt failed (connect ECONNREFUSED); next try 2026-03-03 12:30");
  // Terminal control codes are shown, not obeyed.
  expect(stdout).not.toContain("\u001b");
  expect(stdout).toContain("\\u{1b}[2Jcleared your screen");
});

test("--csv writes a spreadsheet-safe CSV file", async () => {
  await seed();
  const out = path.join(dir, "inquiries.csv");
  const { code, stdout } = await run("--csv", out);
  expect(code).toBe(0);
  expect(stdout).toContain("2 inquiries written to");
  const csv = await readFile(out, "utf8");
  expect(csv.startsWith("\uFEFF")).toBe(true);
  const lines = csv.slice(1).split("\r\n");
  expect(lines[0]).toBe(
    '"Reference","Received (India time)","Status","Name","E-mail","Phone","Subject","Message","Quote request","Service","Came from","Language","Company copy","Acknowledgement",' +
      '"First reply","First reply by","Minutes to first reply","Quotations sent","Latest quotation","Latest quotation total","Accepted",' +
      '"Accepted option","Proforma","Advance asked","Advance received","Advance received on","Advance reference"',
  );
  expect(csv).toContain(`"'=HYPERLINK(""https://evil.example"",""Click"")"`);
  expect(csv).toContain(`"'-1234567"`);
  expect(csv).toContain(`"'@SUM(1+1)"`);
  expect(csv).toContain(`"'+91 98765 43210"`);
  expect(csv).toContain('"Two sizes, ""A"" and ""B"",\nfour colours."');
  expect(lines.at(-1)).toBe("");
});

test("shows each inquiry's status, where it came from, and spam with its reason and no mail", async () => {
  const { first } = await seed();
  const db = await open();
  const spam = await createInquiryStore(db).save(
    { name: "Bot", email: "bot@example.in", phone: "1234567", subject: "Cheap pills", message: "Buy now" },
    { now: new Date("2026-03-04T06:30:00Z"), spamReason: "The hidden field a person never sees was filled in" },
  );
  await db.close();
  const { stdout } = await run();
  expect(stdout).toContain("3 inquiries (1 in the spam tray, without mail); mails waiting: 1, failed: 1.");
  expect(stdout).toContain(`${first}  2026-03-02 10:30`);
  expect(stdout).toContain("  Status: New\n");
  expect(stdout).toContain("  Service: Packaging Box\n  Came from: /services/box\n");
  expect(stdout).toContain(
    `${spam.reference}  2026-03-04 12:00  Bot <bot@example.in>  1234567\n` +
      "  Status: Spam (The hidden field a person never sees was filled in)\n",
  );
  expect(stdout).toContain("  Company copy: not sent: in the spam tray\n");

  const csv = (await run("--csv")).stdout;
  expect(csv).toContain(`"${first}","2026-03-02 10:30","New","Asha Verma",`);
  expect(csv).toContain(`,"Packaging Box","/services/box","English","sent 2026-03-02 10:30",`);
  expect(csv).toContain(`"Spam (The hidden field a person never sees was filled in)","Bot"`);
});

test("says when a notice to a staff member about their account failed, and --retry-failed sends it again", async () => {
  await seed();
  const db = await open();
  const accounts = createStaffAccounts(db);
  const asha = await accounts.add({ email: "asha@example.com", name: "Asha Verma" });
  await accounts.setPassword(asha.id, "scrypt$stand-in");
  const outbox = createOutbox(db);
  for (const mail of (await outbox.claimDue(Date.now(), 10, 60_000)).filter((mail) => !isInquiryMail(mail))) {
    await outbox.markFailed(mail, "550 No such mailbox here");
  }
  await db.close();
  expect((await run()).stdout).toContain(
    "Notices to staff about their accounts not sent: waiting 0, failed 1, not confirmed 0. --retry-failed sends the failed ones again.",
  );
  await run("--retry-failed");
  expect((await run()).stdout).toContain("Notices to staff about their accounts not sent: waiting 1, failed 0");
});

test("--retry-failed puts failed mails back in the queue", async () => {
  await seed();
  expect((await run("--retry-failed")).stdout).toContain("1 failed mail is back in the queue.");
  const { stdout } = await run();
  expect(stdout).toContain("mails waiting: 2, failed: 0.");
});

// Only SQLite's file can be missing: a PostgreSQL database is made before the site is given it.
test.runIf(testEngine === "sqlite")("says so when there is no database yet, and creates none", async () => {
  const file = "sqliteFile" in place.location ? place.location.sqliteFile : "";
  const { code, stdout } = await run();
  expect(code).toBe(0);
  expect(stdout).toContain("No inquiries yet: there is no database at");
  await expect(readFile(file)).rejects.toThrow();
});

test("refuses an unknown option with the usage", async () => {
  const { code, stderr } = await run("--everything");
  expect(code).toBe(2);
  expect(stderr).toContain("Unknown option '--everything'");
  expect(stderr).toContain("npm run inquiries -- --csv inquiries.csv");
});

const visitor = {
  name: "Ravi Kumar",
  email: "ravi@example.in",
  phone: "+91 91234 56789",
  subject: "Labels",
  message: "5,000 labels.",
};

/** Inquiries whose mails the mail server received but never confirmed. */
async function seedUnconfirmed(count: number): Promise<string[]> {
  const db = await open();
  const store = createInquiryStore(db);
  const outbox = createOutbox(db);
  const references: string[] = [];
  for (let i = 0; i < count; i++) references.push((await store.save(visitor)).reference);
  for (const mail of await outbox.claimDue(Date.now(), 10, 60_000)) {
    await outbox.markUnknown(
      mail,
      Date.parse("2026-03-04T09:00:00Z"),
      "Timeout: no answer within 600 s, after the whole message was sent",
    );
  }
  await db.close();
  return references;
}

test("a mail being sent is listed as sending, not as a failed attempt", async () => {
  const db = await open();
  await createInquiryStore(db).save(visitor);
  const outbox = createOutbox(db);
  const [company] = await outbox.claimDue(Date.now(), 1, 60_000);
  if (!company) throw new Error("Nothing to claim");
  await db.close();

  const { stdout } = await run();
  expect(stdout).toContain("Company copy: sending now (attempt 1)");
  expect(stdout).toContain("Acknowledgement: waiting to be sent");
  expect(stdout).not.toContain("failed (no reason recorded)");
});

test("an unconfirmed mail is listed as such, with what to check and the commands that follow", async () => {
  const [reference] = await seedUnconfirmed(1);
  const { stdout } = await run();
  expect(stdout).toContain("1 inquiry; mails waiting: 0, failed: 0, NOT CONFIRMED (may have arrived; check them): 2.");
  expect(stdout).toContain(
    "Company copy: NOT CONFIRMED 2026-03-04 14:30: the mail server did not confirm it " +
      "(Timeout: no answer within 600 s, after the whole message was sent); it may have arrived. " +
      "Check (the inbox, or the mail server's log), then either send it again: " +
      `npm run inquiries -- --resend-unknown ${reference}, or record that it arrived: npm run inquiries -- --mark-sent ${reference}`,
  );
  const csv = (await run("--csv")).stdout;
  expect(csv).toContain(`"NOT CONFIRMED 2026-03-04 14:30: the mail server did not confirm it`);
});

test("--retry-failed leaves unconfirmed mails alone; --resend-unknown puts back those of one inquiry, or all", async () => {
  const [first, second] = await seedUnconfirmed(3);
  expect((await run("--retry-failed")).stdout).toContain("0 failed mails are back in the queue.");
  expect((await run()).stdout).toContain(
    "mails waiting: 0, failed: 0, NOT CONFIRMED (may have arrived; check them): 6.",
  );

  expect((await run("--resend-unknown", `${second}`)).stdout).toContain(
    `2 unconfirmed mails of ${second} are back in the queue, with the same Message-ID.`,
  );
  expect((await run()).stdout).toContain(
    "mails waiting: 2, failed: 0, NOT CONFIRMED (may have arrived; check them): 4.",
  );

  expect((await run("--mark-sent", `${first}`)).stdout).toContain(
    `2 unconfirmed mails of ${first} are now recorded as sent.`,
  );
  const listing = (await run()).stdout;
  expect(listing).toContain("mails waiting: 2, failed: 0, NOT CONFIRMED (may have arrived; check them): 2.");
  expect(listing).toContain("Company copy: sent 2026-03-04 14:30");

  expect((await run("--resend-unknown")).stdout).toContain("2 unconfirmed mails are back in the queue");
  expect((await run()).stdout).toContain("mails waiting: 4, failed: 0.");
});

test("--mark-sent needs a reference, and references must look like one", async () => {
  const alone = await run("--mark-sent");
  expect(alone.code).toBe(2);
  expect(alone.stderr).toContain("--mark-sent needs the inquiry's reference.");
  const wrong = await run("--resend-unknown", "42");
  expect(wrong.code).toBe(2);
  expect(wrong.stderr).toContain('"42" is not a reference such as ENQ-2026-000042.');
});

test("lists a PostgreSQL store with DATABASE_URL alone: reading inquiries needs no form secret", async () => {
  const database = await throwawayPostgresDatabase("inquiries-cli");
  try {
    const store = await openStore({ postgresUrl: database.url });
    await createInquiryStore(store).save(visitor, { now: new Date("2026-03-02T05:00:00Z") });
    await store.close();
    const { code, stdout, stderr } = await runInquiries({ DATABASE_URL: database.url });
    expect(stderr).not.toContain("FORM_SECRET");
    expect(code).toBe(0);
    expect(stdout).toContain("Ravi Kumar <ravi@example.in>");
  } finally {
    await database.drop();
  }
});
