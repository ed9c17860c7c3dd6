import { createHash, randomBytes } from "node:crypto";
import { once } from "node:events";
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { connect, createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { createInquiryStore } from "../../app/server/contact/inquiries.server.ts";
import { inquiryDetails } from "../../app/server/contact/submission.server.ts";
import type { StoreLocation } from "../../app/server/store/db.server.ts";
import { openStore } from "../../app/server/store/open-store.server.ts";
import { type Artwork, createArtwork } from "../../app/server/uploads/artwork.server.ts";
import { type FileStorage, openFileStorage } from "../../app/server/uploads/file-storage.server.ts";
import { receiveWholeFile } from "../../app/server/uploads/whole-file.server.ts";
import { artworkText } from "../../app/site/content/artwork.ts";
import { pageText } from "../../app/site/content/pages.ts";
import { type SiteServer, startSite } from "../support/start-site.ts";
import { openTestStore } from "../support/test-store.ts";
import { eventually, goodFields, readRow, referenceOf } from "./support/contact-form.ts";
import { client, formToken, postMultipart, postQuote, staffSession, withFiles } from "./support/quote-posts.ts";
import { cakeRequest } from "./support/quote-request.ts";

// Files kept in a folder go with a SQLite store only (with DATABASE_URL every
// instance must share a bucket: artwork-bucket.test.ts), so these servers run
// on SQLite whatever TEST_STORE says; the module-level clean-up test at the end
// uses the engine under test.

const buildDir = inject("siteBuildDir");
const MB = 1024 * 1024;
const DAY = 24 * 60 * 60 * 1000;

/** Where a server keeps its data: the folder (artwork in <dataDir>/artwork) and its SQLite file. */
type Place = { dataDir: string; store: StoreLocation };
type Site = Place & { server: SiteServer; url: string };

const servers: SiteServer[] = [];
const folders: string[] = [];

/** The server on a data folder and SQLite file of its own, artwork in <dataDir>/artwork. */
async function startOwnSite(
  label: string,
  env: Record<string, string> = {},
  prepare?: (place: Place) => Promise<void>,
): Promise<Site> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `artwork-${label}-`));
  folders.push(dataDir);
  const databasePath = path.join(dataDir, "inquiries.sqlite");
  const place = { dataDir, store: { sqliteFile: databasePath } };
  await prepare?.(place);
  const server = await startSite({ buildDir, dataDir, env: { DATABASE_PATH: databasePath, ...env } });
  servers.push(server);
  return { ...place, server, url: server.url };
}

/** Trusts the proxy's X-Forwarded-For, so each test may be a client of its own; the usual limits. */
let site: Site;
/** No trusted proxy, files up to 1 MB and 1 MB of unsent files per client. */
let strict: Site;
/** 1 GB for every file together, and files and clients allowed more than that. */
let nearlyFull: Site;
/** Started on a store holding an inquiry past INQUIRY_RETENTION_DAYS and one within it, each with a file. */
let retention: Site & { expiredFile: string; keptFile: string };

beforeAll(async () => {
  // Together, so that the retention server's first clean-up (5 s after it starts)
  // runs while the other tests do.
  let expiredFile = "";
  let keptFile = "";
  const started = await Promise.all([
    startOwnSite("site", { TRUST_PROXY: "1", FORM_MIN_FILL_SECONDS: "0" }),
    startOwnSite("strict", { UPLOAD_MAX_FILE_MB: "1", UPLOAD_CLIENT_QUOTA_MB: "1" }),
    startOwnSite("full", { UPLOAD_QUOTA_GB: "1", UPLOAD_MAX_FILE_MB: "5000", UPLOAD_CLIENT_QUOTA_MB: "100000" }),
    startOwnSite("retention", { INQUIRY_RETENTION_DAYS: "90" }, async (place) => {
      [expiredFile = "", keptFile = ""] = await storeInquiriesWithFiles(place, [91, 89]);
    }),
  ]);
  [site, strict, nearlyFull] = started;
  retention = { ...started[3], expiredFile, keptFile };
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** A small but real PDF; the marker makes its bytes recognisable in an answer that must not hold them. */
function pdf(marker = randomBytes(8).toString("hex")): Buffer {
  return Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${marker}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
}

/** A Windows program's first bytes (the MZ header), whatever its name says. */
function program(): Buffer {
  return Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]), randomBytes(16 * 1024)]);
}

const cdr = await readFile(path.join(import.meta.dirname, "../fixtures/artwork/sample.cdr"));
const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#c0392b" } })
  .png()
  .toBuffer();

