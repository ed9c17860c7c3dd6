import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { issueFormToken } from "../../app/server/contact/form-token.server.ts";
import type { StoreLocation } from "../../app/server/store/db.server.ts";
import { spamReasons } from "../../app/staff/content/inbox.ts";
import { type SiteServer, startSite } from "../support/start-site.ts";
import { newTestStoreLocation, type TestStoreLocation } from "../support/test-store.ts";
import {
  goodFields,
  openForm,
  postContact,
  readDatabase,
  readRow,
  referenceOf,
  type VisitorFields,
} from "./support/contact-form.ts";

const buildDir = inject("siteBuildDir");

/** How the inquiry sent from this address was filed, and how many mails it owes. */
function spamOf(location: StoreLocation, email: string) {
  return readRow(
    location,
    `SELECT status, spam_reason, (SELECT count(*) FROM outbox WHERE inquiry_id = inquiries.id) AS mails
     FROM inquiries WHERE email = ?`,
    [email],
  );
}

let dataDir: string;
let store: TestStoreLocation;
let server: SiteServer;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "contact-input-"));
  store = await newTestStoreLocation("contact-input");
  // Behind a trusted proxy, so each test can be its own client and no rate limit is shared.
  server = await startSite({ buildDir, dataDir, env: { ...store.env, TRUST_PROXY: "1" } });
});

afterAll(async () => {
  await server?.stop();
  await store?.remove();
  await rm(dataDir, { recursive: true, force: true });
});

let clients = 0;
function client(): Record<string, string> {
  clients += 1;
  return { "X-Forwarded-For": `192.0.2.${clients}` };
}

async function storedCount(): Promise<number> {
  return (await readDatabase(store.location)).inquiries.length;
}

/** A fresh form and the fields to send with it. */
async function form(overrides: Partial<VisitorFields> = {}): Promise<VisitorFields & { form_token: string }> {
  return { ...goodFields(overrides), form_token: await openForm(server.url) };
}

function summaryLinks(html: string): string[] {
  const summary = /<div class="form-summary"[\s\S]*?<\/div>/.exec(html)?.[0] ?? "";
  return [...summary.matchAll(/<a href="#contact-([a-z_]+)">/g)].map((match) => match[1] ?? "");
}

