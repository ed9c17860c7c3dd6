import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { totalsOf } from "../../app/server/quotations/document.ts";
import { amountInWords, formatRupees } from "../../app/server/quotations/money.ts";
import { openStore } from "../../app/server/store/open-store.server.ts";
import { serviceContent } from "../../app/service-content.server.ts";
import { quotationContent } from "../support/quotation-content.ts";
import { type SiteServer, startSite } from "../support/start-site.ts";
import { newTestStoreLocation, type TestStoreLocation } from "../support/test-store.ts";
import { eventually, referenceOf } from "./support/contact-form.ts";
import { type CaughtMail, type MailCatcher, startMailCatcher } from "./support/mail-catcher.ts";
import { client, formToken, postQuote, staffSession } from "./support/quote-posts.ts";
import { cakeRequest } from "./support/quote-request.ts";

// From a quote request to an accepted quotation on the real server, with a
// real SMTP receiver and Poppler reading the PDF the buyer gets; on the
// engine under test (TEST_STORE).

const run = promisify(execFile);
const COMPANY = "sales@example.com";

let smtp: MailCatcher;
let store: TestStoreLocation;
let server: SiteServer;
let dataDir: string;
let cookie: string;
let pdfDir: string;
/** Addresses the mail server refuses for good, for as long as they are here. */
const refused = new Set<string>();

beforeAll(async () => {
  smtp = await startMailCatcher({ refuse: (address) => refused.has(address) });
  store = await newTestStoreLocation("quotations");
  dataDir = await mkdtemp(path.join(tmpdir(), "quotations-"));
  pdfDir = await mkdtemp(path.join(tmpdir(), "quotation-pdfs-"));
  server = await startSite({
    buildDir: inject("siteBuildDir"),
    dataDir,
    env: {
      ...store.env,
      TRUST_PROXY: "1",
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(smtp.port),
      SMTP_TIMEOUT_SECONDS: "2",
      MAIL_FROM: "Example Print & Pack <website@example.com>",
      MAIL_TO: COMPANY,
      MAIL_RETRY_SECONDS: "0.2",
      MAIL_RETRY_MAX_SECONDS: "0.5",
    },
  });
  cookie = await staffSession({ url: server.url, dataDir, store: store.location }, store.env);
});

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await store?.remove();
  await Promise.all([dataDir, pdfDir].map((folder) => folder && rm(folder, { recursive: true, force: true })));
});

const url = (pathname: string) => `${server.url}${pathname}`;

function asStaff(pathname: string, init: RequestInit = {}) {
  return fetch(url(pathname), { ...init, headers: { cookie, ...(init.headers ?? {}) }, redirect: "manual" });
}

function postForm(pathname: string, fields: Record<string, string>, withCookie = true) {
  return fetch(url(pathname), {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: withCookie ? { cookie } : {},
    redirect: "manual",
  });
}

/** A quote request for cake boxes, delivered to Bengaluru (another state than the company's); its reference. */
async function quoteRequest(): Promise<string> {
  const response = await postQuote({ url: server.url }, cakeRequest(await formToken({ url: server.url })), client());
  const reference = referenceOf(response);
  if (response.status !== 303 || !reference) throw new Error(`The request was not taken: ${response.status}`);
  return reference;
}

/** The two lines and charges staff type for a quotation of 1,000 and 2,000 boxes. */
const priced: Record<string, string> = {
  line_0_price: "18.50",
  line_1_description: "Cake box with window, SBS",
  line_1_hsn: "4819",
  line_1_quantity: "2000",
  line_1_unit: "pcs",
  line_1_price: "16.25",
  line_1_rate: "18",
  discount: "5%",
  packing: "750",
  freight: "1,200",
};

