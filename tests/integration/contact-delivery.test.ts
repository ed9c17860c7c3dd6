import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, inject, test } from "vitest";
import { type SiteServer, startSite } from "../support/start-site.ts";
import { newTestStoreLocation, type TestStoreLocation } from "../support/test-store.ts";
import {
  eventually,
  goodFields,
  openForm,
  postContact,
  readDatabase,
  referenceOf,
  sendInquiry,
} from "./support/contact-form.ts";
import { type MailCatcher, type MailCatcherOptions, startMailCatcher } from "./support/mail-catcher.ts";

const buildDir = inject("siteBuildDir");
const COMPANY_INBOX = "sales@example.com";

let dataDir: string;
let store: TestStoreLocation;
const running: { stop(): Promise<void> }[] = [];

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "contact-delivery-"));
  store = await newTestStoreLocation("contact-delivery");
});

afterEach(async () => {
  for (const thing of running.splice(0).reverse()) await thing.stop();
  await store.remove();
  await rm(dataDir, { recursive: true, force: true });
});

async function site(env: Record<string, string> = {}): Promise<SiteServer> {
  const server = await startSite({ buildDir, dataDir, env: { ...store.env, ...env } });
  running.push(server);
  return server;
}

async function mailServer(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const catcher = await startMailCatcher(options);
  running.push({ stop: () => catcher.close() });
  return catcher;
}

/** A port where, for now, no mail server listens. */
/**
 * A port nothing listens on, and nothing else will start to: below the range
 * the system hands out for port 0 (32768 and up on Linux), where every other
 * server of the suite listens, so a freed port is not taken by another test
 * running beside this one (which answered a connection without a greeting).
 */
async function closedPort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 10_000);
    const probe = await startMailCatcher({ port }).catch(() => undefined);
    if (!probe) continue;
    await probe.close();
    return port;
  }
}