/** What is kept in a server's artwork folder: each file by its id, and its metadata beside it (<id>.json). */
async function storedNames(target: Place): Promise<string[]> {
  return readdir(path.join(target.dataDir, "artwork")).catch(() => []);
}

function storedFile(target: Site, id: string): Promise<Buffer> {
  return readFile(path.join(target.dataDir, "artwork", id));
}

type UploadRow = {
  name: string;
  size: number;
  kind: string | null;
  sha256: string | null;
  inquiry_id: number | null;
  completed_at: number | null;
  discarded_at: number | null;
};

function uploadRow(target: Site, id: string): Promise<UploadRow | undefined> {
  return readRow<UploadRow>(
    target.store,
    "SELECT name, size, kind, sha256, inquiry_id, completed_at, discarded_at FROM uploads WHERE id = ?",
    [id],
  );
}

async function idOfName(target: Site, name: string): Promise<string | undefined> {
  return (await readRow<{ id: string }>(target.store, "SELECT id FROM uploads WHERE name = ?", [name]))?.id;
}

async function filesOfInquiry(target: Site, reference: string) {
  const db = await openStore(target.store, { busyWaitMs: 5000 });
  try {
    return await db.all<{ id: string; name: string; kind: string; sha256: string }>(
      `SELECT uploads.id, uploads.name, uploads.kind, uploads.sha256 FROM uploads
       JOIN inquiries ON inquiries.id = uploads.inquiry_id WHERE inquiries.reference = ? ORDER BY uploads.created_at`,
      [reference],
    );
  } finally {
    await db.close();
  }
}

const tus = { "Tus-Resumable": "1.0.0" };
const base64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

type NewUpload = { token?: string; name?: string; length: number | "deferred" };

function createUpload(base: string, upload: NewUpload, headers: Record<string, string> = {}): Promise<Response> {
  const metadata = [
    upload.name === undefined ? "" : `filename ${base64(upload.name)}`,
    upload.token === undefined ? "" : `token ${base64(upload.token)}`,
  ].filter(Boolean);
  return fetch(`${base}/quote/uploads`, {
    method: "POST",
    headers: {
      ...tus,
      ...(upload.length === "deferred" ? { "Upload-Defer-Length": "1" } : { "Upload-Length": String(upload.length) }),
      ...(metadata.length > 0 ? { "Upload-Metadata": metadata.join(",") } : {}),
      ...headers,
    },
  });
}

/** The created upload's address, on the origin it was created through. */
function addressOf(base: string, created: Response): string {
  expect(created.status, "the upload is created").toBe(201);
  return new URL(created.headers.get("location") ?? "", base).href;
}

const idIn = (address: string) => address.split("/").pop() ?? "";

function patch(address: string, offset: number, bytes: Uint8Array, headers: Record<string, string> = {}) {
  return fetch(address, {
    method: "PATCH",
    headers: { ...tus, "Content-Type": "application/offset+octet-stream", "Upload-Offset": String(offset), ...headers },
    body: new Uint8Array(bytes),
  });
}

/** A whole file in one piece, as tus-js-client sends a small one; answers its id. */
async function uploadFile(target: Site, token: string, name: string, bytes: Buffer): Promise<string> {
  const address = addressOf(target.url, await createUpload(target.url, { token, name, length: bytes.length }));
  const sent = await patch(address, 0, bytes);
  expect(sent.status, `${name} is received`).toBe(204);
  return idIn(address);
}

/** Sends a request with files already uploaded; answers its reference. */
async function sendQuote(target: Site, token: string, uploads: string[]): Promise<string> {
  const response = await postQuote(target, cakeRequest(token, uploads), client());
  const reference = referenceOf(response);
  if (response.status !== 303 || !reference) {
    throw new Error(`The quote request was not taken: ${response.status} ${await response.text()}`);
  }
  return reference;
}

type CountingProxy = { url: string; sentBytes(): number; close(): Promise<void> };