/** The new quotation's form as the page fills it in, with the prices typed: its fields as posted. */
async function filledForm(reference: string): Promise<Record<string, string>> {
  const page = await (await asStaff(`/inbox/${reference}/quotations/new`)).text();
  // The quotation's form only: the staff bar's sign-out form is another.
  const html = /<form class="staff-form quotation-form"[\s\S]*?<\/form>/.exec(page)?.[0] ?? "";
  const fields: Record<string, string> = {};
  for (const [, name = "", value = ""] of html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) {
    fields[name] = decodeEntities(value);
  }
  for (const [, name = "", value = ""] of html.matchAll(/<textarea[^>]*name="([^"]+)"[^>]*>([^<]*)<\/textarea>/g)) {
    fields[name] = decodeEntities(value);
  }
  for (const [, name = "", selected = ""] of html.matchAll(
    /<select[^>]*name="([^"]+)"[^>]*>[\s\S]*?<option[^>]*value="([^"]*)"[^>]*selected/g,
  )) {
    fields[name] = selected;
  }
  return { ...fields, ...priced, intent: "save" };
}

function decodeEntities(text: string): string {
  return text
    .replaceAll("&amp;", "&")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">");
}

/** Saves and sends a quotation for the inquiry; answers its page's address. */
async function sendQuotation(reference: string): Promise<string> {
  const saved = await postForm(`/inbox/${reference}/quotations/new`, await filledForm(reference));
  expect(saved.status).toBe(303);
  const page = (saved.headers.get("location") ?? "").split("?")[0] ?? "";
  expect(page).toMatch(new RegExp(`^/inbox/${reference}/quotations/\\d+$`));
  const sent = await postForm(page, { intent: "send" });
  expect(sent.status).toBe(303);
  return page;
}

async function pdfText(bytes: Uint8Array, name: string): Promise<string> {
  const file = path.join(pdfDir, name);
  await writeFile(file, bytes);
  return (await run("pdftotext", ["-layout", file, "-"])).stdout;
}

async function buyerAddress(reference: string): Promise<string> {
  const db = await openStore(store.location, { busyWaitMs: 5000 });
  try {
    const row = await db.get<{ email: string }>("SELECT email FROM inquiries WHERE reference = ?", [reference]);
    if (!row) throw new Error(`No inquiry ${reference}`);
    return row.email;
  } finally {
    await db.close();
  }
}

async function inquiryStatus(reference: string): Promise<{ status: string; first_reply_by: string | null }> {
  const db = await openStore(store.location, { busyWaitMs: 5000 });
  try {
    const row = await db.get<{ status: string; first_reply_by: string | null }>(
      "SELECT status, first_reply_by FROM inquiries WHERE reference = ?",
      [reference],
    );
    if (!row) throw new Error(`No inquiry ${reference}`);
    return row;
  } finally {
    await db.close();
  }
}

const mailsTo = (address: string, subject: RegExp) =>
  smtp.mails.filter((mail) => mail.envelope.to.includes(address) && subject.test(mail.header("subject") ?? ""));

/** The one mail whose headers match, once it has arrived. */
function theMail(matches: (mail: CaughtMail) => boolean) {
  return eventually(() => {
    const found = smtp.mails.filter(matches);
    expect(found).toHaveLength(1);
    return found[0] as CaughtMail;
  });
}

/** The quotation sent to the buyer of this inquiry (the first, when there are revisions). */
const quotationMailOf = (reference: string) =>
  theMail(
    (mail) => mail.header("x-inquiry-reference") === reference && /^Quotation/.test(mail.header("subject") ?? ""),
  );

const linkIn = (text: string) => /\/quotation\/([A-Za-z0-9_-]{32})/.exec(text)?.[0] ?? "";

