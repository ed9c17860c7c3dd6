import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { deleteExpiredInquiries } from "../../app/server/inbox/retention.server.ts";
import { openStore } from "../../app/server/store/open-store.server.ts";
import { createArtwork } from "../../app/server/uploads/artwork.server.ts";
import { openFileStorage } from "../../app/server/uploads/file-storage.server.ts";
import { artworkText } from "../../app/site/content/artwork.ts";
import { startTestS3, type TestS3 } from "../support/s3-server.ts";
import { type SiteServer, startSite } from "../support/start-site.ts";
import { newTestStoreLocation, type TestStoreLocation } from "../support/test-store.ts";
import { cakeRequest } from "./support/quote-request.ts";

// The same uploads as with the folder, into an S3-compatible bucket (s3rver on
// 127.0.0.1): what several instances behind the proxy share.

const buildDir = inject("siteBuildDir");
const MB = 1024 * 1024;

let s3: TestS3;
let dataDir: string;
let store: TestStoreLocation;
let server: SiteServer;

beforeAll(async () => {
  s3 = await startTestS3();
  dataDir = await mkdtemp(path.join(tmpdir(), "artwork-bucket-"));
  store = await newTestStoreLocation("artwork-bucket");
  server = await startSite({ buildDir, dataDir, env: { ...store.env, ...s3.env, UPLOADS: "1" } });
});

afterAll(async () => {
  await server?.stop();
  await store?.remove();
  await s3?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

async function formToken(): Promise<string> {
  const html = await (await fetch(`${server.url}/quote?service=cake`)).text();
  const token = /name="form_token" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error("No form token on the quote page");
  return token;
}

const tus = { "Tus-Resumable": "1.0.0" };
const b64 = (text: string) => Buffer.from(text).toString("base64");

test("two pieces of one upload through two instances at once: one is refused (423), the file ends whole", async () => {
  // A second instance on the same store and bucket, as behind the proxy.
  const otherDir = await mkdtemp(path.join(tmpdir(), "artwork-bucket-other-"));
  const other = await startSite({ buildDir, dataDir: otherDir, env: { ...store.env, ...s3.env, UPLOADS: "1" } });
  const db = await openStore(store.location);
  try {
    const file = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(2 * MB)]);
    const url = await createUpload(await formToken(), "both-ways.pdf", file.length);
    const id = url.split("/").pop() ?? "";
    // The first piece arrives slowly through this instance, and holds the upload while it does.
    let push: (bytes: Uint8Array | null) => void = () => undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (bytes) => (bytes ? controller.enqueue(bytes) : controller.close());
      },
    });
    const first = fetch(url, {
      method: "PATCH",
      headers: { ...tus, "Content-Type": "application/offset+octet-stream", "Upload-Offset": "0" },
      body,
      duplex: "half",
    } as RequestInit);
    push(new Uint8Array(file.subarray(0, MB)));
    await expect
      .poll(
        async () =>
          (await db.get<{ lease_token: string | null }>("SELECT lease_token FROM uploads WHERE id = ?", [id]))
            ?.lease_token,
        { timeout: 20_000 },
      )
      .toBeTruthy();

    const second = await patch(url.replace(server.url, other.url), 0, file);
    expect(second.status).toBe(423);

    push(new Uint8Array(file.subarray(MB)));
    push(null);
    expect((await first).status).toBe(204);
    const row = await db.get<{ sha256: string; size: number | string }>(
      "SELECT sha256, size FROM uploads WHERE id = ?",
      [id],
    );
    expect(row?.sha256).toBe(createHash("sha256").update(file).digest("hex"));
    expect(Number(row?.size)).toBe(file.length);
  } finally {
    await db.close();
    await other.stop();
    await rm(otherDir, { recursive: true, force: true });
  }
});

async function createUpload(token: string, name: string, size: number): Promise<string> {
  const created = await fetch(`${server.url}/quote/uploads`, {
    method: "POST",
    headers: { ...tus, "Upload-Length": String(size), "Upload-Metadata": `filename ${b64(name)},token ${b64(token)}` },
  });
  expect(created.status).toBe(201);
  return new URL(created.headers.get("location") ?? "", server.url).href;
}

function patch(url: string, offset: number, bytes: Buffer): Promise<Response> {
  return fetch(url, {
    method: "PATCH",
    headers: { ...tus, "Content-Type": "application/offset+octet-stream", "Upload-Offset": String(offset) },
    body: new Uint8Array(bytes),
  });
}