/** A TCP proxy on 127.0.0.1 in front of the site, counting every byte clients send through it. */
async function countingProxy(target: string): Promise<CountingProxy> {
  const { hostname, port } = new URL(target);
  let sent = 0;
  const sockets = new Set<Socket>();
  const proxy = createServer((incoming) => {
    const upstream = connect(Number(port), hostname);
    for (const socket of [incoming, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {
        incoming.destroy();
        upstream.destroy();
      });
    }
    incoming.on("data", (chunk: Buffer) => {
      sent += chunk.length;
    });
    incoming.pipe(upstream);
    upstream.pipe(incoming);
  });
  proxy.listen(0, "127.0.0.1");
  await once(proxy, "listening");
  const address = proxy.address();
  if (!address || typeof address === "string") throw new Error("The proxy has no port");
  return {
    url: `http://127.0.0.1:${address.port}`,
    sentBytes: () => sent,
    async close() {
      for (const socket of sockets) socket.destroy();
      proxy.close();
      await once(proxy, "close");
    },
  };
}

/**
 * A PATCH that announces the whole file but sends only its first piece, and
 * loses its connection once the server has written that piece: a phone that
 * went out of coverage mid-upload.
 */
async function sendThenLoseConnection(address: string, total: number, piece: Buffer, written: string) {
  const { hostname, port, host, pathname } = new URL(address);
  const socket = connect(Number(port), hostname);
  socket.on("error", () => undefined);
  await once(socket, "connect");
  const head = [
    `PATCH ${pathname} HTTP/1.1`,
    `Host: ${host}`,
    "Tus-Resumable: 1.0.0",
    "Content-Type: application/offset+octet-stream",
    "Upload-Offset: 0",
    `Content-Length: ${total}`,
  ];
  socket.write(`${head.join("\r\n")}\r\n\r\n`);
  socket.write(piece);
  await eventually(async () => expect((await stat(written)).size).toBe(piece.length), 10_000);
  socket.destroy();
}

/** The one table row that holds this text, for what must be said beside it. */
function tableRowOf(html: string, text: string): string {
  const rows = html.match(/<tr>(?:(?!<\/tr>)[\s\S])*<\/tr>/g) ?? [];
  const found = rows.filter((row) => row.includes(text));
  expect(found, `one row with ${text}`).toHaveLength(1);
  return found[0] ?? "";
}

function asStaff(target: Site, pathname: string, cookie?: string, init: RequestInit = {}) {
  return fetch(`${target.url}${pathname}`, { ...init, headers: cookie ? { cookie } : {}, redirect: "manual" });
}

const limitsFor = (dataDir: string) => ({
  maxFileBytes: 10 * MB,
  maxFiles: 10,
  clientQuotaBytes: 100 * MB,
  totalQuotaBytes: 1024 * MB,
  idleMs: 60 * 60 * 1000,
  incomingFolder: path.join(dataDir, "artwork-incoming"),
});

/** A file received as the server receives one, outside any server; answers its id. */
async function receive(artwork: Artwork, storage: FileStorage, name: string, bytes: Buffer): Promise<string> {
  const received = await receiveWholeFile({ artwork, storage }, Readable.from([bytes]), {
    name,
    formNonce: randomBytes(12).toString("base64url"),
    clientKey: "test",
    networkKey: "test",
  });
  if ("status" in received) throw new Error(`${name} was not received: ${received.message}`);
  return received.id;
}

/** Inquiries received these many days ago, each with a PDF; answers the files' ids in the same order. */
async function storeInquiriesWithFiles(target: Place, daysAgo: number[]): Promise<string[]> {
  const db = await openStore(target.store);
  try {
    const storage = await openFileStorage({ folder: path.join(target.dataDir, "artwork") });
    const artwork = createArtwork({ db, storage, limits: limitsFor(target.dataDir), words: artworkText });
    const store = createInquiryStore(db);
    const ids: string[] = [];
    for (const days of daysAgo) {
      const id = await receive(artwork, storage, `received-${days}-days-ago.pdf`, pdf());
      await store.save({ ...inquiryDetails(goodFields()), files: [id] }, { now: new Date(Date.now() - days * DAY) });
      ids.push(id);
    }
    return ids;
  } finally {
    await db.close();
  }
}

