import { once } from "node:events";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import type { StoreLocation } from "../../app/server/store/db.server.ts";
import { openStore } from "../../app/server/store/open-store.server.ts";
import * as samples from "../support/artwork-samples.ts";
import * as hostileSamples from "../support/hostile-artwork-samples.ts";
import { type SiteServer, startSite } from "../support/start-site.ts";
import { zipHoldingPdf } from "../support/zip-samples.ts";
import { eventually, referenceOf } from "./support/contact-form.ts";
import { client, formToken, postMultipart, staffSession, withFiles } from "./support/quote-posts.ts";
import { cakeRequest } from "./support/quote-request.ts";

// The whole path on a running server: files sent with a quote request are
// checked in the background while the site keeps answering, and staff see the
// previews and reports only when signed in. The checks of each kind in detail
// are in artwork-checks.test.ts.

const buildDir = inject("siteBuildDir");

let server: SiteServer;
let site: { url: string; dataDir: string; store: StoreLocation };
/** The server's temporary folder: the checks' scratch folders are made in it, and must be gone afterwards. */
let scratchRoot: string;
/** Where the hostile files aim: outside the server's folders altogether. */
let elsewhere: string;
let samplesDir: string;
/** A web server on 127.0.0.1 that an SVG points at; it must never be asked. */
let lure: Server;
const lureRequests: string[] = [];
/** Every answer to GET / while the files were checked. */
const homeAnswers: number[] = [];
let cookie: string;

const folders: string[] = [];
async function folder(label: string): Promise<string> {
  const made = await mkdtemp(path.join(tmpdir(), `previews-${label}-`));
  folders.push(made);
  return made;
}

type Sent = { reference: string; ids: Map<string, string> };
let sound: Sent;
let hostile: Sent;

beforeAll(async () => {
  const dataDir = await folder("site");
  scratchRoot = await folder("scratch");
  elsewhere = await folder("elsewhere");
  samplesDir = await folder("samples");
  lure = createServer((req, res) => {
    lureRequests.push(req.url ?? "");
    res.end();
  });
  lure.listen(0, "127.0.0.1");
  await once(lure, "listening");
  const lurePort = (lure.address() as { port: number }).port;

  const databasePath = path.join(dataDir, "inquiries.sqlite");
  site = { url: "", dataDir, store: { sqliteFile: databasePath } };
  server = await startSite({
    buildDir,
    dataDir,
    env: { DATABASE_PATH: databasePath, TRUST_PROXY: "1", TMPDIR: scratchRoot },
  });
  site.url = server.url;
  cookie = await staffSession(site);

  const file = async (made: Promise<string>, name?: string) => {
    const at = await made;
    return { name: name ?? path.basename(at), bytes: await readFile(at) };
  };
  const soundFiles = [
    await file(samples.goodPdf(samplesDir)),
    await file(samples.flawedPdf(samplesDir)),
    await file(zipHoldingPdf(samplesDir)),
    { name: "lid.cdr", bytes: await readFile(path.join(import.meta.dirname, "../fixtures/artwork/sample.cdr")) },
  ];
  const hostileFiles = [
    await file(hostileSamples.postScriptReadingPasswd(samplesDir, path.join(elsewhere, "written-by-postscript"))),
    await file(hostileSamples.zipBomb(samplesDir)),
    await file(hostileSamples.zipWithTraversal(samplesDir, "escaped-from-zip")),
    await file(hostileSamples.pngHuge(samplesDir)),
    await file(hostileSamples.svgWithRemoteReference(samplesDir, `http://127.0.0.1:${lurePort}/logo.png`)),
    await file(hostileSamples.svgWithLocalReference(samplesDir)),
    await file(hostileSamples.svgWithEntities(samplesDir)),
    await file(hostileSamples.pdfHugePageCount(samplesDir)),
  ];
  const polling = pollHome();
  sound = await send(soundFiles);
  hostile = await send(hostileFiles);
  await eventually(async () => expect(await pendingChecks()).toBe(0), 90_000);
  await polling.stop();
}, 180_000);