describe("a quotation from a quote request", () => {
  let reference: string;
  let staffPage: string;
  let buyerLink: string;

  beforeAll(async () => {
    reference = await quoteRequest();
    await smtp.waitForMails(2);
  });

  test("the new quotation's form starts from the request: one line per quantity, the product's HSN and the usual rate", async () => {
    const form = await filledForm(reference);
    expect(form.line_0_description).toContain("Cake Box");
    expect(form.line_0_hsn).toBe("4819");
    expect(form.line_0_quantity).toBe("1000");
    expect(form.line_0_rate).toBe("18");
    expect(form.buyer_pin).toBe("560001");
  });

  test("a form with a price that is not one is returned as typed, with a message beside the field", async () => {
    const form = { ...(await filledForm(reference)), line_0_price: "eighteen" };
    const answer = await postForm(`/inbox/${reference}/quotations/new`, form);
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(html).toContain('value="eighteen"');
    expect(html).toContain("A price in rupees");
  });

  test("staff send it: the buyer gets a mail with the PDF, whose text holds the lines, the IGST, the total and the words", async () => {
    staffPage = await sendQuotation(reference);
    const [mail] = await eventually(() => {
      const found = mailsTo("meena.1@example.in", /^Quotation QT\/\d{4}-\d{2}\/\d{4} from /);
      expect(found).toHaveLength(1);
      return found;
    });
    const attachment = mail?.attachments.find((file) => file.contentType === "application/pdf");
    expect(attachment?.filename).toMatch(/^QT-\d{4}-\d{2}-\d{4}\.pdf$/);
    const text = await pdfText(attachment?.content ?? new Uint8Array(), "sent.pdf");

    // The figures as the rules reckon them, never typed here.
    const totals = totalsOf(
      quotationContent({
        lines: [
          { description: "", hsn: "4819", quantityMilli: 1_000_000, unit: "pcs", unitPricePaise: 1850, gstRate: 18 },
          { description: "", hsn: "4819", quantityMilli: 2_000_000, unit: "pcs", unitPricePaise: 1625, gstRate: 18 },
        ],
        discount: { percent: 5 },
        packingPaise: 75_000,
        freightPaise: 120_000,
      }),
      serviceContent.billing.gstRates,
    );
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain("Cake box with window, SBS");
    expect(flat).toContain("4819");
    expect(flat).toMatch(/IGST 18 ?%/);
    expect(flat).toContain(formatRupees(totals.igst).replace("₹", ""));
    expect(flat).not.toMatch(/CGST/);
    expect(flat).toContain(formatRupees(totals.total).replace("₹", ""));
    expect(flat).toContain(amountInWords(totals.total));

    buyerLink = linkIn(mail?.text ?? "");
    // Its delivery is in the quotation's history, as every mail's is.
    await eventually(async () =>
      expect((await (await asStaff(staffPage)).text()).replaceAll("<!-- -->", "")).toMatch(
        /The mail to the buyer: sent \d/,
      ),
    );
    expect(buyerLink).not.toBe("");
    expect(await inquiryStatus(reference)).toEqual({ status: "quoted", first_reply_by: "quotation" });
  });

  test("the buyer's page shows the quotation, is not indexed or stored, and keeps the link out of referrers", async () => {
    // Staff checking the link they may share is not the buyer opening it.
    expect((await asStaff(buyerLink)).status).toBe(200);
    expect((await (await asStaff(staffPage)).text()).replaceAll("<!-- -->", "")).toMatch(/: Sent<\/h1>/);
    const page = await fetch(url(buyerLink));
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("x-robots-tag")).toContain("noindex");
    expect(page.headers.get("referrer-policy")).toBe("same-origin");
    const html = await page.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
    expect(html).toContain("Accept the quotation");
    const pdf = await fetch(url(`${buyerLink}/pdf`));
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    // Opened: staff see it.
    expect(await (await asStaff(staffPage)).text()).toContain("Opened by the buyer");
  });

  test("a tampered link, or any other address under /quotation, answers 404", async () => {
    const token = buyerLink.split("/").pop() ?? "";
    const tampered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const pathname of [
      `/quotation/${tampered}`,
      `/quotation/${tampered}/pdf`,
      `/quotation/${token.slice(1)}`,
      "/quotation/1",
      `/quotation/${token}%00`,
    ]) {
      const answer = await fetch(url(pathname));
      expect(answer.status, pathname).toBe(404);
      // Whether an address leads nowhere is kept by no cache and listed by no search engine, as a found one is not.
      expect(answer.headers.get("cache-control"), pathname).toBe("no-store");
      expect(answer.headers.get("x-robots-tag"), pathname).toContain("noindex");
    }
    const page = await (await fetch(url(`/quotation/${tampered}`))).text();
    expect(page).toContain("<h1");
    expect(page).toContain('<meta name="robots" content="noindex, nofollow"');
  });

  test("a name or purchase order with a line break or a direction override is refused beside its field, and nothing is accepted", async () => {
    for (const [field, value] of [
      ["name", "Racer 0\u202eEVIL"],
      ["name", "Racer\r\nBcc: x@evil.example"],
      ["purchase_order", "PO-1\nBcc: x@evil.example"],
    ] as const) {
      const fields = { intent: "accept", name: "Meena Rao", agree: "yes", [field]: value };
      const refused = await postForm(buyerLink, fields, false);
      expect(refused.status, JSON.stringify(value)).toBe(400);
      const html = await refused.text();
      expect(html).toMatch(new RegExp(`id="${field}-error"[^>]*>Please write this on one line`));
    }
    expect(await inquiryStatus(reference)).toMatchObject({ status: "quoted" });
  });

  test("acceptance needs the tick; then the inquiry is Won, the company is told, and the page offers nothing more", async () => {
    // Another site's page cannot make the buyer's browser accept, nor can a body past the form's size.
    const forged = await fetch(url(buyerLink), {
      method: "POST",
      body: new URLSearchParams({ intent: "accept", name: "Meena Rao", agree: "yes" }),
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      redirect: "manual",
    });
    expect(forged.status).toBe(403);
    const oversized = await postForm(buyerLink, { intent: "changes", message: "x".repeat(20_000) }, false);
    expect(oversized.status).toBe(400);
    expect(await inquiryStatus(reference)).toMatchObject({ status: "quoted" });

    const refused = await postForm(buyerLink, { intent: "accept", name: "Meena Rao" }, false);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Please tick the box to accept.");

    const accepted = await postForm(
      buyerLink,
      { intent: "accept", name: "Meena Rao", purchase_order: "PO-7781", agree: "yes" },
      false,
    );
    expect(accepted.status).toBe(303);
    expect(await inquiryStatus(reference)).toMatchObject({ status: "won" });
    const [told] = await eventually(() => {
      const found = mailsTo(COMPANY, /^Accepted: quotation QT\//);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(told?.text).toContain("PO-7781");

    const after = (await (await fetch(url(buyerLink))).text()).replaceAll("<!-- -->", "");
    expect(after).toContain("Accepted by <bdi>Meena Rao</bdi>");
    expect(after).not.toContain("Accept the quotation");
    expect(after).not.toContain("Ask for changes");
    const again = await postForm(buyerLink, { intent: "accept", name: "Someone", agree: "yes" }, false);
    expect(again.status).toBe(409);
  });
});

describe("revisions, changes and expiry", () => {
  test("a revision gets the next suffix and replaces the earlier one, whose page then says so", async () => {
    const reference = await quoteRequest();
    const first = await sendQuotation(reference);
    const firstMail = await quotationMailOf(reference);
    const number = firstMail?.header("x-quotation-number") ?? "";
    const firstLink = linkIn(firstMail?.text ?? "");

    const changes = await postForm(firstLink, { intent: "changes", message: "Please quote 5,000 boxes too." }, false);
    expect(changes.status).toBe(303);
    await eventually(() => expect(mailsTo(COMPANY, /^Changes asked: quotation /)).not.toHaveLength(0));
    expect(await (await asStaff(first)).text()).toContain("Please quote 5,000 boxes too.");

    const revise = await postForm(first, { intent: "revise" });
    expect(revise.status).toBe(303);
    const editing = revise.headers.get("location") ?? "";
    expect(editing).toMatch(/\/edit$/);
    const saved = await postForm(editing, { ...(await filledForm(reference)) });
    expect(saved.status).toBe(303);
    const second = (saved.headers.get("location") ?? "").split("?")[0] ?? "";
    expect((await postForm(second, { intent: "send" })).status).toBe(303);
    const revised = await theMail((mail) => mail.header("x-quotation-number") === `${number}-R1`);
    expect(revised?.header("subject")).toContain(`${number}-R1`);

    const earlier = await (await fetch(url(firstLink))).text();
    expect(earlier).toContain("replaced by a newer quotation");
    expect(earlier).not.toContain("Accept the quotation");
    expect((await postForm(firstLink, { intent: "accept", name: "Meena", agree: "yes" }, false)).status).toBe(409);
    expect((await fetch(url(linkIn(revised?.text ?? "")))).status).toBe(200);
  });

  test("a revision made from one already replaced replaces every open quotation of its number", async () => {
    const reference = await quoteRequest();
    const first = await sendQuotation(reference);
    const number = (await quotationMailOf(reference)).header("x-quotation-number") ?? "";
    const reviseAndSend = async (page: string) => {
      const editing = (await postForm(page, { intent: "revise" })).headers.get("location") ?? "";
      const saved = await postForm(editing, { ...(await filledForm(reference)) });
      const sent = (saved.headers.get("location") ?? "").split("?")[0] ?? "";
      expect((await postForm(sent, { intent: "send" })).status).toBe(303);
      return sent;
    };
    await reviseAndSend(first);
    const r1 = await theMail((mail) => mail.header("x-quotation-number") === `${number}-R1`);
    // Staff go back to the first, already replaced, and revise it again.
    await reviseAndSend(first);
    await theMail((mail) => mail.header("x-quotation-number") === `${number}-R2`);

    const r1Page = await (await fetch(url(linkIn(r1.text ?? "")))).text();
    expect(r1Page).toContain("replaced by a newer quotation");
    expect(
      (await postForm(linkIn(r1.text ?? ""), { intent: "accept", name: "Meena", agree: "yes" }, false)).status,
    ).toBe(409);
  });

  test("a quotation sent at a GST rate since withdrawn from the settings still opens, at the rate it was sent with", async () => {
    const reference = await quoteRequest();
    const staffPage = await sendQuotation(reference);
    const link = linkIn((await quotationMailOf(reference)).text ?? "");
    // 12 % was withdrawn in September 2025: no list of rates allowed today has it.
    const db = await openStore(store.location, { busyWaitMs: 5000 });
    try {
      const row = await db.get<{ id: number; content: string }>(
        "SELECT q.id, q.content FROM quotations q JOIN inquiries i ON i.id = q.inquiry_id WHERE i.reference = ?",
        [reference],
      );
      const content = JSON.parse(row?.content ?? "{}") as { lines: { gstRate: number }[] };
      for (const line of content.lines) line.gstRate = 12;
      await db.run("UPDATE quotations SET content = ? WHERE id = ?", [JSON.stringify(content), row?.id]);
    } finally {
      await db.close();
    }
    const page = await fetch(url(link));
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/IGST 12 % on/);
    expect((await fetch(url(`${link}/pdf`))).status).toBe(200);
    expect((await asStaff(staffPage)).status).toBe(200);
  });

  test("a quotation past its validity answers 404 at its link", async () => {
    const reference = await quoteRequest();
    await sendQuotation(reference);
    const mail = await quotationMailOf(reference);
    const link = linkIn(mail?.text ?? "");
    expect((await fetch(url(link))).status).toBe(200);
    const db = await openStore(store.location, { busyWaitMs: 5000 });
    try {
      await db.run("UPDATE quotations SET valid_until = '2020-03-31' WHERE number = ?", [
        mail?.header("x-quotation-number"),
      ]);
    } finally {
      await db.close();
    }
    expect((await fetch(url(link))).status).toBe(404);
    expect((await fetch(url(`${link}/pdf`))).status).toBe(404);
    expect((await postForm(link, { intent: "accept", name: "Meena", agree: "yes" }, false)).status).toBe(404);
  });
});