describe("resumable uploads (tus)", () => {
  test("an upload cut off halfway carries on from where it stopped: the first half is not sent again", async () => {
    const file = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(4 * MB), Buffer.from("\n%%EOF\n")]);
    const half = Math.floor(file.length / 2);
    const proxy = await countingProxy(site.url);
    try {
      const token = await formToken(site);
      const created = await createUpload(proxy.url, { token, name: "carton-dieline.pdf", length: file.length });
      const address = addressOf(proxy.url, created);
      const id = idIn(address);
      await sendThenLoseConnection(
        address,
        file.length,
        file.subarray(0, half),
        path.join(site.dataDir, "artwork", id),
      );

      // Back online, the client asks how much arrived and sends only the rest.
      const head = await fetch(address, { method: "HEAD", headers: tus });
      expect(head.status).toBe(200);
      expect(Number(head.headers.get("upload-offset"))).toBe(half);
      const rest = await patch(address, half, file.subarray(half));
      expect(rest.status).toBe(204);
      expect(Number(rest.headers.get("upload-offset"))).toBe(file.length);

      expect(proxy.sentBytes()).toBeGreaterThan(file.length);
      expect(proxy.sentBytes()).toBeLessThan(1.1 * file.length);
      expect(await uploadRow(site, id)).toMatchObject({ size: file.length, kind: "pdf", sha256: sha256(file) });
      expect(sha256(await storedFile(site, id))).toBe(sha256(file));
    } finally {
      await proxy.close();
    }
  });

  test("an upload cancelled by its page (DELETE) is deleted at once, bytes and record", async () => {
    const token = await formToken(site);
    const bytes = pdf();
    const address = addressOf(site.url, await createUpload(site.url, { token, name: "wrong-file.pdf", length: 4096 }));
    const id = idIn(address);
    expect((await patch(address, 0, bytes)).status).toBe(204);
    expect(await storedNames(site)).toContain(id);

    expect((await fetch(address, { method: "DELETE", headers: tus })).status).toBe(204);
    expect((await storedNames(site)).filter((name) => name.startsWith(id))).toEqual([]);
    await eventually(async () => expect(await uploadRow(site, id)).toBeUndefined());
  });
});

describe("uploads refused", () => {
  test("a program named .pdf is refused by name once its bytes arrive, and its bytes are deleted", async () => {
    const token = await formToken(site);
    const bytes = program();
    const address = addressOf(
      site.url,
      await createUpload(site.url, { token, name: "invoice.pdf", length: bytes.length }),
    );
    const id = idIn(address);
    const answer = await patch(address, 0, bytes);
    expect(answer.status).toBe(415);
    expect(await answer.text()).toBe(artworkText.wrongKind("invoice.pdf"));
    expect((await storedNames(site)).filter((name) => name.startsWith(id))).toEqual([]);
    expect((await uploadRow(site, id))?.discarded_at).not.toBeNull();
    // Refused is closed: nothing more is taken at its address.
    expect((await fetch(address, { method: "HEAD", headers: tus })).status).toBe(404);
  });

  test("an eleventh file for one form is refused with 413; another form may send its own", async () => {
    const token = await formToken(site);
    for (let file = 1; file <= 10; file++) {
      const created = await createUpload(site.url, { token, name: `panel-${file}.pdf`, length: 1000 });
      expect(created.status, `file ${file}`).toBe(201);
    }
    const eleventh = await createUpload(site.url, { token, name: "panel-11.pdf", length: 1000 });
    expect(eleventh.status).toBe(413);
    expect(await eleventh.text()).toBe(artworkText.tooMany(10));
    expect(await idOfName(site, "panel-11.pdf")).toBeUndefined();

    const otherForm = await createUpload(site.url, {
      token: await formToken(site),
      name: "panel-11.pdf",
      length: 1000,
    });
    expect(otherForm.status).toBe(201);
  });

  test("a file declared larger than UPLOAD_MAX_FILE_MB is refused with 413 before any of it is sent", async () => {
    const token = await formToken(strict);
    const answer = await createUpload(strict.url, { token, name: "poster-huge.pdf", length: MB + 1 });
    expect(answer.status).toBe(413);
    expect(await answer.text()).toContain("“poster-huge.pdf” is larger than 1.0 MB");
    expect(await idOfName(strict, "poster-huge.pdf")).toBeUndefined();
    expect(await storedNames(strict)).toEqual([]);
  });

  test("without the quote page's form token, or with a forged one, nothing is created: 403", async () => {
    const token = await formToken(site);
    const [time, nonce, signature = ""] = token.split(".");
    const forged = `${time}.${nonce}.${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`;
    for (const [what, given] of [
      ["no token", undefined],
      ["a forged token", forged],
      ["not a token", "hello"],
    ] as const) {
      const answer = await createUpload(site.url, { token: given, name: "no-token.pdf", length: 1000 });
      expect(answer.status, what).toBe(403);
      expect(await answer.text(), what).toBe(artworkText.reload);
    }
    expect(await idOfName(site, "no-token.pdf")).toBeUndefined();
  });

  test("an upload whose length is deferred is refused with 400: every limit needs the size first", async () => {
    const answer = await createUpload(site.url, {
      token: await formToken(site),
      name: "stream.pdf",
      length: "deferred",
    });
    expect(answer.status).toBe(400);
    expect(await idOfName(site, "stream.pdf")).toBeUndefined();
  });

  test("an upload's address is never a download: GET answers the site's 404 page, without the file's bytes", async () => {
    const token = await formToken(site);
    const marker = randomBytes(12).toString("hex");
    const id = await uploadFile(site, token, "label.pdf", pdf(marker));
    for (const pathname of [`/quote/uploads/${id}`, "/quote/uploads"]) {
      const answer = await fetch(`${site.url}${pathname}`);
      expect(answer.status, pathname).toBe(404);
      expect(answer.headers.get("content-type"), pathname).toMatch(/^text\/html/);
      const html = await answer.text();
      expect(html, pathname).toContain(pageText.notFound.heading);
      expect(html, pathname).not.toContain(marker);
    }
  });

  test("an upload sent with a request is closed: PATCH, HEAD and DELETE at its address answer 404", async () => {
    const token = await formToken(site);
    const bytes = pdf();
    const id = await uploadFile(site, token, "sent-already.pdf", bytes);
    await sendQuote(site, token, [id]);
    const address = `${site.url}/quote/uploads/${id}`;

    const more = await patch(address, bytes.length, Buffer.from("more bytes"));
    expect(more.status).toBe(404);
    expect(await more.text()).toBe(artworkText.gone);
    expect((await patch(address, 0, program())).status).toBe(404);
    expect((await fetch(address, { method: "HEAD", headers: tus })).status).toBe(404);
    expect((await fetch(address, { method: "DELETE", headers: tus })).status).toBe(404);

    // Still the inquiry's, as it was sent.
    expect((await uploadRow(site, id))?.inquiry_id).not.toBeNull();
    expect(sha256(await storedFile(site, id))).toBe(sha256(bytes));
  });
});