test("a file sent in pieces, cut and resumed, ends whole in the bucket, checked and fingerprinted", async () => {
  // Two pieces above S3's smallest part (5 MB), and a short last one.
  const file = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(12 * MB)]);
  const url = await createUpload(await formToken(), "brochure.pdf", file.length);
  const id = url.split("/").pop() ?? "";

  expect((await patch(url, 0, file.subarray(0, 6 * MB))).status).toBe(204);
  // The connection broke: the page asks where the upload stands and sends the rest from there.
  const head = await fetch(url, { method: "HEAD", headers: tus });
  expect(Number(head.headers.get("upload-offset"))).toBe(6 * MB);
  const rest = await patch(url, 6 * MB, file.subarray(6 * MB));
  expect(rest.status).toBe(204);
  expect(Number(rest.headers.get("upload-offset"))).toBe(file.length);

  expect(s3.keys()).toContain(id);
  const storage = await openFileStorage(storageOf(s3));
  const stored: Buffer[] = [];
  for await (const chunk of await storage.read(id)) stored.push(chunk as Buffer);
  expect(createHash("sha256").update(Buffer.concat(stored)).digest("hex")).toBe(
    createHash("sha256").update(file).digest("hex"),
  );
  // Never served back at its upload address.
  const get = await fetch(url);
  expect(get.status).toBe(404);
  expect(get.headers.get("content-type")).toMatch(/^text\/html/);
});

test("a file of a kind not taken is refused by name once it arrives, and its bytes leave the bucket", async () => {
  const program = Buffer.concat([Buffer.from("MZ\x90\x00"), randomBytes(64 * 1024)]);
  const url = await createUpload(await formToken(), "invoice.pdf", program.length);
  const id = url.split("/").pop() ?? "";
  const answer = await patch(url, 0, program);
  expect(answer.status).toBe(415);
  expect(await answer.text()).toContain("“invoice.pdf” is not a file we can take");
  expect(s3.keys()).not.toContain(id);
});

test("the clean-up deletes from the bucket what nobody needs: an upload unsent after a day", async () => {
  const file = Buffer.from("%PDF-1.4\n%%EOF\n");
  const url = await createUpload(await formToken(), "old.pdf", file.length);
  const id = url.split("/").pop() ?? "";
  expect((await patch(url, 0, file)).status).toBe(204);
  expect(s3.keys()).toContain(id);

  const db = await openStore(store.location);
  try {
    const storage = await openFileStorage(storageOf(s3));
    const tomorrow = () => Date.now() + 25 * 60 * 60 * 1000;
    expect(
      await createArtwork({ db, storage, limits: limits(), words: artworkText, now: tomorrow }).sweep(),
    ).toBeGreaterThanOrEqual(1);
  } finally {
    await db.close();
  }
  expect(s3.keys().filter((key) => key.startsWith(id))).toEqual([]);
});

test("retention deletes a sent request's files from the bucket with the inquiry", async () => {
  const token = await formToken();
  const file = Buffer.from("%PDF-1.4\nlid artwork\n%%EOF\n");
  const url = await createUpload(token, "lid.pdf", file.length);
  const id = url.split("/").pop() ?? "";
  expect((await patch(url, 0, file)).status).toBe(204);
  const sent = await fetch(`${server.url}/quote?service=cake`, {
    method: "POST",
    body: new URLSearchParams(cakeRequest(token, [id])).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    redirect: "manual",
  });
  expect(sent.status).toBe(303);
  expect(s3.keys()).toContain(id);

  const db = await openStore(store.location);
  try {
    // The day the inquiry is past its time, as the server's daily run would find it.
    const later = new Date(Date.now() + 800 * 24 * 60 * 60 * 1000);
    expect((await deleteExpiredInquiries(db, { retentionDays: 730 }, later)).expired).toBeGreaterThanOrEqual(1);
    const storage = await openFileStorage(storageOf(s3));
    await createArtwork({ db, storage, limits: limits(), words: artworkText }).sweep();
  } finally {
    await db.close();
  }
  expect(s3.keys().filter((key) => key.startsWith(id))).toEqual([]);
});

/** What the clean-up is given beside the store and the bucket; it reads none of it. */
function limits() {
  return {
    maxFileBytes: MB,
    maxFiles: 10,
    clientQuotaBytes: MB,
    totalQuotaBytes: MB,
    idleMs: 60 * 60 * 1000,
    incomingFolder: dataDir,
  };
}

function storageOf(testS3: TestS3) {
  return {
    bucket: testS3.env.S3_BUCKET ?? "",
    endpoint: testS3.env.S3_ENDPOINT,
    region: "us-east-1",
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    forcePathStyle: true,
  };
}
