import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { openStore } from "../../../app/server/store/open-store.server.ts";
import { decodeEntities } from "../../support/html-text.ts";
import { type SiteServer, startSite } from "../../support/start-site.ts";
import { newTestStoreLocation, type TestStoreLocation } from "../../support/test-store.ts";
import { eventually, referenceOf } from "./contact-form.ts";
import { type CaughtMail, type MailCatcher, startMailCatcher } from "./mail-catcher.ts";
import { client, formToken, postQuote, staffSession } from "./quote-posts.ts";
import { cakeRequest } from "./quote-request.ts";

// From a quote request to an accepted quotation on the real server, with a
// real SMTP receiver and Poppler reading the PDF the buyer gets; on the
// engine under test (TEST_STORE).

export const run = promisify(execFile);
export const COMPANY = "sales@example.com";

export let smtp: MailCatcher;
export let store: TestStoreLocation;
export let server: SiteServer;
let dataDir: string;
export let cookie: string;
let pdfDir: string;
/** Addresses the mail server refuses for good, for as long as they are here. */
export const refused = new Set<string>();

/** Starts the server, its mail server and a staff session before the file's tests, and stops them after. */
export function startQuotationSite(): void {
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
}

export const url = (pathname: string) => `${server.url}${pathname}`;

export function asStaff(pathname: string, init: RequestInit = {}) {
  return fetch(url(pathname), { ...init, headers: { cookie, ...(init.headers ?? {}) }, redirect: "manual" });
}

export function postForm(pathname: string, fields: Record<string, string>, withCookie = true) {
  return fetch(url(pathname), {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: withCookie ? { cookie } : {},
    redirect: "manual",
  });
}

/**
 * A quote request for cake boxes, delivered to Bengaluru (another state than
 * the company's); its reference. `fields` replace or add to the request's
 * (quantity_2 asks for a second quantity).
 */
export async function quoteRequest(fields: Record<string, string> = {}): Promise<string> {
  const request = cakeRequest(await formToken({ url: server.url })).map(([name, value]): [string, string] => [
    name,
    fields[name] ?? value,
  ]);
  const added = Object.entries(fields).filter(([name]) => !request.some(([given]) => given === name));
  // In the form's order: further quantities follow the first.
  const at = request.findIndex(([name]) => name === "quantity_1") + 1;
  request.splice(at, 0, ...added);
  const response = await postQuote({ url: server.url }, request, client());
  const reference = referenceOf(response);
  if (response.status !== 303 || !reference) throw new Error(`The request was not taken: ${response.status}`);
  return reference;
}

/** The two lines and charges staff type into the request's one option: 1,000 and 2,000 boxes. */
const priced: Record<string, string> = {
  o0_line_0_price: "18.50",
  o0_line_1_description: "Cake box with window, SBS",
  o0_line_1_hsn: "481920",
  o0_line_1_quantity: "2000",
  o0_line_1_unit: "pcs",
  o0_line_1_price: "16.25",
  o0_line_1_rate: "5",
  o0_discount: "5%",
  o0_packing: "750",
  o0_freight: "1,200",
};

/** The new quotation's form as the page fills it in, with the prices typed: its fields as posted. */
export async function filledForm(reference: string): Promise<Record<string, string>> {
  return { ...(await formOf(`/inbox/${reference}/quotations/new`)), ...priced, intent: "save" };
}

/** A quotation form's fields as the page at `pathname` fills them in, as a browser would post them. */
export async function formOf(pathname: string): Promise<Record<string, string>> {
  const page = await (await asStaff(pathname)).text();
  // The quotation's form only: the staff bar's sign-out form is another.
  const html = /<form class="staff-form quotation-form"[\s\S]*?<\/form>/.exec(page)?.[0] ?? "";
  const fields: Record<string, string> = {};
  for (const [input] of html.matchAll(/<input[^>]*>/g)) {
    const [, name = ""] = /name="([^"]+)"/.exec(input) ?? [];
    const [, value = ""] = /value="([^"]*)"/.exec(input) ?? [];
    // A tick box is posted only when ticked, as a browser posts it.
    if (!name || (/type="(checkbox|radio)"/.test(input) && !/ checked=""/.test(input))) continue;
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
  return fields;
}

/** Saves and sends a quotation for the inquiry; answers its page's address. */
export async function sendQuotation(reference: string): Promise<string> {
  const saved = await postForm(`/inbox/${reference}/quotations/new`, await filledForm(reference));
  expect(saved.status).toBe(303);
  const page = (saved.headers.get("location") ?? "").split("?")[0] ?? "";
  expect(page).toMatch(new RegExp(`^/inbox/${reference}/quotations/\\d+$`));
  const sent = await postForm(page, { intent: "send" });
  expect(sent.status).toBe(303);
  return page;
}

export async function pdfText(bytes: Uint8Array, name: string): Promise<string> {
  const file = path.join(pdfDir, name);
  await writeFile(file, bytes);
  return (await run("pdftotext", ["-layout", file, "-"])).stdout;
}

export async function buyerAddress(reference: string): Promise<string> {
  const db = await openStore(store.location, { busyWaitMs: 5000 });
  try {
    const row = await db.get<{ email: string }>("SELECT email FROM inquiries WHERE reference = ?", [reference]);
    if (!row) throw new Error(`No inquiry ${reference}`);
    return row.email;
  } finally {
    await db.close();
  }
}

export async function inquiryStatus(reference: string): Promise<{ status: string; first_reply_by: string | null }> {
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

export const mailsTo = (address: string, subject: RegExp) =>
  smtp.mails.filter((mail) => mail.envelope.to.includes(address) && subject.test(mail.header("subject") ?? ""));

/** The one mail whose headers match, once it has arrived. */
export function theMail(matches: (mail: CaughtMail) => boolean) {
  return eventually(() => {
    const found = smtp.mails.filter(matches);
    expect(found).toHaveLength(1);
    return found[0] as CaughtMail;
  });
}

/** The quotation sent to the buyer of this inquiry (the first, when there are revisions). */
export const quotationMailOf = (reference: string) =>
  theMail(
    (mail) => mail.header("x-inquiry-reference") === reference && /^Quotation/.test(mail.header("subject") ?? ""),
  );

export const linkIn = (text: string) => /\/quotation\/([A-Za-z0-9_-]{32})/.exec(text)?.[0] ?? "";