describe("how much may be uploaded", () => {
  test("a client's unsent files stop at UPLOAD_CLIENT_QUOTA_MB (429), whatever X-Forwarded-For it forges", async () => {
    // This server trusts no proxy: the header is anyone's to write, and says nothing of who sends.
    const token = await formToken(strict);
    const kb = 1024;
    expect((await createUpload(strict.url, { token, name: "first.pdf", length: 700 * kb })).status).toBe(201);
    for (const forged of ["203.0.113.7", "203.0.113.8", "2001:db8::1"]) {
      const answer = await createUpload(
        strict.url,
        { token: await formToken(strict), name: "second.pdf", length: 700 * kb },
        { "X-Forwarded-For": forged },
      );
      expect(answer.status, forged).toBe(429);
      expect(await answer.text(), forged).toBe(artworkText.clientQuota);
    }
    // What still fits under the quota is taken.
    expect((await createUpload(strict.url, { token, name: "third.pdf", length: 300 * kb })).status).toBe(201);
  });

  test("lengths declared and never sent take no room: 11 creations of 100 MB leave a 1 GB store open to a real upload", async () => {
    // Before, each declared length counted from its creation: the eleventh was refused, and so was everyone after.
    const token = await formToken(nearlyFull);
    const answers: number[] = [];
    for (let n = 0; n < 11; n++) {
      answers.push(
        (await createUpload(nearlyFull.url, { token: await formToken(nearlyFull), length: 100 * MB })).status,
      );
    }
    expect(answers).toEqual(Array(11).fill(201));
    const bytes = pdf();
    const address = addressOf(
      nearlyFull.url,
      await createUpload(nearlyFull.url, { token, name: "real.pdf", length: bytes.length }),
    );
    expect((await patch(address, 0, bytes)).status).toBe(204);
  });

  test("all files together stop at UPLOAD_QUOTA_GB (507) when a piece would pass it; a piece cut off gives its room back", async () => {
    const token = await formToken(nearlyFull);
    const first = addressOf(
      nearlyFull.url,
      await createUpload(nearlyFull.url, { token, name: "film-1.tif", length: 600 * MB }),
    );
    const second = addressOf(
      nearlyFull.url,
      await createUpload(nearlyFull.url, { token, name: "film-2.tif", length: 600 * MB }),
    );
    // The first's piece announces all 600 MB: that much is held while it arrives.
    const sending = await pieceAnnounced(first, 600 * MB);
    await eventually(async () => expect(await heldBy(nearlyFull, idIn(first))).toBe(600 * MB));
    const refused = await pieceAnnounced(second, 600 * MB);
    expect(await refused.answer).toEqual({ status: 507, body: artworkText.storageFull });
    refused.socket.destroy();

    sending.socket.destroy();
    // Cut off: the first holds what arrived and an open upload's allowance, no more.
    await eventually(async () => expect(await heldBy(nearlyFull, idIn(first))).toBeLessThanOrEqual(2 * MB));
    const again = await pieceAnnounced(second, 600 * MB);
    await eventually(async () => expect(await heldBy(nearlyFull, idIn(second))).toBe(600 * MB));
    again.socket.destroy();
  });
});

