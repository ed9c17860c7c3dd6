import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { createInquiryStore, type InquiryStore } from "../../app/server/contact/inquiries.server.ts";
import { inquiryDetails } from "../../app/server/contact/submission.server.ts";
import type { MailKind } from "../../app/server/mail/mail-kinds.ts";
import { createMailRegistry } from "../../app/server/mail/mail-registry.server.ts";
import { createMailer, isUnconfirmedDelivery } from "../../app/server/mail/mailer.server.ts";
import { composeMail } from "../../app/server/mail/messages.server.ts";
import {
  createOutbox,
  type InquiryMail,
  isInquiryMail,
  type MailLease,
  type OutboxWorker,
  startOutboxWorker,
} from "../../app/server/mail/outbox.server.ts";
import type { Database } from "../../app/server/store/db.server.ts";
import { openStore } from "../../app/server/store/open-store.server.ts";
import { postgresMigrations } from "../../app/server/store/postgres-migrations.server.ts";
import { sqliteMigrations } from "../../app/server/store/sqlite-migrations.server.ts";
import { serviceContent } from "../../app/service-content.server.ts";
import { newTestStoreLocation, type TestStoreLocation } from "../support/test-store.ts";
import { goodFields } from "./support/contact-form.ts";
import { type DatabaseLock, holdWriteLock } from "./support/database-lock.ts";
import { type MailCatcher, type MailCatcherOptions, startMailCatcher } from "./support/mail-catcher.ts";

const settings = {
  mailFrom: { name: "Example Print & Pack", address: "website@example.com" },
  mailTo: "sales@example.com",
};
const quiet = { info() {}, warn() {}, error() {} };

let place: TestStoreLocation;
let smtp: MailCatcher;
const cleanup: (() => unknown)[] = [];

beforeEach(async () => {
  place = await newTestStoreLocation("outbox");
  smtp = await startMailCatcher();
});

afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
  await smtp.close();
  await place.remove();
});

async function open(): Promise<Database> {
  const db = await openStore(place.location);
  cleanup.push(() => db.close());
  return db;
}

type WorkerOptions = { leaseMs?: number; smtpPort?: number; confirmTimeoutMs?: number; stopGraceMs?: number };

function worker(db: Database, store: InquiryStore, options: WorkerOptions = {}): OutboxWorker {
  const mailer = createMailer({
    host: "127.0.0.1",
    port: options.smtpPort ?? smtp.port,
    secure: false,
    auth: undefined,
    timeoutMs: 2000,
    confirmTimeoutMs: options.confirmTimeoutMs ?? 2000,
  });
  const started = startOutboxWorker({
    outbox: createOutbox(db),
    async send(mail, signal) {
      if (!isInquiryMail(mail)) throw new Error("only inquiries' mails are queued here");
      if (!isInquiryMail(mail)) throw new Error("only inquiries' mails are queued here");
      const inquiry = await store.get(mail.inquiryId);
      if (!inquiry) throw new Error("missing inquiry");
      await mailer.send(composeMail(mail.kind, inquiry, settings, serviceContent), signal);
    },
    isUnconfirmed: isUnconfirmedDelivery,
    retry: { baseMs: 50, maxMs: 200, maxAttempts: 5 },
    leaseMs: options.leaseMs ?? 10_000,
    idleMs: 100,
    stopGraceMs: options.stopGraceMs ?? 5_000,
    log: quiet,
  });
  cleanup.push(() => started.stop());
  return started;
}

