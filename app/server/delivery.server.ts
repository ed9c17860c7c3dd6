import path from "node:path";
import type { DatabaseSync } from "node:sqlite";
import { type AuditLog, createAuditLog } from "./audit.server.ts";
import { DamagedDatabaseError, openDatabase, retryWhileBusy } from "./db.server.ts";
import { type ContactEnv, contactEnv } from "./env.server.ts";
import { createInbox, type Inbox } from "./inbox.server.ts";
import { createInquiryStore, type InquiryStore } from "./inquiries.server.ts";
import { composeMail } from "./inquiry-mail.server.ts";
import { createMailer, isPermanentRejection, isUnconfirmedDelivery } from "./mailer.server.ts";
import { type ClaimedMail, createOutbox, type OutboxWorker, startOutboxWorker } from "./outbox.server.ts";
import { createRateLimiter, type RateLimiter } from "./rate-limit.server.ts";
import type { Readiness } from "./readiness.server.ts";
import { type RetentionJob, startRetentionJob } from "./retention.server.ts";
import { createStaffServices, type StaffServices } from "./staff.server.ts";

/** What the contact action needs, one shared instance per process. */
export type ContactServices = {
  env: ContactEnv;
  store: InquiryStore;
  audit: AuditLog;
  /** What staff do with inquiries in /inbox. */
  inbox: Inbox;
  limiter: RateLimiter;
  /** Staff accounts, sign-in, sessions and passkeys, on the same database. */
  staff: StaffServices;
  /** Tells the mail queue something new is waiting; does nothing while e-mail is off. */
  notifyOutbox(): void;
};

type Running = ContactServices & { db: DatabaseSync; worker?: OutboxWorker; retention?: RetentionJob };

// Kept on the global object so that a development server reloading this module
// reuses the open database and its one worker instead of starting another.
const KEY = Symbol.for("print-site.contact-services");
const holder = globalThis as { [KEY]?: Running };

type Log = Pick<Console, "info" | "warn" | "error">;

/** How long a mail waits to read its inquiry from a locked database before the attempt fails and is retried. */
const READ_PATIENCE_MS = 5000;

/** The shared services, opened on first use (the production server opens them at start-up). */
export function contactServices(): ContactServices {
  holder[KEY] ??= open(console);
  return holder[KEY];
}

/**
 * Opens the inquiry database (creating it on the first start) and starts the
 * mail queue and the daily clean-up of inquiries past INQUIRY_RETENTION_DAYS
 * (retention.server.ts). Throws, with a message naming it, on a bad setting or a database
 * that cannot be opened, so the server can refuse to start.
 */
export async function startDelivery(log: Log = console): Promise<void> {
  if (holder[KEY]) return;
  const running = open(log);
  holder[KEY] = running;
  running.retention = startRetentionJob({ db: running.db, policy: { retentionDays: running.env.retentionDays }, log });
  const relative = path.relative(process.cwd(), running.env.databasePath);
  const where = relative.startsWith("..") ? running.env.databasePath : relative;
  if (running.env.smtp) {
    const { host, port } = running.env.smtp;
    log.info(`Inquiries are stored in ${where} and e-mailed to ${running.env.mailTo} through ${host}:${port}.`);
  } else {
    log.info(
      `E-mail is off (SMTP_HOST is not set): inquiries are stored in ${where} and listed by "npm run inquiries"; no mail is sent.`,
    );
  }
}

/** Whether the store answers; replaced by the full check once the store has two engines. */
export async function readiness(): Promise<Readiness> {
  const running = holder[KEY];
  if (!running) return { ready: false, reason: "not started" };
  return { ready: true };
}

/** Stops the clean-up and the mail queue, letting a mail being sent finish (briefly), and closes the database. */
export async function stopDelivery(): Promise<void> {
  const running = holder[KEY];
  if (!running) return;
  holder[KEY] = undefined;
  running.retention?.stop();
  await running.worker?.stop();
  running.db.close();
}

/** For log lines: the reference, or the row number when the database is too busy to say. */
function referenceOf(store: InquiryStore, inquiryId: number): string {
  try {
    return store.get(inquiryId)?.reference ?? `inquiry ${inquiryId}`;
  } catch {
    return `inquiry ${inquiryId}`;
  }
}

function open(log: Log): Running {
  const env = contactEnv();
  let db: DatabaseSync;
  try {
    db = openDatabase(env.databasePath);
  } catch (error) {
    if (error instanceof DamagedDatabaseError) throw error;
    throw new Error(`The inquiry database at ${env.databasePath} could not be opened: ${(error as Error).message}`);
  }
  const store = createInquiryStore(db);
  const audit = createAuditLog(db);
  const inbox = createInbox(db);
  const limiter = createRateLimiter(env.rateLimit);
  const staff = createStaffServices(db, audit);
  if (!env.smtp) return { env, db, store, audit, inbox, limiter, staff, notifyOutbox() {} };

  const mailer = createMailer(env.smtp);
  const label = (mail: ClaimedMail) => {
    const reference = referenceOf(store, mail.inquiryId);
    return mail.kind === "company" ? `the company copy of ${reference}` : `the acknowledgement of ${reference}`;
  };
  const worker = startOutboxWorker({
    outbox: createOutbox(db),
    async send(mail, signal) {
      const inquiry = await retryWhileBusy(() => store.get(mail.inquiryId), { patienceMs: READ_PATIENCE_MS, signal });
      if (!inquiry) throw new Error(`Inquiry ${mail.inquiryId} is missing`);
      await mailer.send(composeMail(mail.kind, inquiry, env), signal);
    },
    // A visitor's address the mail server refuses for good will not start working;
    // the company's own copy keeps its retries, as its failures are ours to mend.
    isPermanent: (error, mail) => mail.kind === "acknowledgement" && isPermanentRejection(error),
    isUnconfirmed: isUnconfirmedDelivery,
    label,
    retry: env.retry,
    // Longer than the slowest send the SMTP timeouts allow (connecting, logging in,
    // the envelope, then the wait for the server to confirm the message), so a lease
    // runs out only when its sender died.
    leaseMs: env.smtp.timeoutMs * 3 + env.smtp.confirmTimeoutMs + 30_000,
    log,
  });
  return { env, db, store, audit, inbox, limiter, staff, worker, notifyOutbox: () => worker.notify() };
}