describe("one number, one deal", () => {
  /** Starts a revision of the quotation at `page` and saves it: the draft's page. */
  async function revisionOf(reference: string, page: string): Promise<string> {
    const editing = (await postForm(page, { intent: "revise" })).headers.get("location") ?? "";
    const saved = await postForm(editing, { ...(await filledForm(reference)) });
    return (saved.headers.get("location") ?? "").split("?")[0] ?? "";
  }

  test("the buyer accepts the original while its revision is a draft: the revision is refused on sending, with the reason", async () => {
    const reference = await quoteRequest();
    const first = await sendQuotation(reference);
    const firstMail = await quotationMailOf(reference);
    const number = firstMail.header("x-quotation-number") ?? "";
    const draft = await revisionOf(reference, first);
    const link = linkIn(firstMail.text ?? "");
    expect((await postForm(link, { intent: "accept", name: "Meena", agree: "yes" }, false)).status).toBe(303);

    const refused = await postForm(draft, { intent: "send" });
    expect(refused.status).toBe(409);
    const html = (await refused.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("the buyer has accepted a quotation of this number");
    expect(html).toMatch(/: Draft<\/h1>/);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.mails.filter((mail) => mail.header("x-quotation-number") === `${number}-R1`)).toHaveLength(0);
    expect((await (await asStaff(first)).text()).replaceAll("<!-- -->", "")).toMatch(/: Accepted<\/h1>/);
  });

  test("20 acceptances posted at once: exactly one is taken, the others are told it can no longer be answered", async () => {
    const reference = await quoteRequest();
    await sendQuotation(reference);
    const link = linkIn((await quotationMailOf(reference)).text ?? "");
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        postForm(link, { intent: "accept", name: `Buyer ${index}`, agree: "yes" }, false),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 303)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    await theMail(
      (mail) => mail.header("x-inquiry-reference") === reference && /^Accepted: /.test(mail.header("subject") ?? ""),
    );
  });
});

