import { readFile } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, test } from "vitest";
import { statusPages } from "../../app/site/content/status-pages.ts";
import { statusPagesPath } from "../../app/site/content/urls.ts";
import { newPhone, openEditor, publish, save } from "./support/site-editor.ts";
import { account, buildDir, cleanUpStaffSites, type Site, session, site } from "./support/staff-sites.ts";

// The pages the server keeps in memory (the build's prerendered files, and the
// pages rendered once per publication) go out in the encoding each was made
// in once: brotli at its best to a browser, gzip at its best to a client that
// takes only gzip, as they are to one that takes neither. What is rendered per
// request is still compressed as it goes.

cleanUpStaffSites();

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** One request as sent, its body as it came over the wire (fetch would decode it). */
function request(server: Site, target: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = http.request(`${server.url}${target}`, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    sent.on("error", reject);
    sent.end();
  });
}

function decoded(answer: Answer): Buffer {
  const encoding = answer.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(answer.body);
  if (encoding === "gzip") return gunzipSync(answer.body);
  expect(encoding).toBeUndefined();
  return answer.body;
}

const asked = { br: "br, gzip", gzip: "gzip", none: undefined } as const;

/**
 * A kept page as each kind of client gets it: the encoding it asked for, the
 * same HTML under each, its length, Vary, an ETag of its own per encoding,
 * and 304 to a client that has that encoding already. Answers the HTML.
 */
async function expectKeptPage(server: Site, target: string, status = 200): Promise<Buffer> {
  const answers = await Promise.all(
    Object.entries(asked).map(async ([coding, accept]) => {
      const answer = await request(server, target, accept ? { "Accept-Encoding": accept } : {});
      expect({ target, coding, status: answer.status }).toEqual({ target, coding, status });
      expect({ target, coding, sent: answer.headers["content-encoding"] }).toEqual({
        target,
        coding,
        sent: coding === "none" ? undefined : coding,
      });
      expect(answer.headers.vary, target).toMatch(/accept-encoding/i);
      expect(answer.headers["content-length"], target).toBe(String(answer.body.length));
      expect(answer.headers["content-type"], target).toBe("text/html; charset=utf-8");
      return { accept, answer, html: decoded(answer) };
    }),
  );
  const [br, gzip, plain] = answers.map(({ answer }) => answer) as [Answer, Answer, Answer];
  for (const { html } of answers) expect(html.equals(plain.body), target).toBe(true);
  expect(br.body.length, target).toBeLessThan(gzip.body.length);
  expect(gzip.body.length, target).toBeLessThan(plain.body.length);
  const etags = answers.map(({ answer }) => answer.headers.etag);
  expect(new Set(etags).size, target).toBe(3);

  for (const { accept, answer } of answers) {
    const again = await request(server, target, {
      ...(accept ? { "Accept-Encoding": accept } : {}),
      // As fetch() asks: the ETag among others, and no-cache, which is for caches on the way, not the server.
      "If-None-Match": `"other", W/${answer.headers.etag}`,
      "Cache-Control": "no-cache",
    });
    // An error page is never "not modified"; a page is, in the encoding the client holds.
    expect({ target, accept, status: again.status }).toEqual({ target, accept, status: status === 200 ? 304 : status });
    if (status !== 200) continue;
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(answer.headers.etag);
    expect(again.headers.vary).toMatch(/accept-encoding/i);
  }
  // A client holding the brotli page that now takes only gzip gets the gzip page, not a 304.
  const other = await request(server, target, {
    "Accept-Encoding": "gzip",
    "If-None-Match": br.headers.etag as string,
  });
  expect(other.status).toBe(status);
  expect(other.headers["content-encoding"]).toBe("gzip");
  return plain.body;
}

const buildFile = (address: string) => readFile(path.join(buildDir, "client", address, "index.html"));

describe("the build's prerendered pages", () => {
  let server: Site;
  beforeAll(async () => {
    server = await site();
  });

  test.each(["/", "/services/cake", "/hi", "/hi/services"])(
    "%s: brotli, gzip or as it is, each the page the build made",
    async (address) => {
      const html = await expectKeptPage(server, address);
      expect(html.equals(await buildFile(address))).toBe(true);
    },
  );

  test("a refusal's page comes encoded too, with its status, never stored and never 'not modified'", async () => {
    const html = await expectKeptPage(server, `${statusPagesPath}/not-found`, 404);
    expect(html.equals(await buildFile(`${statusPagesPath}/not-found`))).toBe(true);
    const refused = await request(server, `${statusPagesPath}/not-found`, { "Accept-Encoding": "br" });
    expect(refused.headers["cache-control"]).toBe("no-store");
    expect(decoded(refused).toString()).toContain(statusPages["not-found"].heading);
  });

  test("HEAD gets the headers GET does, the length of the encoded page among them, and no body", async () => {
    const headers = { "Accept-Encoding": "br, gzip" };
    const [get, head] = [await request(server, "/hi", headers), await request(server, "/hi", headers, "HEAD")];
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const name of ["content-encoding", "content-length", "etag", "vary", "content-type", "cache-control"]) {
      expect({ name, value: head.headers[name] }).toEqual({ name, value: get.headers[name] });
    }
  });

  test("a Range is answered with the whole page, in the encoding asked for", async () => {
    const whole = await request(server, "/services/cake", { "Accept-Encoding": "br" });
    const ranged = await request(server, "/services/cake", { "Accept-Encoding": "br", Range: "bytes=0-99" });
    expect(ranged.status).toBe(200);
    expect(ranged.headers["content-range"]).toBeUndefined();
    expect(ranged.body.equals(whole.body)).toBe(true);
  });

  test("a client that takes only deflate gets the page as it is; pages rendered per request are still compressed", async () => {
    const kept = await request(server, "/", { "Accept-Encoding": "deflate" });
    expect(kept.headers["content-encoding"]).toBeUndefined();
    expect(kept.body.equals(await buildFile("/"))).toBe(true);
    const contact = await request(server, "/contact", { "Accept-Encoding": "br, gzip" });
    expect(contact.status).toBe(200);
    expect(contact.headers["content-encoding"]).toBe("br");
    expect(decoded(contact).toString()).toContain("<form");
  });
});

describe("pages rendered once per publication", () => {
  let server: Site;
  beforeAll(async () => {
    server = await site();
    const cookie = await session(server, await account(server));
    expect((await save(server, cookie, { ...(await openEditor(server, cookie)), phone: newPhone })).status).toBe(303);
    expect((await publish(server, cookie)).status).toBe(303);
  });

  test.each(["/", "/services/cake", "/hi", "/hi/services"])(
    "%s: brotli, gzip or as it is, each the page as published",
    async (address) => {
      const html = (await expectKeptPage(server, address)).toString();
      expect(html).toContain(newPhone);
      expect(html).not.toBe((await buildFile(address)).toString());
    },
  );

  test("the sitemap as published, in the encoding asked for", async () => {
    const sitemap = await request(server, "/sitemap.xml", { "Accept-Encoding": "br, gzip" });
    expect(sitemap.headers["content-encoding"]).toBe("br");
    expect(sitemap.headers.vary).toMatch(/accept-encoding/i);
    expect(decoded(sitemap).toString()).toContain("<urlset");
  });
});
