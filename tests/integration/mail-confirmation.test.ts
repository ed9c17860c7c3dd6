import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, inject, test } from "vitest";
import { type SiteServer, startSite } from "../support/start-site.ts";
import { newTestStoreLocation, type TestStoreLocation } from "../support/test-store.ts";
import { eventually, readDatabase, sendInquiry } from "./support/contact-form.ts";
import { runInquiries } from "./support/inquiries-command.ts";
import { type MailCatcher, type MailCatcherOptions, startMailCatcher } from "./support/mail-catcher.ts";

const buildDir = inject("siteBuildDir");

let dataDir: string;
let store: TestStoreLocation;
const running: { stop(): Promise<void> }[] = [];

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "mail-confirmation-"));
  store = await newTestStoreLocation("mail-confirmation");
});

afterEach(async () => {
  for (const thing of running.splice(0).reverse()) await thing.stop();
  await store.remove();
  await rm(dataDir, { recursive: true, force: true });
});

async function mailServer(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const catcher = await startMailCatcher(options);
  running.push({ stop: () => catcher.close() });
  return catcher;
}

/** Every step may take half a second; the answer to the end of a message, as long as given. */
async function site(smtpPort: number, confirmSeconds: string): Promise<SiteServer> {
  const server = await startSite({
    buildDir,
    dataDir,
    env: {
      ...store.env,
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(smtpPort),
      SMTP_TIMEOUT_SECONDS: "0.5",
      SMTP_CONFIRM_TIMEOUT_SECONDS: confirmSeconds,
      MAIL_FROM: "Example Print & Pack <website@example.com>",
      MAIL_TO: "sales@example.com",
      MAIL_RETRY_SECONDS: "0.2",
      MAIL_RETRY_MAX_SECONDS: "0.5",
      MAIL_MAX_ATTEMPTS: "3",
    },
  });
  running.push(server);
  return server;
}

const mailStates = async () =>
  (await readDatabase(store.location)).outbox.map((mail) => [mail.kind, mail.state, mail.attempts]);

describe("a mail server slow to confirm the end of a message", () => {
  test("is given the longer wait: each mail arrives once and is recorded as sent", async () => {
    const smtp = await mailServer({ dataReplyDelayMs: 1500 });
    const server = await site(smtp.port, "5");
    await sendInquiry(server.url);

    await eventually(async () =>
      expect(await mailStates()).toEqual([
        ["acknowledgement", "sent", 1],
        ["company", "sent", 1],
      ]),
    );
    // Several retry pauses later, still one copy of each.
    await sleep(1500);
    expect(smtp.mails).toHaveLength(2);
  });

  test("that never confirms: each mail arrives once, is listed as not confirmed and is not sent again until staff say so", async () => {
    const silent = await mailServer({ dataReplyDelayMs: 10_000 });
    const first = await site(silent.port, "1");
    const reference = await sendInquiry(first.url);

    // However many attempts a loaded machine needed to reach the end of the message (the
    // mail server's own count below shows each arrived once), both end as not confirmed.
    await eventually(async () =>
      expect((await mailStates()).map(([kind, state]) => [kind, state])).toEqual([
        ["acknowledgement", "unknown"],
        ["company", "unknown"],
      ]),
    );
    await first.waitForLog(new RegExp(`Mail NOT CONFIRMED: the company copy of ${reference}`));
    // Longer than every retry pause: nothing goes out again by itself.
    await sleep(2000);
    expect(silent.mails).toHaveLength(2);
    expect((await mailStates()).map(([, state]) => state)).toEqual(["unknown", "unknown"]);

    const listing = (await runInquiries(store.env)).stdout;
    expect(listing).toContain("NOT CONFIRMED (may have arrived; check them): 2.");
    expect(listing).toMatch(
      /Company copy: NOT CONFIRMED \d{4}-\d\d-\d\d \d\d:\d\d: the mail server did not confirm it/,
    );
    expect(listing).toContain(
      "(Timeout: no answer within 1 s, after the whole message was sent); it may have arrived.",
    );
    expect(listing).toContain("Check (the inbox, or the mail server's log), then either send it again");
    expect(listing).toContain(`npm run inquiries -- --resend-unknown ${reference}`);
    expect(listing).toContain(`npm run inquiries -- --mark-sent ${reference}`);

    expect((await runInquiries(store.env, "--retry-failed")).stdout).toContain("0 failed mails are back in the queue.");
    expect((await mailStates()).map(([, state]) => state)).toEqual(["unknown", "unknown"]);

    // Staff found the mails missing and send them again, through a server that answers.
    await first.stop();
    const resend = await runInquiries(store.env, "--resend-unknown", reference);
    expect(resend.stdout).toContain(
      `2 unconfirmed mails of ${reference} are back in the queue, with the same Message-ID.`,
    );
    const answering = await mailServer();
    await site(answering.port, "5");
    await answering.waitForMails(2);
    // Sent, however many attempts a loaded machine needed to reach the mail server: the
    // Message-IDs below show that each arrived once.
    await eventually(async () =>
      expect((await mailStates()).map(([kind, state]) => [kind, state])).toEqual([
        ["acknowledgement", "sent"],
        ["company", "sent"],
      ]),
    );
    const ids = (mails: MailCatcher["mails"]) => mails.map((mail) => mail.header("message-id")).sort();
    expect(ids(answering.mails)).toEqual(ids(silent.mails));
  });
});
