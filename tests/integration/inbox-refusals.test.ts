import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { beforeAll, describe, expect, test } from "vitest";
import { SHAPED_ITEMS } from "../../app/server/content/items.ts";
import { staffPaths } from "../../app/staff/paths.ts";
import { goodFields, readDatabase, sendInquiry } from "./support/contact-form.ts";
import { type RawResponse, rawRequest } from "./support/raw-http.ts";
import { siteForTests } from "./support/site-for-tests.ts";

// With the request log on, to check what it shows.
const site = siteForTests({ env: { QUIET: "0" } });

let existing: string;
const missing = "ENQ-2026-999999";
const visitor = goodFields({ name: "Kavya Iyer", email: "kavya.iyer@example.in", phone_number: "+91 99887 76655" });

beforeAll(async () => {
  existing = await sendInquiry(site.server.url, visitor);
});

/** Every kind of address in the inbox, each asked for with GET and sent a form with POST. */
function inboxAddresses(): { what: string; method: "GET" | "POST"; target: string; body?: string }[] {
  const form = "intent=status&status=won";
  return [
    { what: "the list", method: "GET", target: staffPaths.inbox },
    { what: "the list, searched", method: "GET", target: `${staffPaths.inbox}?q=Kavya&status=new` },
    { what: "the list", method: "POST", target: staffPaths.inbox, body: form },
    { what: "an existing inquiry", method: "GET", target: staffPaths.inquiry(existing) },
    { what: "a missing inquiry", method: "GET", target: staffPaths.inquiry(missing) },
    { what: "the CSV", method: "GET", target: `${staffPaths.export}?status=new` },
    { what: "the CSV", method: "POST", target: staffPaths.export, body: form },
    {
      what: "a status change to an existing inquiry",
      method: "POST",
      target: staffPaths.inquiry(existing),
      body: form,
    },
    { what: "a status change to a missing inquiry", method: "POST", target: staffPaths.inquiry(missing), body: form },
    { what: "a note", method: "POST", target: staffPaths.inquiry(existing), body: "intent=note&note=Called" },
    { what: "the erase confirmation", method: "GET", target: staffPaths.erase(existing) },
    { what: "an erasure of an existing inquiry", method: "POST", target: staffPaths.erase(existing), body: "" },
    { what: "an erasure of a missing inquiry", method: "POST", target: staffPaths.erase(missing), body: "" },
    { what: "an address that names nothing", method: "GET", target: "/inbox/nothing/here" },
    {
      what: "a first reply marked",
      method: "POST",
      target: staffPaths.inquiry(existing),
      body: "intent=replied&by=call",
    },
    { what: "a file's preview", method: "GET", target: staffPaths.preview(existing, "1", 0, "large") },
    { what: "the new quotation's form", method: "GET", target: staffPaths.newQuotation(existing) },
    { what: "a new quotation", method: "POST", target: staffPaths.newQuotation(existing), body: "intent=save" },
    { what: "a quotation", method: "GET", target: staffPaths.quotation(existing, 1) },
    { what: "a quotation sent", method: "POST", target: staffPaths.quotation(existing, 1), body: "intent=send" },
    { what: "a quotation's form", method: "GET", target: staffPaths.editQuotation(existing, 1) },
    { what: "a quotation saved", method: "POST", target: staffPaths.editQuotation(existing, 1), body: "intent=save" },
    { what: "a quotation's PDF", method: "GET", target: staffPaths.quotationPdf(existing, 1) },
    { what: "a quotation of a missing inquiry", method: "GET", target: staffPaths.quotation(missing, 1) },
    { what: "the site's content", method: "GET", target: staffPaths.site },
    { what: "drafts published", method: "POST", target: staffPaths.site, body: "publish-company=yes" },
    { what: "the company's details", method: "GET", target: staffPaths.siteItem("company") },
    {
      what: "the company's details saved",
      method: "POST",
      target: staffPaths.siteItem("company"),
      body: "intent=save",
    },
    { what: "an item's history", method: "GET", target: staffPaths.siteHistory("company") },
    { what: "a version brought back", method: "POST", target: staffPaths.siteHistory("company"), body: "version=1" },
    { what: "the history of no item", method: "GET", target: staffPaths.siteHistory("nothing") },
    { what: "the GST rate table", method: "GET", target: staffPaths.siteItem("gst-rates") },
    { what: "the GST rate table saved", method: "POST", target: staffPaths.siteItem("gst-rates"), body: "intent=save" },
    ...Object.keys(SHAPED_ITEMS).flatMap((item) => [
      { what: `the editor of ${item}`, method: "GET" as const, target: staffPaths.siteItem(item) },
      { what: `${item} saved`, method: "POST" as const, target: staffPaths.siteItem(item), body: "intent=save" },
      {
        what: `a list of ${item} changed`,
        method: "POST" as const,
        target: staffPaths.siteItem(item),
        body: "intent=add:x",
      },
    ]),
    { what: "the editor of no item", method: "GET", target: staffPaths.siteItem("nothing") },
    { what: "the photo library", method: "GET", target: staffPaths.sitePhotos },
    { what: "a photo uploaded", method: "POST", target: staffPaths.sitePhotos, body: "place=service" },
    { what: "the preview", method: "GET", target: staffPaths.sitePreview },
    { what: "a page of the preview", method: "GET", target: `${staffPaths.sitePreview}/services/cake` },
  ];
}