function mailEnv(port: number, extra: Record<string, string> = {}): Record<string, string> {
  return {
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(port),
    SMTP_TIMEOUT_SECONDS: "2",
    MAIL_FROM: "Example Print & Pack <website@example.com>",
    MAIL_TO: COMPANY_INBOX,
    MAIL_RETRY_SECONDS: "0.2",
    MAIL_RETRY_MAX_SECONDS: "0.5",
    ...extra,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("delivering an inquiry", () => {
  test("an address at an internationalised domain, typed in Unicode, is stored as typed and mailed to its punycode form", async () => {
    const smtp = await mailServer();
    const server = await site(mailEnv(smtp.port));
    const email = "ravi@उदाहरण.भारत";
    const reference = await sendInquiry(server.url, goodFields({ email }));
    expect(reference).toMatch(/^ENQ-/);
    expect((await readDatabase(store.location)).inquiries[0]?.email).toBe(email);
    await smtp.waitForMails(2);
    const acknowledgement = smtp.mails.find((mail) => mail.envelope.to.some((to) => to.startsWith("ravi@")));
    // The receiver and the mail reader turn punycode back into Unicode; the raw header is what was sent.
    expect(acknowledgement?.envelope.to).toEqual([email]);
    expect(acknowledgement?.raw).toMatch(new RegExp(`^To: ravi@${new URL("http://उदाहरण.भारत").hostname}\r?$`, "m"));
    const company = smtp.mails.find((mail) => mail.envelope.to.includes(COMPANY_INBOX));
    expect(company?.text).toContain(email);
  });

  test("sends the company a mail with every field and the visitor an acknowledgement with the reference", async () => {
    const smtp = await mailServer({ auth: { user: "mailer", pass: "s3cret-pass" } });
    const server = await site(mailEnv(smtp.port, { SMTP_USER: "mailer", SMTP_PASS: "s3cret-pass" }));
    const fields = goodFields({
      name: "Meera <b>Nair</b> 🌸",
      email: "meera.nair@example.in",
      phone_number: "(0172) 2345678",
      msg_subject: 'Quote for "Cake Box" & <i>cartons</i>',
      message: 'Hello <script>alert("x")</script>\nनमस्ते, مرحبا 🎂\nSecond line',
    });

    const reference = await sendInquiry(server.url, fields);
    expect(reference).toMatch(/^ENQ-\d{4}-000001$/);
    await smtp.waitForMails(2);
    await sleep(500);
    expect(smtp.mails).toHaveLength(2);

    const company = smtp.mails.find((mail) => mail.envelope.to.includes(COMPANY_INBOX));
    const acknowledgement = smtp.mails.find((mail) => mail.envelope.to.includes("meera.nair@example.in"));
    if (!company || !acknowledgement) throw new Error("A mail went to the wrong place");

    expect(company.user).toBe("mailer");
    expect(company.envelope.from).toBe("website@example.com");
    expect(company.header("from")).toContain("<website@example.com>");
    expect(company.header("to")).toBe(COMPANY_INBOX);
    expect(company.header("reply-to")).toContain("<meera.nair@example.in>");
    expect(company.header("reply-to")).toContain("Meera");
    expect(company.header("subject")).toBe(`Inquiry ${reference}: ${fields.msg_subject}`);
    expect(company.header("message-id")).toBe(`<${reference.toLowerCase()}.company@example.com>`);
    for (const value of [
      reference,
      fields.name,
      fields.email,
      fields.phone_number,
      fields.msg_subject,
      fields.message,
    ]) {
      expect(company.text).toContain(value);
    }
    expect(company.html).toContain("Hello &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(company.html).toContain("Meera &lt;b&gt;Nair&lt;/b&gt; 🌸");
    expect(company.html).toContain("नमस्ते, مرحبا 🎂");
    expect(company.html).not.toContain("<script>");
    expect(company.html).not.toContain("<b>Nair");

    expect(acknowledgement.envelope.to).toEqual([fields.email]);
    expect(acknowledgement.header("from")).toContain("<website@example.com>");
    expect(acknowledgement.header("reply-to")).toBe(COMPANY_INBOX);
    expect(acknowledgement.header("subject")).toContain(reference);
    expect(acknowledgement.header("auto-submitted")).toBe("auto-replied");
    expect(acknowledgement.header("message-id")).toBe(`<${reference.toLowerCase()}.acknowledgement@example.com>`);
    expect(acknowledgement.text).toContain(reference);
    expect(acknowledgement.html).toContain(reference);
    // The acknowledgement repeats nothing the visitor typed.
    expect(acknowledgement.raw).not.toContain("Nair");
    expect(acknowledgement.text).not.toContain("Second line");

    await eventually(async () => {
      const { outbox } = await readDatabase(store.location);
      expect(outbox.map((mail) => [mail.kind, mail.state, mail.attempts])).toEqual([
        ["acknowledgement", "sent", 1],
        ["company", "sent", 1],
      ]);
    });
    expect(server.logs.filter((line) => line.startsWith("Mail sent:"))).toHaveLength(2);
  });

  test("with the mail server down, stores the inquiry and delivers it exactly once when the server is back", async () => {
    const port = await closedPort();
    const server = await site(mailEnv(port));

    const started = Date.now();
    const reference = await sendInquiry(server.url);
    expect(Date.now() - started).toBeLessThan(2000);

    await eventually(async () => {
      const { inquiries, outbox } = await readDatabase(store.location);
      expect(inquiries.map((row) => row.reference)).toEqual([reference]);
      expect(outbox).toHaveLength(2);
      for (const mail of outbox) {
        expect(mail.state).toBe("pending");
        expect(mail.attempts).toBeGreaterThanOrEqual(1);
        expect(mail.last_error).toMatch(/ECONNREFUSED/);
      }
      // The server logs a retry after recording it, and its output arrives through a pipe: waited for too.
      expect(server.logs.join("\n")).toMatch(/Mail not sent yet: the company copy of ENQ-/);
    });

    const smtp = await mailServer({ port });
    await smtp.waitForMails(2);
    // Several retry periods later, still nothing sent twice.
    await sleep(1500);
    expect(smtp.mails).toHaveLength(2);
    expect(new Set(smtp.mails.map((mail) => mail.header("message-id"))).size).toBe(2);
    const { outbox } = await readDatabase(store.location);
    expect(outbox.every((mail) => mail.state === "sent")).toBe(true);
  });

  test("a restart with mail still queued loses nothing and sends nothing twice", async () => {
    const port = await closedPort();
    const first = await site(mailEnv(port));
    const references = [await sendInquiry(first.url), await sendInquiry(first.url), await sendInquiry(first.url)];
    await eventually(async () => {
      const { outbox } = await readDatabase(store.location);
      expect(outbox).toHaveLength(6);
      expect(outbox.every((mail) => mail.state === "pending" && mail.attempts >= 1)).toBe(true);
    });
    await first.stop("SIGTERM");
    expect(first.logs).toContain("SIGTERM received: closing");

    const smtp = await mailServer({ port });
    const second = await site(mailEnv(port));
    await smtp.waitForMails(6);
    await sleep(1500);
    expect(smtp.mails).toHaveLength(6);
    const sent = smtp.mails.map((mail) => mail.header("x-inquiry-reference")).sort();
    expect(sent).toEqual([...references, ...references].sort());
    expect(new Set(smtp.mails.map((mail) => mail.header("message-id"))).size).toBe(6);
    const { inquiries, outbox } = await readDatabase(store.location);
    expect(inquiries.map((row) => row.reference)).toEqual(references);
    expect(outbox.every((mail) => mail.state === "sent")).toBe(true);
    expect(second.logs.filter((line) => line.startsWith("Mail sent:"))).toHaveLength(6);
  });

  test("a mail server that accepts connections but never answers does not hold up the visitor", async () => {
    const smtp = await mailServer({ stall: true });
    const server = await site(mailEnv(smtp.port, { SMTP_TIMEOUT_SECONDS: "3" }));
    const token = await openForm(server.url);

    const started = Date.now();
    const response = await postContact(server.url, { ...goodFields(), form_token: token });
    expect(response.status).toBe(303);
    // Well under the mail server's time allowed: the answer did not wait for it.
    expect(Date.now() - started).toBeLessThan(2000);
    const reference = referenceOf(response);

    await eventually(async () => {
      const { inquiries, outbox } = await readDatabase(store.location);
      expect(inquiries.map((row) => row.reference)).toEqual([reference]);
      expect(
        outbox.some((mail) => mail.attempts >= 1 && /Greeting never received|timeout/i.test(mail.last_error ?? "")),
      ).toBe(true);
      expect(outbox.every((mail) => mail.state === "pending")).toBe(true);
    });
  });

  test("a visitor address the mail server refuses fails at once; the company copy keeps trying, then is marked failed and logged", async () => {
    const smtp = await mailServer({ refuse: (address) => address === COMPANY_INBOX || address.startsWith("nobody") });
    const server = await site(mailEnv(smtp.port, { MAIL_MAX_ATTEMPTS: "3" }));
    const reference = await sendInquiry(server.url, goodFields({ email: "nobody@example.in" }));

    await eventually(async () => {
      const { outbox } = await readDatabase(store.location);
      expect(outbox.map((mail) => [mail.kind, mail.state, mail.attempts])).toEqual([
        ["acknowledgement", "failed", 1],
        ["company", "failed", 3],
      ]);
    });
    const failures = server.logs.filter((line) => line.startsWith("stderr: Mail FAILED:"));
    expect(failures).toHaveLength(2);
    expect(failures.join("\n")).toContain(`the acknowledgement of ${reference}, after 1 attempt`);
    expect(failures.join("\n")).toContain(`the company copy of ${reference}, after 3 attempts`);
    expect(smtp.mails).toHaveLength(0);
  });

  test("with no mail server configured, the server starts, stores inquiries and says e-mail is off", async () => {
    const server = await site();
    expect(server.logs.join("\n")).toMatch(/E-mail is off \(SMTP_HOST is not set\): inquiries are stored in/);
    const reference = await sendInquiry(server.url);
    const { inquiries, outbox } = await readDatabase(store.location);
    expect(inquiries.map((row) => row.reference)).toEqual([reference]);
    expect(outbox.map((mail) => [mail.state, mail.attempts])).toEqual([
      ["pending", 0],
      ["pending", 0],
    ]);
    const thanks = await (await fetch(`${server.url}/contact?sent=${reference}`)).text();
    expect(thanks).toContain(reference);
    expect(thanks).toContain('<meta name="robots" content="noindex"/>');
    expect(thanks).not.toContain("A confirmation with this reference");
  });

  test("refuses to start on a bad mail setting, naming it", async () => {
    await expect(
      startSite({ buildDir, dataDir, env: { ...store.env, SMTP_HOST: "127.0.0.1", SMTP_PORT: "seventy" } }),
    ).rejects.toThrow(/SMTP_PORT: must be a whole number/);
  });
});