describe("the contact action refuses bad input with a clear 4xx, and keeps running", () => {
  test("missing fields: 400, the page again with an error for each field", async () => {
    const before = await storedCount();
    const { form_token } = await form();
    const response = await postContact(server.url, { website: "", form_token }, client());
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    expect(summaryLinks(html)).toEqual(["name", "email", "phone_number", "msg_subject", "message"]);
    for (const message of [
      "Enter your name",
      "Enter your e-mail address",
      "Enter your phone number",
      "Enter a subject",
      "Write your message",
    ]) {
      expect(html).toContain(`>${message}</a>`);
    }
    expect(html).toContain('aria-describedby="contact-email-error"');
    expect(await storedCount()).toBe(before);
  });

  test("blank and whitespace-only fields count as missing", async () => {
    const fields = await form({ name: "   ", message: "\r\n \t" });
    const response = await postContact(server.url, fields, client());
    expect(response.status).toBe(400);
    expect(summaryLinks(await response.text())).toEqual(["name", "message"]);
  });

  test("a form without its hidden fields is sent back to be reloaded", async () => {
    const { website: _website, form_token: _token, ...visible } = await form();
    const response = await postContact(server.url, visible, client());
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("The form arrived incomplete. Please reload the page");
  });

  test("bad e-mail and phone: 400 with their messages, and everything typed is kept", async () => {
    const fields = await form({ email: "asha@example", phone_number: "98765" });
    const response = await postContact(server.url, fields, client());
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(summaryLinks(html)).toEqual(["email", "phone_number"]);
    expect(html).toContain("Enter an e-mail address in the form name@example.com");
    expect(html).toContain("Enter a phone number with 7 to 15 digits");
    expect(html).toContain(`value="${fields.name}"`);
    expect(html).toContain('value="asha@example"');
    expect(html).toContain('value="98765"');
    expect(html).toContain(`value="${fields.msg_subject}"`);
    expect(html).toContain(fields.message.split("\n")[0] ?? "");
    // The same form comes back, so its start time (and duplicate check) carries on.
    expect(html).toContain(`value="${fields.form_token}"`);
  });

  test.each([
    ["JSON", "application/json", JSON.stringify({ name: 1, email: ["x"] })],
    ["plain text", "text/plain", "name=Asha"],
    [
      "multipart",
      "multipart/form-data; boundary=x",
      '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nA\r\n--x--',
    ],
    ["another character set", "application/x-www-form-urlencoded; charset=iso-8859-1", "name=Asha"],
  ])("wrong kind of body (%s): 415", async (_kind, type, body) => {
    const response = await postContact(server.url, body, { ...client(), "Content-Type": type });
    expect(response.status).toBe(415);
    expect(await response.text()).toContain("The message did not arrive as a web form.");
  });

  test("a field sent twice: 400", async () => {
    const fields = await form();
    const body = `${new URLSearchParams(fields)}&email=${encodeURIComponent("other@example.in")}`;
    const response = await postContact(server.url, body, client());
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("A field of the form arrived more than once.");
    expect(html).toContain(`value="${fields.name}"`);
  });

  test("an unknown field: 400", async () => {
    const response = await postContact(server.url, { ...(await form()), is_admin: "1" }, client());
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("The form arrived in a shape we do not expect.");
  });

  test("a 10 kB name: 400 with the limit", async () => {
    const before = await storedCount();
    const response = await postContact(server.url, await form({ name: "n".repeat(10_240) }), client());
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Your name can be at most 100 characters; it has 10,240 now");
    expect(await storedCount()).toBe(before);
  });

  test("a 2 MB body: 413, whether or not it says its size", async () => {
    const big = `name=${"a".repeat(2 * 1024 * 1024)}`;
    const declared = await postContact(server.url, big, client());
    expect(declared.status).toBe(413);
    expect(await declared.text()).toContain("too large");

    const bytes = new TextEncoder().encode(big);
    const streamed = await fetch(`${server.url}/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...client() },
      body: new ReadableStream({
        start(controller) {
          for (let offset = 0; offset < bytes.length; offset += 64 * 1024) {
            controller.enqueue(bytes.subarray(offset, offset + 64 * 1024));
          }
          controller.close();
        },
      }),
      duplex: "half",
      redirect: "manual",
    } as RequestInit);
    expect(streamed.headers.get("content-length")).not.toBe(String(bytes.length));
    expect(streamed.status).toBe(413);
  });

  test("invalid UTF-8, raw or percent-encoded: 400", async () => {
    const { form_token } = await form();
    const raw = new Uint8Array([
      ...new TextEncoder().encode("name="),
      0xc3,
      0x28,
      ...new TextEncoder().encode("&email=a"),
    ]);
    const rawResponse = await postContact(server.url, raw, client());
    expect(rawResponse.status).toBe(400);
    expect(await rawResponse.text()).toContain("characters that are not valid text");

    const encoded = await postContact(server.url, `name=%C3%28&website=&form_token=${form_token}`, client());
    expect(encoded.status).toBe(400);
    expect(await encoded.text()).toContain("characters that are not valid text");

    const lone = await postContact(server.url, `name=%ED%A0%80&website=&form_token=${form_token}`, client());
    expect(lone.status).toBe(400);
  });

  test("control characters in a one-line field: 400", async () => {
    const response = await postContact(
      server.url,
      await form({ msg_subject: "Quote\r\nBcc: victim@example.com" }),
      client(),
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("The subject must be on one line");
  });

  test("script tags are stored as text and shown escaped", async () => {
    const script = '<script>alert("x")</script>';
    const refused = await postContact(server.url, await form({ name: script, email: "not-an-address" }), client());
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).not.toContain(script);

    const accepted = await postContact(
      server.url,
      await form({ name: script, message: `${script}\n<img src=x onerror=alert(1)>` }),
      client(),
    );
    expect(accepted.status).toBe(303);
    const reference = referenceOf(accepted);
    const row = (await readDatabase(store.location)).inquiries.find((r) => r.reference === reference);
    expect(row?.name).toBe(script);
    expect(row?.message).toBe(`${script}\n<img src=x onerror=alert(1)>`);
  });

  test("right-to-left and emoji text is taken and stored exactly", async () => {
    const fields = await form({
      name: "مريم أحمد 🌸",
      msg_subject: "הצעת מחיר – קופסאות 📦",
      message: "السلام عليكم\nנא לשלוח דוגמה 🙏🏽\nनमस्ते 👨‍👩‍👧",
    });
    const response = await postContact(server.url, fields, client());
    expect(response.status).toBe(303);
    const reference = referenceOf(response);
    const row = (await readDatabase(store.location)).inquiries.find((r) => r.reference === reference);
    expect(row).toMatchObject({ name: fields.name, msg_subject: fields.msg_subject, message: fields.message });
  });

  test("a post from another site: 403; from the site itself: taken", async () => {
    const foreign = await postContact(server.url, await form(), { ...client(), Origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get("content-type")).toContain("text/html");
    const page = await foreign.text();
    expect(page).toContain("This form was sent from another website</h1>");
    expect(page).toContain('<footer class="site-footer">');

    const crossSite = await postContact(server.url, await form(), { ...client(), "Sec-Fetch-Site": "cross-site" });
    expect(crossSite.status).toBe(403);

    const opaque = await postContact(server.url, await form(), { ...client(), Origin: "null" });
    expect(opaque.status).toBe(403);

    const own = await postContact(server.url, await form(), {
      ...client(),
      Origin: server.url,
      "Sec-Fetch-Site": "same-origin",
    });
    expect(own.status).toBe(303);
  });

  test("a post from the site's own https page, through a proxy that hides the scheme, is taken; the log says what to set, once", async () => {
    const httpsOrigin = server.url.replace(/^http:/, "https:");
    for (let i = 0; i < 2; i++) {
      const response = await postContact(server.url, await form(), {
        ...client(),
        Origin: httpsOrigin,
        "Sec-Fetch-Site": "same-origin",
      });
      expect(response.status).toBe(303);
      expect(referenceOf(response)).toMatch(/^ENQ-/);
    }
    const warnings = server.logs.filter((line) => line.includes("X-Forwarded-Proto"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("TRUST_PROXY");
  });

  test("the same form sent twice is stored once, under one reference", async () => {
    const fields = await form();
    const headers = client();
    const [first, second] = await Promise.all([
      postContact(server.url, fields, headers),
      postContact(server.url, fields, headers),
    ]);
    const third = await postContact(server.url, fields, headers);
    expect([first.status, second.status, third.status]).toEqual([303, 303, 303]);
    expect(new Set([referenceOf(first), referenceOf(second), referenceOf(third)]).size).toBe(1);
    const rows = (await readDatabase(store.location)).inquiries.filter((r) => r.name === fields.name);
    expect(rows).toHaveLength(1);

    // The same form with a different message is a different inquiry.
    const changed = await postContact(server.url, { ...fields, message: "Something else entirely" }, headers);
    expect(referenceOf(changed)).not.toBe(referenceOf(first));
  });

  test("a bot that fills in the hidden field is shown success, and kept in the spam tray without mail", async () => {
    const before = await storedCount();
    const fields = await form({ website: "https://spam.example" });
    const response = await postContact(server.url, fields, client());
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/contact?sent=");
    expect(await storedCount()).toBe(before + 1);
    const stored = await spamOf(store.location, fields.email);
    expect(stored).toEqual({ status: "spam", spam_reason: spamReasons.honeypot, mails: 0 });
    const logs = server.logs.join("\n");
    expect(logs).toMatch(/ENQ-\d{4}-\d{6} looks sent by a bot \(The hidden field .*\); kept in the spam tray/);
    expect(logs).not.toContain(fields.email);
  });

  test("the service and page the form was opened from are stored when they are the site's own, and dropped otherwise", async () => {
    const origin = async (email: string) => ({
      ...(await readRow(store.location, "SELECT service, source_page FROM inquiries WHERE email = ?", [email])),
    });
    const fromCake = await form();
    const taken = await postContact(
      server.url,
      { ...fromCake, service: "cake", source_page: "/services/cake" },
      client(),
    );
    expect(taken.status).toBe(303);
    expect(await origin(fromCake.email)).toEqual({ service: "cake", source_page: "/services/cake" });

    const forged = await form();
    const stillTaken = await postContact(
      server.url,
      { ...forged, service: "rockets", source_page: "https://elsewhere.example/" },
      client(),
    );
    expect(stillTaken.status).toBe(303);
    expect(await origin(forged.email)).toEqual({ service: null, source_page: null });

    // A form shown again for a mistake carries them on.
    const mistaken = await form({ email: "asha@" });
    const refused = await postContact(server.url, { ...mistaken, service: "cake", source_page: "/services" }, client());
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain('<input type="hidden" name="service" value="cake"/>');
    expect(html).toContain('<input type="hidden" name="source_page" value="/services"/>');
  });

  test("the form carries the page of the site the visitor came from, and the service of its link", async () => {
    const html = await (
      await fetch(`${server.url}/contact?service=cake`, { headers: { Referer: `${server.url}/services/cake` } })
    ).text();
    expect(html).toContain('<input type="hidden" name="service" value="cake"/>');
    expect(html).toContain('<input type="hidden" name="source_page" value="/services/cake"/>');
    const elsewhere = await (
      await fetch(`${server.url}/contact`, { headers: { Referer: "https://elsewhere.example/services/cake" } })
    ).text();
    expect(elsewhere).not.toContain('name="service"');
    expect(elsewhere).not.toContain('name="source_page"');
  });

  test("none of it broke the server or wrote a stack trace", async () => {
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    expect((await fetch(`${server.url}/contact`)).status).toBe(200);
    // The one warning expected here is the proxy-settings hint tested above.
    const stderr = server.logs.filter((line) => line.startsWith("stderr:") && !line.includes("X-Forwarded-Proto"));
    expect(stderr).toEqual([]);
  });
});

describe("the minimum fill time", () => {
  let slowDir: string;
  let slowStore: TestStoreLocation;
  let slow: SiteServer;
  const slowSecret = "a-secret-for-the-fill-time-tests-0123456789";

  beforeAll(async () => {
    slowDir = await mkdtemp(path.join(tmpdir(), "contact-fill-time-"));
    slowStore = await newTestStoreLocation("contact-fill-time");
    slow = await startSite({
      buildDir,
      dataDir: slowDir,
      // The test's own FORM_SECRET over the store's: the tests make tokens with it.
      env: { ...slowStore.env, FORM_MIN_FILL_SECONDS: "1.5", FORM_SECRET: slowSecret, TRUST_PROXY: "1" },
    });
  });

  afterAll(async () => {
    await slow?.stop();
    await slowStore?.remove();
    await rm(slowDir, { recursive: true, force: true });
  });

  test("a form sent faster than a person could fill it is shown success and kept as spam; a calm one is stored", async () => {
    const fast = { ...goodFields(), form_token: await openForm(slow.url) };
    const caught = await postContact(slow.url, fast);
    expect(caught.status).toBe(303);
    expect(caught.headers.get("location")).toBe("/contact?sent=");
    expect(await spamOf(slowStore.location, fast.email)).toMatchObject({ status: "spam", mails: 0 });
    expect((await spamOf(slowStore.location, fast.email))?.spam_reason).toMatch(
      /^Sent \d\.\d s after the form was opened/,
    );

    const calm = { ...goodFields(), form_token: await openForm(slow.url) };
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const taken = await postContact(slow.url, calm);
    expect(taken.status).toBe(303);
    expect(referenceOf(taken)).toMatch(/^ENQ-/);
    expect(await spamOf(slowStore.location, calm.email)).toEqual({ status: "new", spam_reason: null, mails: 2 });
    expect((await readDatabase(slowStore.location)).inquiries).toHaveLength(2);
  });

  test("an incomplete form sent at once gets its errors, not a bot's thank-you", async () => {
    const quick = { ...goodFields({ email: "" }), form_token: await openForm(slow.url) };
    const response = await postContact(slow.url, quick);
    expect(response.status).toBe(400);
    expect(summaryLinks(await response.text())).toEqual(["email"]);
  });

  test("a form whose token cannot be verified is shown again with the input and a fresh token, not stored", async () => {
    const stored = async () => (await readDatabase(slowStore.location)).inquiries.length;
    const fields = goodFields();
    const forged = `${Date.now().toString(36)}.AAAAAAAAAAAAAAAA.${"A".repeat(43)}`;
    const expired = issueFormToken(Buffer.from(slowSecret), Date.now() - 25 * 3_600_000);
    for (const [index, token] of [forged, expired, "x"].entries()) {
      const visitor = { "X-Forwarded-For": `198.51.100.${index + 1}` };
      const before = await stored();
      const response = await postContact(slow.url, { ...fields, form_token: token }, visitor);
      expect(response.status, token).toBe(400);
      const html = await response.text();
      expect(html).toContain("This form had expired; please check and send it again.");
      expect(html).toContain(`value="${fields.name}"`);
      const fresh = /name="form_token" value="([^"]+)"/.exec(html)?.[1];
      expect(fresh).toBeDefined();
      expect(fresh).not.toBe(token);
      expect(await stored()).toBe(before);

      // The visitor presses Send again at once, and the message is taken.
      const again = await postContact(slow.url, { ...fields, form_token: fresh ?? "" }, visitor);
      expect(again.status).toBe(303);
      expect(referenceOf(again)).toMatch(/^ENQ-/);
    }
  });

  test("forms with bad tokens count against the sender's allowance, as a possible bot", async () => {
    const bot = { "X-Forwarded-For": "203.0.113.99" };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await postContact(slow.url, { ...goodFields(), form_token: `forged-${i}` }, bot);
      statuses.push(response.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});
