import { createHash, randomBytes } from "node:crypto";
import { once } from "node:events";
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { connect, createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { createInquiryStore } from "../../../app/server/contact/inquiries.server.ts";
import { inquiryDetails } from "../../../app/server/contact/submission.server.ts";
import type { StoreLocation } from "../../../app/server/store/db.server.ts";
import { openStore } from "../../../app/server/store/open-store.server.ts";
import { type Artwork, createArtwork } from "../../../app/server/uploads/artwork.server.ts";
import { type FileStorage, openFileStorage } from "../../../app/server/uploads/file-storage.server.ts";
import { receiveWholeFile } from "../../../app/server/uploads/whole-file.server.ts";
import { artworkText } from "../../../app/site/content/artwork.ts";
import { type SiteServer, startSite } from "../../support/start-site.ts";
import { eventually, goodFields, readRow, referenceOf } from "./contact-form.ts";
import { client, postQuote } from "./quote-posts.ts";
import { cakeRequest } from "./quote-request.ts";

// Files kept in a folder go with a SQLite store only (with DATABASE_URL every
// instance must share a bucket: artwork-bucket.test.ts), so these servers run
// on SQLite whatever TEST_STORE says; the module-level clean-up test at the end
// uses the engine under test.

export const buildDir = inject("siteBuildDir");
export const MB = 1024 * 1024;
export const DAY = 24 * 60 * 60 * 1000;

/** Where a server keeps its data: the folder (artwork in <dataDir>/artwork) and its SQLite file. */
export type Place = { dataDir: string; store: StoreLocation };
export type Site = Place & { server: SiteServer; url: string };

export const servers: SiteServer[] = [];
export const folders: string[] = [];

/** The server on a data folder and SQLite file of its own, artwork in <dataDir>/artwork. */
export async function startOwnSite(
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
export let site: Site;
/** No trusted proxy, files up to 1 MB and 1 MB of unsent files per client. */
export let strict: Site;
/** 1 GB for every file together, and files and clients allowed more than that. */
export let nearlyFull: Site;
/** Started on a store holding an inquiry past INQUIRY_RETENTION_DAYS and one within it, each with a file. */
export let retention: Site & { expiredFile: string; keptFile: string };

type SiteName = "site" | "strict" | "nearlyFull" | "retention";

/**
 * Starts the servers a file's tests use, together, before its tests, and stops
 * them after; the others stay unset. The retention server's first clean-up
 * runs 5 s after it starts, while the file's tests do.
 */
export function startArtworkSites(...names: SiteName[]): void {
  beforeAll(async () => {
    const starting: Record<SiteName, () => Promise<void>> = {
      site: async () => {
        site = await startOwnSite("site", { TRUST_PROXY: "1", FORM_MIN_FILL_SECONDS: "0" });
      },
      strict: async () => {
        strict = await startOwnSite("strict", { UPLOAD_MAX_FILE_MB: "1", UPLOAD_CLIENT_QUOTA_MB: "1" });
      },
      nearlyFull: async () => {
        nearlyFull = await startOwnSite("full", {
          UPLOAD_QUOTA_GB: "1",
          UPLOAD_MAX_FILE_MB: "5000",
          UPLOAD_CLIENT_QUOTA_MB: "100000",
        });
      },
      retention: async () => {
        let expiredFile = "";
        let keptFile = "";
        const started = await startOwnSite("retention", { INQUIRY_RETENTION_DAYS: "90" }, async (place) => {
          [expiredFile = "", keptFile = ""] = await storeInquiriesWithFiles(place, [91, 89]);
        });
        retention = { ...started, expiredFile, keptFile };
      },
    };
    await Promise.all(names.map((name) => starting[name]()));
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
  });
}

export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** A small but real PDF; the marker makes its bytes recognisable in an answer that must not hold them. */
export function pdf(marker = randomBytes(8).toString("hex")): Buffer {
  return Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${marker}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
}

/** A Windows program's first bytes (the MZ header), whatever its name says. */
export function program(): Buffer {
  return Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]), randomBytes(16 * 1024)]);
}

export const cdr = await readFile(path.join(import.meta.dirname, "../../fixtures/artwork/sample.cdr"));
export const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#c0392b" } })
  .png()
  .toBuffer();

/** What is kept in a server's artwork folder: each file by its id, and its metadata beside it (<id>.json). */
export async function storedNames(target: Place): Promise<string[]> {
  return readdir(path.join(target.dataDir, "artwork")).catch(() => []);
}

