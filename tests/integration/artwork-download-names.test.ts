import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "content-disposition";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { createInquiryStore } from "../../app/server/contact/inquiries.server.ts";
import { openStore } from "../../app/server/store/open-store.server.ts";
import { type SiteServer, startSite } from "../support/start-site.ts";
import { zip } from "../support/zip-samples.ts";
import { referenceOf } from "./support/contact-form.ts";
import { formToken, postMultipart, staffSession, withFiles } from "./support/quote-posts.ts";
import { cakeRequest } from "./support/quote-request.ts";

// Files whose names claim a kind their content is not: a PDF that is also an
// HTML Application or a web page (a polyglot), and a ZIP named as a program.
// On Windows a double-click runs an .hta, whatever else the file is.
const pdfHta = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n" +
    '<hta:application id="a"/><script language="VBScript">CreateObject("WScript.Shell").Run "calc"</script>\n' +
    "trailer << /Root 1 0 R >>\n%%EOF\n",
);
const pdfHtml = Buffer.from(
  "%PDF-1.4\n<html><body><script>alert(document.domain)</script></body></html>\ntrailer << >>\n%%EOF\n",
);

let server: SiteServer;
let dataDir: string;
let cookie: string;
let reference: string;
let zipBytes: Buffer;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "download-names-"));
  const databasePath = path.join(dataDir, "inquiries.sqlite");
  server = await startSite({ buildDir: inject("siteBuildDir"), dataDir, env: { DATABASE_PATH: databasePath } });
  const site = { url: server.url, dataDir, store: { sqliteFile: databasePath } };
  zipBytes = await readFile(await zip(dataDir, "sample.zip", [{ name: "box.pdf", data: pdfHta }]));
  const files = [
    { name: "Artwork final.hta", bytes: pdfHta },
    { name: "brief.html", bytes: pdfHtml },
    { name: "files.exe", bytes: zipBytes },
    { name: "Carton.PDF", bytes: pdfHtml },
  ];
  const response = await postMultipart(site, withFiles(cakeRequest(await formToken(site)), files));
  reference = referenceOf(response) ?? "";
  expect(response.status, await response.text()).toBe(303);
  cookie = await staffSession(site);
});

afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** Each file's download address on the inquiry's page, with the name the page shows beside it. */
async function filesOnThePage(): Promise<Map<string, string>> {
  const html = await (await fetch(`${server.url}/inbox/${reference}`, { headers: { cookie } })).text();
  const links = html.matchAll(/<a href="(\/inbox\/[^"]+\/files\/[0-9a-f]{32})"[^>]*>[\s\S]*?<bdi>([^<]+)<\/bdi>/g);
  return new Map([...links].map(([, href = "", name = ""]) => [name.replaceAll("&amp;", "&"), href]));
}

test("a file is shown and saved under a name ending with the extension of the kind in its content", async () => {
  const files = await filesOnThePage();
  expect([...files.keys()].sort()).toEqual(
    ["Artwork final.hta.pdf", "brief.html.pdf", "files.exe.zip", "Carton.PDF"].sort(),
  );
  for (const [name, href] of files) {
    const answer = await fetch(`${server.url}${href}`, { headers: { cookie }, redirect: "manual" });
    expect(answer.status).toBe(200);
    const disposition = parse(answer.headers.get("content-disposition") ?? "");
    expect(disposition.type).toBe("attachment");
    expect(disposition.parameters.filename).toBe(name);
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.headers.get("content-security-policy")).toContain("sandbox");
    await answer.arrayBuffer();
  }
});

test("the company's mail names the files as the inquiry's page does", async () => {
  const db = await openStore({ sqliteFile: path.join(dataDir, "inquiries.sqlite") });
  try {
    const row = await db.get<{ id: number }>("SELECT id FROM inquiries WHERE reference = ?", [reference]);
    const inquiry = await createInquiryStore(db).get(Number(row?.id));
    expect(inquiry?.files?.map((file) => file.name).sort()).toEqual(
      ["Artwork final.hta.pdf", "brief.html.pdf", "files.exe.zip", "Carton.PDF"].sort(),
    );
  } finally {
    await db.close();
  }
});