afterAll(async () => {
  await server?.stop();
  lure?.close();
  await Promise.all(folders.map((made) => rm(made, { recursive: true, force: true })));
});

/** Sends a quote request with these files as one multipart post; answers its reference and each file's id by name. */
async function send(files: { name: string; bytes: Buffer }[]): Promise<Sent> {
  const response = await postMultipart(site, withFiles(cakeRequest(await formToken(site)), files), client());
  const reference = referenceOf(response);
  if (response.status !== 303 || !reference) throw new Error(`The request was not taken: ${response.status}`);
  const db = await openStore(site.store, { busyWaitMs: 5000 });
  try {
    const rows = await db.all<{ id: string; name: string }>(
      "SELECT uploads.id, uploads.name FROM uploads JOIN inquiries ON inquiries.id = uploads.inquiry_id WHERE reference = ?",
      [reference],
    );
    return { reference, ids: new Map(rows.map((row) => [row.name, row.id])) };
  } finally {
    await db.close();
  }
}

async function pendingChecks(): Promise<number> {
  const db = await openStore(site.store, { busyWaitMs: 5000 });
  try {
    const row = await db.get<{ n: number }>("SELECT count(*) AS n FROM artwork_checks WHERE state = 'pending'");
    return Number(row?.n ?? -1);
  } finally {
    await db.close();
  }
}