/** What an upload counts against the quotas now. */
async function heldBy(target: Site, id: string): Promise<number> {
  return Number((await readRow<{ held: number }>(target.store, "SELECT held FROM uploads WHERE id = ?", [id]))?.held);
}

/**
 * A PATCH whose headers announce `length` bytes, of which none are sent: the
 * server decides on the piece from its headers alone. Answers the socket, and
 * the answer if one comes before the bytes.
 */
async function pieceAnnounced(address: string, length: number) {
  const url = new URL(address);
  const socket = connect(Number(url.port), url.hostname);
  await once(socket, "connect");
  socket.write(
    `PATCH ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nTus-Resumable: 1.0.0\r\n` +
      `Content-Type: application/offset+octet-stream\r\nUpload-Offset: 0\r\nContent-Length: ${length}\r\n\r\n`,
  );
  socket.on("error", () => undefined);
  const answer = new Promise<{ status: number; body: string }>((resolve) => {
    let text = "";
    socket.on("data", (chunk: Buffer) => {
      text += chunk.toString("utf8");
      const [head = "", body = ""] = text.split("\r\n\r\n");
      const contentLength = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? Number.NaN);
      if (Buffer.byteLength(body) >= contentLength) {
        resolve({ status: Number(head.split(" ")[1]), body });
      }
    });
    socket.on("close", () => {
      const [head = "", body = ""] = text.split("\r\n\r\n");
      resolve({ status: Number(head.split(" ")[1]), body });
    });
  });
  return { socket, answer };
}

