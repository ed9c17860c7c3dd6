import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { type SiteServer, startSite } from "../support/start-site.ts";
import { newTestStoreLocation, type TestStoreLocation } from "../support/test-store.ts";
import { goodFields, openForm, postContact, readDatabase, referenceOf, sendInquiry } from "./support/contact-form.ts";
import { type MailCatcher, startMailCatcher } from "./support/mail-catcher.ts";

const buildDir = inject("siteBuildDir");
const COMPANY_INBOX = "sales@example.com";

let dataDir: string;
let store: TestStoreLocation;
let smtp: MailCatcher;
let server: SiteServer;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "contact-load-"));
  store = await newTestStoreLocation("contact-load");
  smtp = await startMailCatcher();
  server = await startSite({
    buildDir,
    dataDir,
    env: {
      ...store.env,
      // Client addresses come from X-Forwarded-For, so one machine can be fifty visitors.
      TRUST_PROXY: "1",
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(smtp.port),
      MAIL_TO: COMPANY_INBOX,
      MAIL_RETRY_SECONDS: "0.2",
      CONTACT_RATE_LIMIT: "5",
      CONTACT_RATE_WINDOW_MINUTES: "10",
    },
  });
});

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await store?.remove();
  await rm(dataDir, { recursive: true, force: true });
});

test("50 visitors sending at once end in 50 stored inquiries and 50 company mails", async () => {
  const references = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      sendInquiry(server.url, goodFields(), { "X-Forwarded-For": `198.51.100.${i + 1}` }),
    ),
  );
  expect(new Set(references).size).toBe(50);

  const { inquiries } = await readDatabase(store.location);
  expect(inquiries).toHaveLength(50);
  expect(inquiries.map((row) => row.reference).sort()).toEqual([...references].sort());

  await smtp.waitForMails(100, 30_000);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(smtp.mails).toHaveLength(100);
  const company = smtp.mails.filter((mail) => mail.envelope.to.includes(COMPANY_INBOX));
  expect(company).toHaveLength(50);
  expect(company.map((mail) => mail.header("x-inquiry-reference")).sort()).toEqual([...references].sort());
  expect((await readDatabase(store.location)).outbox.every((mail) => mail.state === "sent")).toBe(true);
});

test("one address gets five inquiries in ten minutes, then a 429 with its typing kept", async () => {
  const visitor = { "X-Forwarded-For": "203.0.113.7" };
  for (let i = 0; i < 5; i++) await sendInquiry(server.url, goodFields(), visitor);

  const fields = goodFields({ name: "Sixth Try" });
  const response = await postContact(server.url, { ...fields, form_token: await openForm(server.url) }, visitor);
  expect(response.status).toBe(429);
  expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(500);
  const html = await response.text();
  expect(html).toContain("You have sent several messages in a short time. Please try again in 10 minutes");
  expect(html).toContain('value="Sixth Try"');
  expect(referenceOf(response)).toBeUndefined();

  // Other visitors are not affected.
  const neighbour = await sendInquiry(server.url, goodFields(), { "X-Forwarded-For": "203.0.113.8" });
  expect(neighbour).toMatch(/^ENQ-/);
  const rows = (await readDatabase(store.location)).inquiries;
  expect(rows.filter((row) => row.name === "Sixth Try")).toHaveLength(0);
});