/** Asks for the home page every 100 ms until stopped, keeping each status. */
function pollHome() {
  let running = true;
  const loop = (async () => {
    while (running) {
      const answer = await fetch(`${site.url}/`, { signal: AbortSignal.timeout(5000) }).catch(() => undefined);
      homeAnswers.push(answer?.status ?? 0);
      await answer?.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
    },
  };
}

/** A GET with this cookie (none for undefined); asStaff signs in. */
function get(pathname: string, withCookie: string | undefined) {
  return fetch(`${site.url}${pathname}`, { headers: withCookie ? { cookie: withCookie } : {}, redirect: "manual" });
}

const asStaff = (pathname: string) => get(pathname, cookie);

const previewAddress = (sent: Sent, name: string, image = "0-large.webp") =>
  `/inbox/${sent.reference}/files/${sent.ids.get(name)}/previews/${image}`;

/** The page's text without React's comment markers and tags, for reading like a person. */
async function pageText(pathname: string): Promise<string> {
  const html = await (await asStaff(pathname)).text();
  return html
    .replaceAll("<!-- -->", "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");
}

describe("checks on a running server", () => {
  test("the site answered GET / throughout, and the server is still up", async () => {
    expect(homeAnswers.length).toBeGreaterThan(5);
    expect(homeAnswers.every((status) => status === 200)).toBe(true);
    expect((await fetch(`${site.url}/`)).status).toBe(200);
  });

  test("nothing a hostile file aimed at was read or written, and every scratch folder is gone", async () => {
    expect(existsSync(path.join(elsewhere, "written-by-postscript"))).toBe(false);
    for (const place of [scratchRoot, path.dirname(scratchRoot), "/tmp", "/"]) {
      expect(existsSync(path.join(place, "escaped-from-zip")), place).toBe(false);
    }
    expect(lureRequests).toEqual([]);
    expect((await readdir(scratchRoot)).filter((name) => name.startsWith("artwork-check-"))).toEqual([]);
  });

  test("each hostile file ends as 'no preview' with its reason", async () => {
    const text = await pageText(`/inbox/${hostile.reference}`);
    for (const [name, reason] of [
      ["reads-passwd.eps", /No preview: Ghostscript could not read this file/],
      ["bomb.zip", /No preview: a file in the ZIP unpacks to more than 100 times its packed size/],
      ["traversal.zip", /No preview: the ZIP holds a file whose name leads outside its folder/],
      ["huge.png", /No preview: the picture has too many pixels to preview/],
      [
        "remote-reference.svg",
        /No preview: the SVG (imports a style sheet|refers to files or addresses outside itself)/,
      ],
      ["local-reference.svg", /No preview: the SVG refers to files or addresses outside itself/],
      ["entities.svg", /No preview: the SVG declares XML entities/],
      ["huge-page-count.pdf", /No preview: pdfinfo could not read this file/],
    ] as const) {
      const section = text.slice(text.indexOf(`Print check: ${name}`));
      expect(section, name).toMatch(reason);
      expect((await asStaff(previewAddress(hostile, name))).status, name).toBe(404);
    }
    // The first line of the real /etc/passwd never reaches the page.
    const passwd = (await readFile("/etc/passwd", "utf8")).split("\n")[0] ?? "";
    expect(passwd).not.toBe("");
    expect(text).not.toContain(passwd);
  });

  test("the inquiry page shows each sound file's preview beside its report, and the reply asking for new files", async () => {
    const html = await (await asStaff(`/inbox/${sound.reference}`)).text();
    for (const name of ["good.pdf", "flawed.pdf", "artwork.zip", "lid.cdr"]) {
      expect(html, name).toContain(`src="${previewAddress(sound, name, "0-small.webp")}"`);
      expect(html, name).toContain(`src="${previewAddress(sound, name)}"`);
    }
    const text = await pageText(`/inbox/${sound.reference}`);
    const good = text.slice(text.indexOf("Print check: good.pdf"), text.indexOf("Print check: flawed.pdf"));
    expect(good).toContain("Fine: Bleed 3 mm on every side");
    expect(good).not.toMatch(/Problem:/);
    // The request is for cake boxes: a file without the die's lines is the one thing to check.
    expect(good.match(/Check:/g)).toHaveLength(1);
    expect(good).toContain(
      "Check: No dieline: no separation or layer named Dieline, Die, CutContour, Cut, Crease; ask for the die's lines on a spot colour of their own",
    );
    const flawed = text.slice(text.indexOf("Print check: flawed.pdf"), text.indexOf("Print check: artwork.zip"));
    expect(flawed.match(/Problem:/g)).toHaveLength(3);
    expect(text).toMatch(/Files in the ZIP \(2\)/);

    const reply = html.match(/href="(mailto:[^"]+)"[^>]*>Reply: your files need attention/)?.[1] ?? "";
    const body = decodeURIComponent(new URL(reply.replaceAll("&amp;", "&")).searchParams.get("body") ?? "");
    expect(body).toContain("flawed.pdf\n- No bleed");
    expect(body).toContain("not embedded");
    expect(body).not.toContain("good.pdf");
  });

  test("a preview is a WebP of at most 1200 px, private and never stored by the browser", async () => {
    const large = await asStaff(previewAddress(sound, "good.pdf"));
    expect(large.status).toBe(200);
    expect(large.headers.get("content-type")).toBe("image/webp");
    expect(large.headers.get("cache-control")).toBe("no-store");
    expect(large.headers.get("x-content-type-options")).toBe("nosniff");
    const meta = await sharp(Buffer.from(await large.arrayBuffer())).metadata();
    expect(meta.format).toBe("webp");
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(1200);
    const small = await sharp(
      Buffer.from(await (await asStaff(previewAddress(sound, "good.pdf", "0-small.webp"))).arrayBuffer()),
    ).metadata();
    expect(Math.max(small.width ?? 0, small.height ?? 0)).toBeLessThanOrEqual(320);
  });

  test("without a session a preview is refused, with no image bytes", async () => {
    for (const withCookie of [undefined, "staff_session=forged"]) {
      const answer = await get(previewAddress(sound, "good.pdf"), withCookie);
      expect(answer.status).toBe(303);
      expect(answer.headers.get("location")).toMatch(/^\/inbox\/sign-in/);
      expect(answer.headers.get("content-type") ?? "").not.toContain("image");
    }
  });

  test("a preview is found only under its own inquiry, and only by a well-formed name", async () => {
    const id = sound.ids.get("good.pdf");
    for (const pathname of [
      `/inbox/${hostile.reference}/files/${id}/previews/0-large.webp`,
      `/inbox/${sound.reference}/files/${id}/previews/9-large.webp`,
      `/inbox/${sound.reference}/files/${id}/previews/0-huge.webp`,
      `/inbox/${sound.reference}/files/${id}/previews/..%2F..%2Fetc%2Fpasswd`,
    ]) {
      expect((await asStaff(pathname)).status, pathname).toBe(404);
    }
  });

  test("the staff area's pages allow images from the site alone", async () => {
    const policy = (await asStaff(`/inbox/${sound.reference}`)).headers.get("content-security-policy") ?? "";
    expect(policy).toMatch(/img-src 'self'(;|$)/);
    expect(policy).not.toContain("data:");
  });

  test("erasing the person takes the previews with the files", async () => {
    const erased = await fetch(`${site.url}/inbox/${hostile.reference}/erase`, {
      method: "POST",
      headers: { cookie },
      redirect: "manual",
    });
    expect(erased.status).toBe(303);
    const db = await openStore(site.store, { busyWaitMs: 5000 });
    try {
      const ids = [...hostile.ids.values()];
      const left = await db.get<{ n: number }>(
        `SELECT count(*) AS n FROM artwork_checks WHERE upload_id IN (${ids.map(() => "?").join(", ")})`,
        ids,
      );
      expect(Number(left?.n)).toBe(0);
      const previews = await db.get<{ n: number }>("SELECT count(*) AS n FROM artwork_previews");
      expect(Number(previews?.n)).toBeGreaterThan(0);
    } finally {
      await db.close();
    }
  });
});