describe("how long the buyer's link opens", () => {
  async function setQuotation(number: string, sql: string, values: unknown[]) {
    const db = await openStore(store.location, { busyWaitMs: 5000 });
    try {
      await db.run(`UPDATE quotations SET ${sql} WHERE number = ?`, [...values, number]);
    } finally {
      await db.close();
    }
  }

  test("an accepted quotation stays readable past its validity, and answers 404 a year after it was accepted", async () => {
    const reference = await quoteRequest();
    await sendQuotation(reference);
    const mail = await quotationMailOf(reference);
    const number = mail.header("x-quotation-number") ?? "";
    const link = linkIn(mail.text ?? "");
    expect((await postForm(link, { intent: "accept", name: "Meena", agree: "yes" }, false)).status).toBe(303);

    await setQuotation(number, "valid_until = ?", ["2020-03-31"]);
    expect((await fetch(url(link))).status).toBe(200);
    expect((await fetch(url(`${link}/pdf`))).status).toBe(200);

    // Accepted 366 days ago: past the 365 kept.
    await setQuotation(number, "answered_at = ?", [Date.now() - 366 * 86_400_000]);
    for (const pathname of [link, `${link}/pdf`]) {
      const answer = await fetch(url(pathname));
      expect(answer.status, pathname).toBe(404);
      expect(answer.headers.get("cache-control"), pathname).toBe("no-store");
    }
  });

  test("a replaced quotation answers 404 once its own validity has passed", async () => {
    const reference = await quoteRequest();
    const first = await sendQuotation(reference);
    const mail = await quotationMailOf(reference);
    const number = mail.header("x-quotation-number") ?? "";
    const link = linkIn(mail.text ?? "");
    const editing = (await postForm(first, { intent: "revise" })).headers.get("location") ?? "";
    const saved = await postForm(editing, { ...(await filledForm(reference)) });
    expect((await postForm((saved.headers.get("location") ?? "").split("?")[0] ?? "", { intent: "send" })).status).toBe(
      303,
    );
    expect(await (await fetch(url(link))).text()).toContain("replaced by a newer quotation");

    await setQuotation(number, "valid_until = ?", ["2020-03-31"]);
    expect((await fetch(url(link))).status).toBe(404);
    expect((await fetch(url(`${link}/pdf`))).status).toBe(404);
  });
});