function save(store: InquiryStore) {
  return store.save(inquiryDetails(goodFields()));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function mailServer(options: MailCatcherOptions): Promise<MailCatcher> {
  const catcher = await startMailCatcher(options);
  cleanup.push(() => catcher.close());
  return catcher;
}

/** A mail server that, as it accepts the first mail, lets another process lock the database. */
async function mailServerThatLocksTheDatabase(): Promise<{
  catcher: MailCatcher;
  /** The lock, once held: a mail is kept a moment before the lock is taken and the server answers. */
  locked: () => Promise<DatabaseLock>;
}> {
  let lock: Promise<DatabaseLock> | undefined;
  const catcher = await mailServer({
    async beforeDataReply() {
      lock ??= holdWriteLock(place.location);
      await lock;
    },
  });
  cleanup.push(() => lock?.then((held) => held.release()).catch(() => {}));
  return {
    catcher,
    locked() {
      if (!lock) throw new Error("The database was never locked");
      return lock;
    },
  };
}

const states = (db: Database) => db.all("SELECT kind, state, attempts FROM outbox ORDER BY id");

/**
 * The store's settings for a sender in a process of its own. On PostgreSQL, its
 * connections have the server check every 50 ms that the process is still
 * there, so that a statement a killed sender left waiting for a lock ends with
 * it, as on SQLite, rather than running once the lock is released.
 */
function senderStore(): Record<string, string> {
  if ("sqliteFile" in place.location) return { DATABASE_PATH: place.location.sqliteFile };
  const url = new URL(place.location.postgresUrl);
  url.searchParams.set("options", "-c client_connection_check_interval=50");
  return { DATABASE_URL: url.toString() };
}

/** Waits until PostgreSQL has noticed the killed sender and ended its statements waiting for the lock. */
async function deadSendersGone(db: Database) {
  if (db.engine !== "postgres") return;
  await vi.waitFor(
    async () =>
      expect(
        await db.get(
          "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
        ),
      ).toEqual({ n: 0 }),
    { timeout: 5000, interval: 50 },
  );
}

/** A store as the first version of the schema left it, holding the rows the statements insert. */
async function storeAtVersion1(rows: string) {
  const schemaMigrations =
    "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)";
  if ("sqliteFile" in place.location) {
    const old = new DatabaseSync(place.location.sqliteFile);
    old.exec(sqliteMigrations[0]?.sql ?? "");
    old.exec(`${schemaMigrations} STRICT`);
    old.exec(rows);
    old.close();
    return;
  }
  const old = new pg.Client({ connectionString: place.location.postgresUrl });
  await old.connect();
  try {
    await old.query(postgresMigrations[0]?.sql ?? "");
    await old.query(schemaMigrations);
    await old.query(rows);
  } finally {
    await old.end();
  }
}

/** Each Message-ID with how often it arrived. */
function copiesByMessageId(mails: MailCatcher["mails"]): Record<string, number> {
  const copies: Record<string, number> = {};
  for (const mail of mails) {
    const id = mail.header("message-id") ?? "";
    copies[id] = (copies[id] ?? 0) + 1;
  }
  return copies;
}

describe("the outbox", () => {
  test("a mail whose sender died mid-send goes out once its lease runs out, and only once", async () => {
    const db = await open();
    const store = createInquiryStore(db);
    const { reference } = await save(store);
    // A sender takes both mails and dies before recording anything.
    const taken = await createOutbox(db).claimDue(Date.now(), 10, 600);
    expect(taken).toHaveLength(2);

    worker(db, store);
    await sleep(300);
    expect(smtp.mails).toHaveLength(0);
    await smtp.waitForMails(2, 5000);
    await sleep(500);
    expect(smtp.mails).toHaveLength(2);
    expect(smtp.mails.map((mail) => mail.header("x-inquiry-reference"))).toEqual([reference, reference]);
    const rows = await db.all("SELECT state, attempts FROM outbox ORDER BY id");
    // The dead sender's try counts, so a mail that kills its sender cannot be retried for ever.
    expect(rows).toEqual([
      { state: "sent", attempts: 2 },
      { state: "sent", attempts: 2 },
    ]);
  });

  test("two senders sharing one database never send a mail twice", async () => {
    const first = await open();
    const second = await open();
    const store = createInquiryStore(first);
    const one = worker(first, store);
    const two = worker(second, createInquiryStore(second));
    const references: string[] = [];
    for (let i = 0; i < 20; i++) references.push((await save(store)).reference);
    one.notify();
    two.notify();

    await smtp.waitForMails(40, 20_000);
    await sleep(500);
    expect(smtp.mails).toHaveLength(40);
    expect(new Set(smtp.mails.map((mail) => mail.header("message-id"))).size).toBe(40);
    expect(smtp.mails.map((mail) => mail.header("x-inquiry-reference")).sort()).toEqual(
      [...references, ...references].sort(),
    );
  });

  test("a sender whose lease ran out cannot overwrite the record of the sender that took over", async () => {
    const db = await open();
    await save(createInquiryStore(db));
    const outbox = createOutbox(db);
    const now = Date.now();
    const [late] = await outbox.claimDue(now, 1, 100);
    const [current] = await outbox.claimDue(now + 200, 1, 10_000);
    if (!late || !current) throw new Error("Nothing to claim");
    expect(current.id).toBe(late.id);
    expect(await outbox.markSent(late, now + 300)).toBe(false);
    expect(await outbox.markRetry(current, now + 1000, "try again")).toBe(true);
  });

  test("an inquiry and its two mails are stored together, each mail once", async () => {
    const db = await open();
    const store = createInquiryStore(db);
    const { reference } = await save(store);
    const inquiryId = (await db.get<{ id: number }>("SELECT id FROM inquiries WHERE reference = ?", [reference]))?.id;
    await expect(
      db.run("INSERT INTO outbox (inquiry_id, kind, next_attempt_at) VALUES (?, 'company', 0)", [inquiryId]),
    ).rejects.toThrow(/unique constraint/i);
    expect(await db.get("SELECT count(*) AS n FROM outbox")).toEqual({ n: 2 });
  });

  test("a mail of a kind no step of the schema names is queued and sent by its builder alone, the table's other rules kept", async () => {
    const db = await open();
    const { reference } = await save(createInquiryStore(db));
    const inquiryId = (await db.get<{ id: number }>("SELECT id FROM inquiries WHERE reference = ?", [reference]))?.id;
    // Only the new kind is to go out here.
    await db.run("UPDATE outbox SET state = 'sent'");
    const queue = (kind: string) =>
      db.run("INSERT INTO outbox (inquiry_id, kind, next_attempt_at) VALUES (?, ?, ?)", [inquiryId, kind, Date.now()]);
    await queue("follow-up");

    const mails = createMailRegistry();
    // Kinds are typed for the code that queues them; the store takes any name.
    mails.register<InquiryMail & MailLease>(["follow-up" as MailKind], {
      build: async (mail) => ({
        from: settings.mailFrom,
        to: settings.mailTo,
        replyTo: settings.mailTo,
        subject: `Follow-up of ${mail.reference}`,
        text: "Still interested?",
        html: "<p>Still interested?</p>",
        messageId: `<follow-up-${mail.id}@example.com>`,
        headers: {},
      }),
      label: (mail) => `the follow-up of ${mail.reference}`,
    });
    const mailer = createMailer({
      host: "127.0.0.1",
      port: smtp.port,
      secure: false,
      auth: undefined,
      timeoutMs: 2000,
      confirmTimeoutMs: 2000,
    });
    const sender = startOutboxWorker({
      outbox: createOutbox(db),
      async send(mail, signal) {
        const outgoing = await mails.build(mail, signal);
        if (outgoing) await mailer.send(outgoing, signal);
      },
      label: mails.label,
      retry: { baseMs: 50, maxMs: 200, maxAttempts: 5 },
      leaseMs: 10_000,
      idleMs: 100,
      log: quiet,
    });
    cleanup.push(() => sender.stop());

    const [sent] = await smtp.waitForMails(1, 10_000);
    expect(sent?.header("subject")).toBe(`Follow-up of ${reference}`);
    await vi.waitFor(
      async () =>
        expect(await db.get("SELECT state, attempts FROM outbox WHERE kind = 'follow-up'")).toEqual({
          state: "sent",
          attempts: 1,
        }),
      { timeout: 5000, interval: 50 },
    );
    // One of a kind per inquiry; a mail about one thing exactly; a digest a day; the states.
    await expect(queue("follow-up")).rejects.toThrow(/unique constraint/i);
    await expect(db.run("INSERT INTO outbox (kind, next_attempt_at) VALUES ('follow-up', 0)")).rejects.toThrow(
      /check constraint/i,
    );
    await db.run("INSERT INTO outbox (kind, detail, next_attempt_at) VALUES ('digest', '2026-05-01', 0)");
    await expect(
      db.run("INSERT INTO outbox (kind, detail, next_attempt_at) VALUES ('digest', '2026-05-01', 0)"),
    ).rejects.toThrow(/unique constraint/i);
    await expect(db.run("UPDATE outbox SET state = 'lost' WHERE kind = 'follow-up'")).rejects.toThrow(
      /check constraint/i,
    );
  });

  test("the database is created on first use, in write-ahead mode, and migrated once however often it is opened", async () => {
    await open();
    const again = await open();
    // Write-ahead logging is SQLite's choice to make; PostgreSQL always logs ahead.
    if (again.engine === "sqlite") expect(await again.get("PRAGMA journal_mode")).toEqual({ journal_mode: "wal" });
    const migrations = again.engine === "sqlite" ? sqliteMigrations : postgresMigrations;
    expect(await again.all("SELECT version, name FROM schema_migrations ORDER BY version")).toEqual(
      migrations.map(({ version, name }) => ({ version, name })),
    );
  });

  test("a mail accepted just before its sender was killed goes out again, with the same Message-ID", async () => {
    const db = await open();
    const store = createInquiryStore(db);
    const { reference } = await save(store);
    // The database is locked as the mail server accepts, so the sender is killed
    // after the server's "250" and before its record: the window SMTP cannot close.
    const { catcher, locked } = await mailServerThatLocksTheDatabase();
    const sender = spawn(process.execPath, [path.join(import.meta.dirname, "support/outbox-sender.ts")], {
      env: { PATH: process.env.PATH ?? "", ...senderStore(), SMTP_PORT: String(catcher.port), LEASE_MS: "1000" },
      stdio: "ignore",
    });
    const exited = once(sender, "exit");
    await catcher.waitForMails(2);
    const lock = await locked();
    await sleep(300);
    sender.kill("SIGKILL");
    await exited;
    await deadSendersGone(db);
    await lock.release();
    expect(await states(db)).toEqual([
      { kind: "company", state: "pending", attempts: 1 },
      { kind: "acknowledgement", state: "pending", attempts: 1 },
    ]);

    worker(db, store, { smtpPort: catcher.port });
    await catcher.waitForMails(4, 10_000);
    await sleep(500);
    expect(catcher.mails).toHaveLength(4);
    expect(copiesByMessageId(catcher.mails)).toEqual({
      [`<${reference.toLowerCase()}.company@example.com>`]: 2,
      [`<${reference.toLowerCase()}.acknowledgement@example.com>`]: 2,
    });
    expect(await states(db)).toEqual([
      { kind: "company", state: "sent", attempts: 2 },
      { kind: "acknowledgement", state: "sent", attempts: 2 },
    ]);
  });

  test("a database locked when the mail server accepts is waited for: the mail is recorded as sent, and sent once", async () => {
    const db = await open();
    const store = createInquiryStore(db);
    await save(store);
    const { catcher, locked } = await mailServerThatLocksTheDatabase();
    worker(db, store, { smtpPort: catcher.port, leaseMs: 3000 });
    await catcher.waitForMails(2);
    const lock = await locked();
    // Longer than the lease, and than any wait a single statement may take.
    await sleep(6000);
    await lock.release();

    await vi.waitFor(
      async () =>
        expect(await states(db)).toEqual([
          { kind: "company", state: "sent", attempts: 1 },
          { kind: "acknowledgement", state: "sent", attempts: 1 },
        ]),
      { timeout: 5000, interval: 100 },
    );
    await sleep(500);
    expect(catcher.mails).toHaveLength(2);
  });

  test("a sender stopped while the mail server has not confirmed a mail records it as not confirmed, so no one sends it again", async () => {
    const db = await open();
    const store = createInquiryStore(db);
    await save(store);
    const catcher = await mailServer({ dataReplyDelayMs: 5000 });
    const stopping = worker(db, store, { smtpPort: catcher.port, confirmTimeoutMs: 10_000, stopGraceMs: 200 });
    await catcher.waitForMails(2);
    await stopping.stop();
    expect(await states(db)).toEqual([
      { kind: "company", state: "unknown", attempts: 1 },
      { kind: "acknowledgement", state: "unknown", attempts: 1 },
    ]);
    const reasons = await db.all<{ last_error: string }>("SELECT last_error FROM outbox");
    for (const { last_error } of reasons)
      expect(last_error).toBe("Stopped before the mail server answered, after the whole message was sent");

    worker(db, store, { smtpPort: catcher.port });
    await sleep(1000);
    expect(catcher.mails).toHaveLength(2);
  });

  test("a database made before unconfirmed mails existed is brought up to date, its mails kept", async () => {
    await storeAtVersion1(`
      INSERT INTO schema_migrations VALUES (1, 'inquiries and their outbox', '2026-01-01T00:00:00.000Z');
      INSERT INTO inquiries (id, reference, received_at, name, email, phone_number, msg_subject, message)
        VALUES (1, 'ENQ-2026-000001', '2026-01-01T00:00:00.000Z', 'A', 'a@example.in', '+91 98765 43210', 'S', 'M');
      INSERT INTO outbox (inquiry_id, kind, state, attempts, next_attempt_at, last_error, sent_at)
        VALUES (1, 'company', 'sent', 1, 0, NULL, '2026-01-01T00:00:05.000Z'),
               (1, 'acknowledgement', 'failed', 12, 0, '550 No such mailbox here', NULL);`);

    const db = await open();
    expect(await db.all("SELECT kind, state, attempts, last_error, sent_at FROM outbox ORDER BY id")).toEqual([
      { kind: "company", state: "sent", attempts: 1, last_error: null, sent_at: "2026-01-01T00:00:05.000Z" },
      { kind: "acknowledgement", state: "failed", attempts: 12, last_error: "550 No such mailbox here", sent_at: null },
    ]);
    await db.run("UPDATE outbox SET state = 'unknown' WHERE kind = 'company'");
    await expect(db.run("UPDATE outbox SET state = 'lost' WHERE kind = 'company'")).rejects.toThrow(
      /check constraint/i,
    );
  });
});