describe("what an upload's address gives away", () => {
  test("a file uploaded with one form is not sent with another: its id alone attaches nothing and shows nothing", async () => {
    const mine = await formToken(site);
    const theirs = await formToken(site);
    const headers = client();
    const created = await createUpload(
      site.url,
      { token: mine, name: "private-plan.pdf", length: pdf().length },
      headers,
    );
    const address = addressOf(site.url, created);
    expect((await patch(address, 0, pdf(), headers)).status).toBe(204);

    // Another form carrying the id: refused as a file no longer here, its name and size nowhere on the page.
    const answer = await postQuote(site, cakeRequest(theirs, [idIn(address)]), headers);
    expect(answer.status).toBe(400);
    const page = await answer.text();
    expect(page).not.toContain("private-plan.pdf");
    expect((await uploadRow(site, idIn(address)))?.inquiry_id).toBeNull();

    // Its own form sends it.
    const reference = await sendQuote(site, mine, [idIn(address)]);
    expect((await filesOfInquiry(site, reference)).map((file) => file.name)).toEqual(["private-plan.pdf"]);
  });

  test("the upload address answers no other site's page: no Access-Control-Allow-Origin", async () => {
    const headers = client();
    const token = await formToken(site);
    const address = addressOf(site.url, await createUpload(site.url, { token, name: "cors.pdf", length: 10 }, headers));
    const elsewhere = { ...headers, Origin: "https://elsewhere.example" };
    const head = await fetch(address, { method: "HEAD", headers: { ...tus, ...elsewhere } });
    expect(head.status).toBe(200);
    expect(head.headers.get("access-control-allow-origin")).toBeNull();
    const preflight = await fetch(address, {
      method: "OPTIONS",
      headers: { ...elsewhere, "Access-Control-Request-Method": "PATCH" },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("the form sent without a script (one multipart post)", () => {
  test("its fields and two files make one inquiry, the files attached as sent, however far past a form's size", async () => {
    // Far larger than any form without files may be: the post's size is its files'.
    const box = Buffer.concat([pdf(), Buffer.alloc(2 * MB, 0x20)]);
    const fields = cakeRequest(await formToken(site));
    const files = [
      { name: "box-outside.pdf", bytes: box },
      { name: "logo.cdr", bytes: cdr },
    ];
    const response = await postMultipart(site, withFiles(fields, files), client());
    expect(response.status).toBe(303);
    const reference = referenceOf(response);
    expect(response.headers.get("location")).toBe(`/quote?sent=${reference}`);

    const attached = await filesOfInquiry(site, reference ?? "");
    expect(attached.map(({ name, kind, sha256 }) => ({ name, kind, sha256 }))).toEqual([
      { name: "box-outside.pdf", kind: "pdf", sha256: sha256(box) },
      { name: "logo.cdr", kind: "cdr", sha256: sha256(cdr) },
    ]);
    for (const { id, sha256: hash } of attached) expect(sha256(await storedFile(site, id))).toBe(hash);
  });

  test("a program among the files: 415, the form again naming it, the good file kept for the next send", async () => {
    const fields = cakeRequest(await formToken(site));
    const files = [
      { name: "sleeve-art.pdf", bytes: pdf() },
      { name: "setup.pdf", bytes: program() },
    ];
    const response = await postMultipart(site, withFiles(fields, files), client());
    expect(response.status).toBe(415);
    const html = await response.text();
    expect(html).toContain(artworkText.wrongKind("setup.pdf"));
    // What was typed comes back too.
    expect(html).toContain(`value="${fields.find(([name]) => name === "name")?.[1]}"`);

    const kept = await idOfName(site, "sleeve-art.pdf");
    const refused = await idOfName(site, "setup.pdf");
    expect(/name="uploads" value="([^"]*)"/.exec(html)?.[1]).toBe(kept);
    const stored = await storedNames(site);
    expect(stored).toContain(kept);
    expect(stored.filter((name) => name.startsWith(refused ?? "none"))).toEqual([]);

    // Sent again as the page holds it, the kept file goes with the inquiry.
    const token = /name="form_token" value="([^"]+)"/.exec(html)?.[1] ?? "";
    const again = await postQuote(site, cakeRequest(token, [kept ?? ""]), client());
    expect(again.status).toBe(303);
    expect((await filesOfInquiry(site, referenceOf(again) ?? "")).map((file) => file.name)).toEqual(["sleeve-art.pdf"]);
  });

  test("a post whose form token comes after its file is refused, and nothing of it is stored", async () => {
    const before = await storedNames(site);
    const fields = cakeRequest(await formToken(site));
    const email = fields.find(([name]) => name === "email")?.[1] ?? "";
    const response = await postMultipart(site, [["artwork", { name: "early.pdf", bytes: pdf() }], ...fields], client());
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(artworkText.reload);

    expect(await idOfName(site, "early.pdf")).toBeUndefined();
    expect(await readRow(site.store, "SELECT id FROM inquiries WHERE email = ?", [email])).toBeUndefined();
    expect(await storedNames(site)).toEqual(before);
  });
});

describe("staff and the files", () => {
  let cookie: string;
  let withDrawing: { reference: string; drawing: string; photo: string };
  let other: { reference: string; file: string; marker: string };

  beforeAll(async () => {
    cookie = await staffSession(site);
    const token = await formToken(site);
    const drawing = await uploadFile(site, token, "lid-logo.cdr", cdr);
    const photo = await uploadFile(site, token, "cake-photo.png", png);
    withDrawing = { reference: await sendQuote(site, token, [drawing, photo]), drawing, photo };
    const marker = randomBytes(12).toString("hex");
    const otherToken = await formToken(site);
    const file = await uploadFile(site, otherToken, "other-buyer.pdf", pdf(marker));
    other = { reference: await sendQuote(site, otherToken, [file]), file, marker };
  });

  const fileAddress = (reference: string, id: string) => `/inbox/${reference}/files/${id}`;

  test("without a session, a file's address answers the sign-in redirect and none of its bytes", async () => {
    for (const given of [undefined, `staff-session=${"A".repeat(43)}`]) {
      const answer = await asStaff(site, fileAddress(withDrawing.reference, withDrawing.drawing), given);
      expect(answer.status).toBe(303);
      expect(answer.headers.get("location")).toBe("/inbox/sign-in");
      expect((await answer.arrayBuffer()).byteLength).toBe(0);
    }
  });

  test("signed in, a file downloads as sent: an attachment under its name, never sniffed or cached", async () => {
    const answer = await asStaff(site, fileAddress(withDrawing.reference, withDrawing.drawing), cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-disposition")).toMatch(/^attachment; filename="?lid-logo\.cdr"?$/);
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(sha256(new Uint8Array(await answer.arrayBuffer()))).toBe(sha256(cdr));
    // The inquiry's history keeps who took a copy: its kind and size, not its name.
    const history = await (await asStaff(site, `/inbox/${withDrawing.reference}`, cookie)).text();
    expect(history.replaceAll("<!-- -->", "")).toMatch(/downloaded a file: CorelDRAW, \d+ KB/);
  });

  test("the inquiry's page lists each file with its kind and SHA-256, linking to its download", async () => {
    const html = await (await asStaff(site, `/inbox/${withDrawing.reference}`, cookie)).text();
    for (const [name, kind, bytes, id] of [
      ["lid-logo.cdr", "CorelDRAW", cdr, withDrawing.drawing],
      ["cake-photo.png", "PNG", png, withDrawing.photo],
    ] as const) {
      const row = tableRowOf(html, name);
      expect(row, name).toContain(`href="${fileAddress(withDrawing.reference, id)}"`);
      expect(row, name).toContain(`<td>${kind}</td>`);
      expect(row, name).toContain(sha256(bytes));
    }
  });

  test("a file of another inquiry, or no file, is not found under this reference", async () => {
    for (const id of [other.file, randomBytes(16).toString("hex"), "not-a-file"]) {
      const answer = await asStaff(site, fileAddress(withDrawing.reference, id), cookie);
      expect(answer.status, id).toBe(404);
      expect(await answer.text(), id).not.toContain(other.marker);
    }
    // At its own inquiry's address it is there.
    expect((await asStaff(site, fileAddress(other.reference, other.file), cookie)).status).toBe(200);
  });

  test("erasing a person deletes their files from storage at once; another person's stay", async () => {
    const token = await formToken(site);
    const gone = [await uploadFile(site, token, "erase-me.pdf", pdf()), await uploadFile(site, token, "me.png", png)];
    const reference = await sendQuote(site, token, gone);
    const erased = await asStaff(site, `/inbox/${reference}/erase`, cookie, { method: "POST" });
    expect(erased.status).toBe(303);

    const stored = await storedNames(site);
    for (const id of gone) {
      expect(stored, id).not.toContain(id);
      expect(stored, id).not.toContain(`${id}.json`);
      expect(await uploadRow(site, id), id).toBeUndefined();
    }
    expect(stored).toEqual(expect.arrayContaining([other.file, `${other.file}.json`]));
  });
});

describe("clean-up", () => {
  test("an inquiry past INQUIRY_RETENTION_DAYS takes its file with it; one within keeps its own", async () => {
    await retention.server.waitForLog(/Retention: deleted 1 inquiry/, 15_000);
    await eventually(async () => {
      const stored = await storedNames(retention);
      expect(stored).not.toContain(retention.expiredFile);
      expect(stored).not.toContain(`${retention.expiredFile}.json`);
    });
    expect(await storedNames(retention)).toEqual(
      expect.arrayContaining([retention.keptFile, `${retention.keptFile}.json`]),
    );
  });

  test("the sweep deletes uploads unsent for a day and keeps fresh ones and those sent with a request", async () => {
    const db = await openTestStore("artwork-sweep");
    const folder = await mkdtemp(path.join(tmpdir(), "artwork-sweep-"));
    try {
      let clock = Date.now() - 25 * 60 * 60 * 1000;
      const storage = await openFileStorage({ folder: path.join(folder, "artwork") });
      const artwork = createArtwork({ db, storage, limits: limitsFor(folder), words: artworkText, now: () => clock });
      const stale = await receive(artwork, storage, "abandoned.pdf", pdf());
      const sent = await receive(artwork, storage, "sent.pdf", pdf());
      await createInquiryStore(db).save({ ...inquiryDetails(goodFields()), files: [sent] });
      clock = Date.now();
      const fresh = await receive(artwork, storage, "fresh.pdf", pdf());
      const inFolder = () => readdir(path.join(folder, "artwork"));

      expect(await artwork.sweep()).toBe(1);
      expect(await inFolder()).not.toContain(stale);
      expect(await inFolder()).not.toContain(`${stale}.json`);
      expect(await inFolder()).toEqual(expect.arrayContaining([fresh, `${fresh}.json`, sent, `${sent}.json`]));

      // A day on, the fresh one is stale too; the one sent with a request is the inquiry's to keep.
      clock += 25 * 60 * 60 * 1000;
      expect(await artwork.sweep()).toBe(1);
      expect((await inFolder()).sort()).toEqual([sent, `${sent}.json`].sort());
    } finally {
      await db.remove();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
