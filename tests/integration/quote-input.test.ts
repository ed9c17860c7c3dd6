import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { type SiteServer, startSite } from "../support/start-site.ts";
import { newTestStoreLocation, type TestStoreLocation } from "../support/test-store.ts";
import { readRow, referenceOf } from "./support/contact-form.ts";

const buildDir = inject("siteBuildDir");

let dataDir: string;
let store: TestStoreLocation;
let server: SiteServer;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "quote-input-"));
  store = await newTestStoreLocation("quote-input");
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
  return { "X-Forwarded-For": `198.51.100.${clients}` };
}

async function openQuote(service: string): Promise<string> {
  const html = await (await fetch(`${server.url}/quote?service=${service}`)).text();
  const token = /name="form_token" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error("No form token on the quote page");
  return token;
}

function inAMonth(): string {
  return new Date(Date.now() + 30 * 24 * 60 * 60_000).toISOString().slice(0, 10);
}

async function flexRequest(overrides: Record<string, string> = {}): Promise<Record<string, string>> {
  return {
    service: "flex",
    material: "star-flex",
    width_ft: "10",
    height_ft: "4",
    finish_eyelets: "on",
    quantity_1: "20",
    needed_by: inAMonth(),
    pin_code: "560001",
    gstin: "29AAGCB7383J1Z4",
    name: "Ravi Kumar",
    phone_number: "+91 98450 12345",
    email: "ravi@example.in",
    notes: "",
    website: "",
    form_token: await openQuote("flex"),
    ...overrides,
  };
}

function postQuote(body: Record<string, string> | string, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/quote?service=flex`, {
    method: "POST",
    body: typeof body === "string" ? body : new URLSearchParams(body).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    redirect: "manual",
  });
}

describe("the quote action", () => {
  test("takes a complete request: 303 to its thank-you state, stored with its particulars", async () => {
    const response = await postQuote(await flexRequest(), client());
    expect(response.status).toBe(303);
    const reference = referenceOf(response);
    expect(response.headers.get("location")).toBe(`/quote?sent=${reference}`);
    const row = await readRow<{ msg_subject: string; service: string; quote: string }>(
      store.location,
      "SELECT msg_subject, service, quote FROM inquiries WHERE reference = ?",
      [reference],
    );
    expect(row?.msg_subject).toBe("Quote request: Flex Banner Printing");
    expect(row?.service).toBe("flex");
    expect(JSON.parse(row?.quote ?? "{}")).toEqual({
      specification: [
        ["Material", "Star flex"],
        ["Width (feet)", "10"],
        ["Height (feet)", "4"],
        ["Eyelets", "Yes"],
      ],
      quantities: [20],
      neededBy: inAMonth(),
      pinCode: "560001 (Karnataka)",
      company: "",
      gstin: "29AAGCB7383J1Z4",
    });
  });

  test("a field no form of the site has, or one sent twice, is refused in the page with what was typed", async () => {
    for (const body of [
      new URLSearchParams({ ...(await flexRequest()), rocket: "1" }).toString(),
      `${new URLSearchParams(await flexRequest()).toString()}&width_ft=12`,
    ]) {
      const response = await postQuote(body, client());
      expect(response.status).toBe(400);
      expect(response.headers.get("content-type")).toContain("text/html");
      const html = await response.text();
      expect(html).toContain("Please reload the page and send it again.");
      expect(html).toContain('value="Ravi Kumar"');
    }
  });

  test("a body larger than any quote request is refused with 413, in the frame", async () => {
    const response = await postQuote(await flexRequest({ notes: "x".repeat(70 * 1024) }), client());
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("<footer");
  });

  test("an unknown product, or a product's wrong answers, come back as 400 with a message per field", async () => {
    const unknown = await postQuote(await flexRequest({ service: "rockets" }), client());
    expect(unknown.status).toBe(400);
    const wrong = await postQuote(
      await flexRequest({ material: "gold", width_ft: "-3", pin_code: "000000", gstin: "29AAGCB7383J1Z5" }),
      client(),
    );
    expect(wrong.status).toBe(400);
    const html = await wrong.text();
    for (const id of ["material", "width_ft", "pin_code", "gstin"]) {
      expect(html, id).toContain(`id="quote-${id}-error"`);
    }
    expect(html).toContain('value="29AAGCB7383J1Z5"');
  });

  test("the hidden field filled in is taken for a bot: the plain thank-you, kept in the spam tray without mail", async () => {
    const response = await postQuote(await flexRequest({ website: "https://spam.example" }), client());
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/quote?sent=");
  });
});