export function storedFile(target: Site, id: string): Promise<Buffer> {
  return readFile(path.join(target.dataDir, "artwork", id));
}

export type UploadRow = {
  name: string;
  size: number;
  kind: string | null;
  sha256: string | null;
  inquiry_id: number | null;
  completed_at: number | null;
  discarded_at: number | null;
};

export function uploadRow(target: Site, id: string): Promise<UploadRow | undefined> {
  return readRow<UploadRow>(
    target.store,
    "SELECT name, size, kind, sha256, inquiry_id, completed_at, discarded_at FROM uploads WHERE id = ?",
    [id],
  );
}

export async function idOfName(target: Site, name: string): Promise<string | undefined> {
  return (await readRow<{ id: string }>(target.store, "SELECT id FROM uploads WHERE name = ?", [name]))?.id;
}

export async function filesOfInquiry(target: Site, reference: string) {
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

export const tus = { "Tus-Resumable": "1.0.0" };
export const base64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

export type NewUpload = { token?: string; name?: string; length: number | "deferred" };

export function createUpload(base: string, upload: NewUpload, headers: Record<string, string> = {}): Promise<Response> {
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
export function addressOf(base: string, created: Response): string {
  expect(created.status, "the upload is created").toBe(201);
  return new URL(created.headers.get("location") ?? "", base).href;
}

export const idIn = (address: string) => address.split("/").pop() ?? "";

export function patch(address: string, offset: number, bytes: Uint8Array, headers: Record<string, string> = {}) {
  return fetch(address, {
    method: "PATCH",
    headers: { ...tus, "Content-Type": "application/offset+octet-stream", "Upload-Offset": String(offset), ...headers },
    body: new Uint8Array(bytes),
  });
}

/** A whole file in one piece, as tus-js-client sends a small one; answers its id. */
export async function uploadFile(target: Site, token: string, name: string, bytes: Buffer): Promise<string> {
  const address = addressOf(target.url, await createUpload(target.url, { token, name, length: bytes.length }));
  const sent = await patch(address, 0, bytes);
  expect(sent.status, `${name} is received`).toBe(204);
  return idIn(address);
}

/** Sends a request with files already uploaded; answers its reference. */
export async function sendQuote(target: Site, token: string, uploads: string[]): Promise<string> {
  const response = await postQuote(target, cakeRequest(token, uploads), client());
  const reference = referenceOf(response);
  if (response.status !== 303 || !reference) {
    throw new Error(`The quote request was not taken: ${response.status} ${await response.text()}`);
  }
  return reference;
}

export type CountingProxy = { url: string; sentBytes(): number; close(): Promise<void> };

/** A TCP proxy on 127.0.0.1 in front of the site, counting every byte clients send through it. */
export async function countingProxy(target: string): Promise<CountingProxy> {
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
export async function sendThenLoseConnection(address: string, total: number, piece: Buffer, written: string) {
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
export function tableRowOf(html: string, text: string): string {
  const rows = html.match(/<tr>(?:(?!<\/tr>)[\s\S])*<\/tr>/g) ?? [];
  const found = rows.filter((row) => row.includes(text));
  expect(found, `one row with ${text}`).toHaveLength(1);
  return found[0] ?? "";
}

export function asStaff(target: Site, pathname: string, cookie?: string, init: RequestInit = {}) {
  return fetch(`${target.url}${pathname}`, { ...init, headers: cookie ? { cookie } : {}, redirect: "manual" });
}

export const limitsFor = (dataDir: string) => ({
  maxFileBytes: 10 * MB,
  maxFiles: 10,
  clientQuotaBytes: 100 * MB,
  totalQuotaBytes: 1024 * MB,
  idleMs: 60 * 60 * 1000,
  incomingFolder: path.join(dataDir, "artwork-incoming"),
});

/** A file received as the server receives one, outside any server; answers its id. */
export async function receive(artwork: Artwork, storage: FileStorage, name: string, bytes: Buffer): Promise<string> {
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
export async function storeInquiriesWithFiles(target: Place, daysAgo: number[]): Promise<string[]> {
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

/** What an upload counts against the quotas now. */
export async function heldBy(target: Site, id: string): Promise<number> {
  return Number((await readRow<{ held: number }>(target.store, "SELECT held FROM uploads WHERE id = ?", [id]))?.held);
}

/**
 * A PATCH whose headers announce `length` bytes, of which none are sent: the
 * server decides on the piece from its headers alone. Answers the socket, and
 * the answer if one comes before the bytes.
 */
export async function pieceAnnounced(address: string, length: number) {
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