describe("a quotation mail the buyer's server refused", () => {
  test("shows as failed with 'Send the mail again', which sends it once, and only while it is failed", async () => {
    const reference = await quoteRequest();
    const buyer = await buyerAddress(reference);
    refused.add(buyer);
    const staffPage = await sendQuotation(reference);
    const pageText = async () => (await (await asStaff(staffPage)).text()).replaceAll("<!-- -->", "");
    await eventually(async () => expect(await pageText()).toMatch(/The mail to the buyer: FAILED after 1 attempt/));
    expect(await pageText()).toContain("Send the mail again");
    expect(mailsTo(buyer, /^Quotation /)).toHaveLength(0);

    refused.delete(buyer);
    const again = await postForm(staffPage, { intent: "send-again" });
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(`${staffPage}?done=resent`);
    const mail = await quotationMailOf(reference);
    expect(mail.envelope.to).toContain(buyer);
    expect(mail.attachments.some((file) => file.contentType === "application/pdf")).toBe(true);
    await eventually(async () => expect(await pageText()).toMatch(/The mail to the buyer: sent \d/));
    expect(await pageText()).not.toContain("Send the mail again");

    // Once sent, the same post queues nothing: the buyer gets one mail.
    expect((await postForm(staffPage, { intent: "send-again" })).status).toBe(303);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(mailsTo(buyer, /^Quotation /)).toHaveLength(1);
    const history = await (await asStaff(`/inbox/${reference}`)).text();
    expect(history.match(/mail sent again/g)).toHaveLength(1);
  });
});