/** What an answer says, without what differs by the moment it is sent; a chunked body is read as its content. */
function shape(response: RawResponse) {
  const { date: _date, "x-request-id": _requestId, ...headers } = response.headers;
  const chunked = headers["transfer-encoding"] === "chunked";
  return { status: response.status, headers, body: chunked ? dechunk(response.body) : response.body };
}

function dechunk(body: string): string {
  let content = "";
  let rest = body;
  for (;;) {
    const lineEnd = rest.indexOf("\r\n");
    const size = Number.parseInt(rest.slice(0, lineEnd), 16);
    if (!(size > 0)) return content;
    content += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}

describe("without a session, every inbox address", () => {
  test("answers the same redirect to sign-in, with nothing in its body, to GET and POST alike", async () => {
    const answers = [];
    for (const { what, method, target, body } of inboxAddresses()) {
      const headers: Record<string, string> =
        body === undefined ? {} : { "Content-Type": "application/x-www-form-urlencoded" };
      const response = await rawRequest(site.server.url, target, {
        method,
        headers,
        ...(body === undefined ? {} : { body }),
      });
      answers.push({ what: `${method} ${target} (${what})`, ...shape(response) });
    }
    for (const answer of answers) {
      expect(answer.status, answer.what).toBe(303);
      expect(answer.headers.location, answer.what).toBe(staffPaths.signIn);
      expect(answer.headers["cache-control"], answer.what).toBe("no-store");
      expect(answer.headers["x-robots-tag"], answer.what).toBe("noindex, nofollow");
      expect(answer.body, answer.what).toBe("");
    }
    // Alike to the byte: nothing tells an existing reference from a missing one.
    const [first, ...rest] = answers;
    for (const answer of rest) {
      const { what: _what, ...same } = answer;
      const { what: _first, ...expected } = first ?? answer;
      expect(same, answer.what).toEqual(expected);
    }
  });

  test("changes nothing: the inquiry is still New, unerased, with no note", async () => {
    const { inquiries } = await readDatabase(site.store.location);
    expect(inquiries.map((row) => row.reference)).toEqual([existing]);
    expect(inquiries[0]).toMatchObject({ status: "new", name: visitor.name });
  });

  test("answers curl the same way, and a trailing slash is sent to the one address before that", async () => {
    const run = promisify(execFile);
    const curl = async (...args: string[]) =>
      (await run("curl", ["--silent", "--include", "--max-time", "10", ...args])).stdout.replace(/\r/g, "");
    for (const target of [staffPaths.inquiry(existing), staffPaths.inquiry(missing), `${staffPaths.export}?q=Kavya`]) {
      for (const method of ["GET", "POST"]) {
        const extra = method === "POST" ? ["--data", "intent=status&status=won"] : [];
        const answer = await curl("--request", method, ...extra, `${site.server.url}${target}`);
        expect(answer, `${method} ${target}`).toMatch(/^HTTP\/1\.1 303 See Other\n/);
        expect(answer).toMatch(/\nlocation: \/inbox\/sign-in\n/i);
        expect(answer).toMatch(/\ncache-control: no-store\n/i);
        expect(answer.split("\n\n")[1], `${method} ${target}: body`).toBe("");
        expect(answer).not.toContain("Kavya");
      }
    }
    const slash = await curl(`${site.server.url}/inbox/`);
    expect(slash).toMatch(/^HTTP\/1\.1 301/);
    expect(slash).toMatch(/\ncache-control: no-store\n/i);
    expect(slash).toMatch(/\nx-robots-tag: noindex, nofollow\n/i);
  });

  test("the request log never shows what was searched for", () => {
    const log = site.server.logs.join("\n");
    expect(log).not.toContain("Kavya");
    expect(log).not.toContain("kavya.iyer");
  });
});
