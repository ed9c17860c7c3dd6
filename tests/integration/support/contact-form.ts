import type { Database, Params, StoreLocation } from "../../../app/server/store/db.server.ts";
import { openStore } from "../../../app/server/store/open-store.server.ts";

export type ContactFields = Record<string, string>;

export type VisitorFields = {
  name: string;
  email: string;
  phone_number: string;
  msg_subject: string;
  message: string;
  website: string;
};

let visitor = 0;

/** A complete, valid form, different each time unless told otherwise. */
export function goodFields(overrides: Partial<VisitorFields> = {}): VisitorFields {
  visitor += 1;
  return {
    name: `Asha Verma ${visitor}`,
    email: `asha.${visitor}@example.in`,
    phone_number: "+91 98765 43210",
    msg_subject: "Quote for Packaging Box",
    message: `We need 2,000 printed mono cartons.\nSize 120 x 80 x 40 mm, four colours.\n(visitor ${visitor})`,
    website: "",
    ...overrides,
  };
}

/** Opens the contact page as a browser would and takes the form's token from it. */
export async function openForm(siteUrl: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await fetch(`${siteUrl}/contact`, { headers });
  const html = await response.text();
  const token = /name="form_token" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error(`No form token on the contact page (${response.status})`);
  return token;
}

/** Posts the contact form; redirects are left for the test to look at. */
export function postContact(
  siteUrl: string,
  body: ContactFields | string | Uint8Array<ArrayBuffer>,
  headers: Record<string, string> = {},
): Promise<Response> {
  const encoded = typeof body === "string" || body instanceof Uint8Array ? body : new URLSearchParams(body).toString();
  return fetch(`${siteUrl}/contact`, {
    method: "POST",
    body: encoded,
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    redirect: "manual",
  });
}

/** Fills in and sends a fresh form; answers the reference the thank-you page shows. */
export async function sendInquiry(
  siteUrl: string,
  fields: VisitorFields = goodFields(),
  headers: Record<string, string> = {},
): Promise<string> {
  const token = await openForm(siteUrl, headers);
  const response = await postContact(siteUrl, { ...fields, form_token: token }, headers);
  const reference = referenceOf(response);
  if (response.status !== 303 || !reference) {
    throw new Error(`The form was not taken: ${response.status} ${await response.text()}`);
  }
  return reference;
}

export function referenceOf(response: Response): string | undefined {
  const location = response.headers.get("location") ?? "";
  return /[?&]sent=(ENQ-\d{4}-\d+)/.exec(location)?.[1];
}

export type InquiryRow = {
  id: number;
  reference: string;
  name: string;
  email: string;
  phone_number: string;
  msg_subject: string;
  message: string;
};

export type OutboxRow = {
  inquiry_id: number;
  kind: string;
  state: string;
  attempts: number;
  last_error: string | null;
};

/**
 * Opens the store beside the running server, on either engine, for one look.
 * Patient with a lock, as a staff command is: a read the server briefly holds up
 * is not what the tests look at.
 */
async function lookAt<T>(location: StoreLocation, read: (db: Database) => Promise<T>): Promise<T> {
  const db = await openStore(location, { busyWaitMs: 5000 });
  try {
    return await read(db);
  } finally {
    await db.close();
  }
}

/** Reads the store as it stands, beside the running server. */
export function readDatabase(location: StoreLocation): Promise<{ inquiries: InquiryRow[]; outbox: OutboxRow[] }> {
  return lookAt(location, async (db) => ({
    inquiries: await db.all<InquiryRow>("SELECT * FROM inquiries ORDER BY id"),
    outbox: await db.all<OutboxRow>(
      "SELECT inquiry_id, kind, state, attempts, last_error FROM outbox ORDER BY inquiry_id, kind",
    ),
  }));
}

/** The first row a query answers on the store as it stands, for what readDatabase does not show. */
export function readRow<T = Record<string, unknown>>(
  location: StoreLocation,
  sql: string,
  params: Params = [],
): Promise<T | undefined> {
  return lookAt(location, (db) => db.get<T>(sql, params));
}

/** Polls until the check passes, for state that settles in the background. */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
