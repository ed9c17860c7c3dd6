// A mail sender in a process of its own, so that a test can kill it at a moment
// of its choosing, as a crash or a power cut would. Run with node; settings come
// from the environment: DATABASE_PATH or DATABASE_URL, SMTP_PORT, LEASE_MS.

import { createInquiryStore } from "../../../app/server/contact/inquiries.server.ts";
import { createMailer } from "../../../app/server/mail/mailer.server.ts";
import { composeMail } from "../../../app/server/mail/messages.server.ts";
import { createOutbox, isInquiryMail, startOutboxWorker } from "../../../app/server/mail/outbox.server.ts";
import { openStore } from "../../../app/server/store/open-store.server.ts";
import { serviceContent } from "../../../app/service-content.server.ts";

const db = await openStore(
  process.env.DATABASE_URL
    ? { postgresUrl: process.env.DATABASE_URL }
    : { sqliteFile: process.env.DATABASE_PATH ?? "" },
);
const store = createInquiryStore(db);
const mailer = createMailer({
  host: "127.0.0.1",
  port: Number(process.env.SMTP_PORT),
  secure: false,
  auth: undefined,
  timeoutMs: 2000,
  confirmTimeoutMs: 2000,
});
const settings = {
  mailFrom: { name: "Example Print & Pack", address: "website@example.com" },
  mailTo: "sales@example.com",
};

startOutboxWorker({
  outbox: createOutbox(db),
  async send(mail, signal) {
    if (!isInquiryMail(mail)) throw new Error("only inquiries' mails are queued here");
    const inquiry = await store.get(mail.inquiryId);
    if (!inquiry) throw new Error("missing inquiry");
    await mailer.send(composeMail(mail.kind, inquiry, settings, serviceContent), signal);
  },
  retry: { baseMs: 50, maxMs: 200, maxAttempts: 5 },
  leaseMs: Number(process.env.LEASE_MS),
  idleMs: 100,
});
// The worker's timers do not keep a process alive; this one lives until it is killed.
setInterval(() => {}, 60_000);
process.stdout.write("started\n");