describe("on a machine without the programs", () => {
  test("the site runs, says once at start-up that previews are not available, and files get 'no preview' naming the packages", async () => {
    const dataDir = await folder("bare");
    const emptyPath = await folder("empty-path");
    const databasePath = path.join(dataDir, "inquiries.sqlite");
    const bare = await startSite({
      buildDir,
      dataDir,
      env: { DATABASE_PATH: databasePath, TRUST_PROXY: "1", TMPDIR: scratchRoot, PATH: emptyPath },
    });
    try {
      const said = bare.logs.filter((line) => /Previews of artwork files are not available/.test(line));
      expect(said).toHaveLength(1);
      expect(said[0]).toMatch(/poppler-utils, ghostscript, libcdr-tools, zbar-tools, util-linux/);
      expect((await fetch(`${bare.url}/`)).status).toBe(200);

      const bareSite = { url: bare.url, dataDir, store: { sqliteFile: databasePath } };
      const response = await postMultipart(
        bareSite,
        withFiles(cakeRequest(await formToken(bareSite)), [
          { name: "box.pdf", bytes: await readFile(await samples.goodPdf(samplesDir)) },
        ]),
        client(),
      );
      const reference = referenceOf(response);
      expect(response.status).toBe(303);
      const db = await openStore(bareSite.store, { busyWaitMs: 5000 });
      try {
        const outcome = await eventually(async () => {
          const row = await db.get<{ outcome: string | null }>(
            "SELECT outcome FROM artwork_checks JOIN uploads ON uploads.id = artwork_checks.upload_id JOIN inquiries ON inquiries.id = uploads.inquiry_id WHERE reference = ? AND state = 'done'",
            [reference],
          );
          expect(row?.outcome).toBeTruthy();
          return JSON.parse(row?.outcome ?? "{}") as { previews: number; noPreview: string };
        });
        expect(outcome.previews).toBe(0);
        expect(outcome.noPreview).toMatch(/not available on this server \(util-linux not installed\)/);
      } finally {
        await db.close();
      }
      // Said once only: the check of the file added no second notice.
      expect(bare.logs.filter((line) => /Previews of artwork files are not available/.test(line))).toHaveLength(1);
    } finally {
      await bare.stop();
    }
  });
});