describe("the staff side is staff-only", () => {
  test("every quotation address of the inbox refuses without a session, before anything is read", async () => {
    for (const pathname of [
      "/inbox/ENQ-2026-000001/quotations/new",
      "/inbox/ENQ-2026-000001/quotations/1",
      "/inbox/ENQ-2026-000001/quotations/1/edit",
      "/inbox/ENQ-2026-000001/quotations/1/pdf",
    ]) {
      for (const method of ["GET", "POST"]) {
        const answer = await fetch(url(pathname), { method, redirect: "manual" });
        expect(answer.status, `${method} ${pathname}`).toBe(303);
        expect(answer.headers.get("location"), pathname).toMatch(/^\/inbox\/sign-in/);
      }
    }
  });

  test("a quotation is found only under its own inquiry", async () => {
    const one = await quoteRequest();
    const other = await quoteRequest();
    const saved = await postForm(`/inbox/${one}/quotations/new`, await filledForm(one));
    const id = (saved.headers.get("location") ?? "").split("?")[0]?.split("/").pop();
    for (const pathname of [`/inbox/${other}/quotations/${id}`, `/inbox/${other}/quotations/${id}/pdf`]) {
      expect((await asStaff(pathname)).status, pathname).toBe(404);
    }
    const preview = await asStaff(`/inbox/${one}/quotations/${id}/pdf`);
    expect(preview.headers.get("content-type")).toBe("application/pdf");
    expect(await pdfText(new Uint8Array(await preview.arrayBuffer()), "draft.pdf")).toContain("DRAFT");

    // Nor can it be sent, revised or edited under another inquiry's reference.
    for (const [pathname, fields] of [
      [`/inbox/${other}/quotations/${id}`, { intent: "send" }],
      [`/inbox/${other}/quotations/${id}`, { intent: "revise" }],
      [`/inbox/${other}/quotations/${id}/edit`, await filledForm(one)],
    ] as const) {
      expect((await postForm(pathname, fields)).status, pathname).toBe(404);
    }
    expect((await asStaff(`/inbox/${other}/quotations/${id}/edit`)).status).toBe(404);
    const staffPage = await (await asStaff(`/inbox/${one}/quotations/${id}`)).text();
    expect(staffPage.replaceAll("<!-- -->", "")).toMatch(/: Draft<\/h1>/);
  });

  test("a sent quotation's form address leads to its page, to GET and POST alike, and changes nothing", async () => {
    const reference = await quoteRequest();
    const page = await sendQuotation(reference);
    const sentMail = await quotationMailOf(reference);
    const edit = `${page}/edit`;
    for (const answer of [
      await asStaff(edit),
      await postForm(edit, { ...(await filledForm(reference)), line_0_price: "1" }),
    ]) {
      expect(answer.status).toBe(303);
      expect(answer.headers.get("location")).toBe(page);
    }
    // Nor does an accepted one take a revision.
    const link = linkIn(sentMail.text ?? "");
    expect((await postForm(link, { intent: "accept", name: "Meena", agree: "yes" }, false)).status).toBe(303);
    expect((await postForm(page, { intent: "revise" })).status).toBe(400);
    expect((await (await asStaff(page)).text()).replaceAll("<!-- -->", "")).toMatch(/: Accepted<\/h1>/);
  });

  test("a staff post from another site is refused, and the quotation stays unsent", async () => {
    const reference = await quoteRequest();
    const saved = await postForm(`/inbox/${reference}/quotations/new`, await filledForm(reference));
    const page = (saved.headers.get("location") ?? "").split("?")[0] ?? "";
    const forged = await fetch(url(page), {
      method: "POST",
      body: new URLSearchParams({ intent: "send" }),
      headers: { cookie, Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      redirect: "manual",
    });
    expect(forged.status).toBe(403);
    expect((await asStaff(page)).status).toBe(200);
    expect((await (await asStaff(page)).text()).replaceAll("<!-- -->", "")).toMatch(/: Draft<\/h1>/);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(
      smtp.mails.filter(
        (mail) => mail.header("x-inquiry-reference") === reference && /^Quotation/.test(mail.header("subject") ?? ""),
      ),
    ).toHaveLength(0);
  });
});

describe("personal data", () => {
  test("erasing the buyer takes their quotations and the quotations' mails with them; the link is then not found", async () => {
    const reference = await quoteRequest();
    await sendQuotation(reference);
    const mail = await quotationMailOf(reference);
    const link = linkIn(mail?.text ?? "");
    expect((await fetch(url(link))).status).toBe(200);

    const erased = await postForm(`/inbox/${reference}/erase`, {});
    expect(erased.status).toBe(303);
    expect((await fetch(url(link))).status).toBe(404);
    const db = await openStore(store.location, { busyWaitMs: 5000 });
    try {
      const left = await db.get<{ quotations: number | string; mails: number | string }>(
        `SELECT (SELECT count(*) FROM quotations WHERE number = ?) AS quotations,
                (SELECT count(*) FROM outbox WHERE quotation_id IS NOT NULL AND quotation_id NOT IN (SELECT id FROM quotations)) AS mails`,
        [mail?.header("x-quotation-number")],
      );
      expect({ quotations: Number(left?.quotations), mails: Number(left?.mails) }).toEqual({ quotations: 0, mails: 0 });
    } finally {
      await db.close();
    }
  });
});
