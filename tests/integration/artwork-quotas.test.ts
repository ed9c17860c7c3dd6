import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { type Artwork, createArtwork, type NewUpload, newUploadId } from "../../app/server/uploads/artwork.server.ts";
import { type FileStorage, openFileStorage } from "../../app/server/uploads/file-storage.server.ts";
import { artworkText } from "../../app/site/content/artwork.ts";
import { openTestStore } from "../support/test-store.ts";

// The quotas as the store keeps them, on the engine under test (TEST_STORE):
// many uploads admitted at once, as from many requests on several instances.

const MB = 1024 * 1024;
const HOUR = 60 * 60 * 1000;

let db: Awaited<ReturnType<typeof openTestStore>>;
let folder: string;
let storage: FileStorage;
let clock: number;

// One folder for the file: the tus store checks its folder from a callback after it
// is made, which would throw if a test's clean-up had just removed the folder.
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "artwork-quotas-"));
  storage = await openFileStorage({ folder: path.join(folder, "artwork") });
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

beforeEach(async () => {
  db = await openTestStore("artwork-quotas");
  clock = Date.now();
});

afterEach(async () => {
  await db.remove();
});

function artworkWith(limits: { clientQuotaBytes?: number; totalQuotaBytes?: number; maxFiles?: number }) {
  return createArtwork({
    db,
    storage,
    words: artworkText,
    limits: {
      maxFileBytes: 100 * MB,
      maxFiles: limits.maxFiles ?? 10,
      clientQuotaBytes: limits.clientQuotaBytes ?? 1000 * MB,
      totalQuotaBytes: limits.totalQuotaBytes ?? 10_000 * MB,
      idleMs: HOUR,
      incomingFolder: path.join(folder, "incoming"),
    },
    now: () => clock,
  });
}

const nonce = () => randomBytes(12).toString("base64url");

function upload(about: Partial<NewUpload> & { size: number }): NewUpload {
  return {
    id: newUploadId(),
    formNonce: nonce(),
    clientKey: "198.51.100.7",
    networkKey: "198.51.100.7",
    name: "artwork.pdf",
    reserve: about.size,
    ...about,
  };
}

/** What was admitted: how many rows, and the bytes they stand for. */
async function admitted(): Promise<{ files: number; bytes: number }> {
  const row = await db.get<{ files: number | string; bytes: number | string | null }>(
    "SELECT COUNT(*) AS files, SUM(size) AS bytes FROM uploads",
  );
  return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
}

async function allAtOnce(artwork: Artwork, uploads: NewUpload[]) {
  return Promise.all(uploads.map((one) => artwork.admit(one)));
}

describe("uploads created at once", () => {
  test("30 files of 4 MB against a 50 MB client quota: at most 12 are taken, 48 MB", async () => {
    const artwork = await artworkWith({ clientQuotaBytes: 50 * MB, maxFiles: 50 });
    const answers = await allAtOnce(
      artwork,
      Array.from({ length: 30 }, () => upload({ size: 4 * MB })),
    );
    const held = await admitted();
    expect(held).toEqual({ files: 12, bytes: 48 * MB });
    expect(answers.filter((answer) => answer?.status === 429)).toHaveLength(18);
  });

  test("40 files with one form's token: exactly UPLOAD_MAX_FILES (10) are taken", async () => {
    const artwork = await artworkWith({});
    const formNonce = nonce();
    await allAtOnce(
      artwork,
      Array.from({ length: 40 }, () => upload({ size: MB, formNonce })),
    );
    expect((await admitted()).files).toBe(10);
  });

  test("30 files against the total quota from many clients: the total is never passed", async () => {
    const artwork = await artworkWith({ totalQuotaBytes: 50 * MB });
    const answers = await allAtOnce(
      artwork,
      Array.from({ length: 30 }, (_, n) =>
        upload({ size: 4 * MB, clientKey: `203.0.113.${n}`, networkKey: `203.0.113.${n}` }),
      ),
    );
    expect((await admitted()).bytes).toBe(48 * MB);
    expect(answers.filter((answer) => answer?.status === 507)).toHaveLength(18);
  });
});

describe("what an open upload holds", () => {
  test("a declared length takes no room: only the bytes on their way count, and a piece past the quota is refused", async () => {
    const artwork = await artworkWith({ clientQuotaBytes: 10 * MB });
    const big = upload({ size: 8 * MB, reserve: MB });
    expect(await artwork.admit(big)).toBeUndefined();
    // A second 8 MB file fits beside the first while neither has sent its bytes.
    const second = upload({ size: 8 * MB, reserve: MB });
    expect(await artwork.admit(second)).toBeUndefined();
    // The first sends all of it: room for it.
    expect(await artwork.reserve(big.id, 8 * MB)).toBeUndefined();
    // The second's bytes would pass the client's 10 MB: refused before any is taken.
    expect(await artwork.reserve(second.id, 8 * MB)).toMatchObject({ status: 429 });
    // The first was cut off after 2 MB: it holds those and its allowance, and the second fits again.
    await artwork.settle(big.id, 2 * MB);
    expect(await artwork.reserve(second.id, 6 * MB)).toBeUndefined();
  });

  test("a client may hold at most twice UPLOAD_MAX_FILES uploads open at once, counted over its IPv6 /48", async () => {
    const artwork = await artworkWith({ maxFiles: 2 });
    const network = "2001:db8:1::/48";
    for (const n of [1, 2, 3, 4]) {
      const from = { clientKey: `2001:db8:1:${n}::/64`, networkKey: network };
      expect(await artwork.admit(upload({ size: MB, reserve: MB, ...from }))).toBeUndefined();
    }
    const fifth = upload({ size: MB, clientKey: "2001:db8:1:5::/64", networkKey: network });
    expect(await artwork.admit(fifth)).toMatchObject({ status: 429 });
    const elsewhere = upload({ size: MB, clientKey: "2001:db8:2:1::/64", networkKey: "2001:db8:2::/48" });
    expect(await artwork.admit(elsewhere)).toBeUndefined();
  });

  test("an unfinished upload left idle past UPLOAD_IDLE_MINUTES is deleted, row and room; a moving one stays", async () => {
    const artwork = await artworkWith({});
    const idle = upload({ size: 50 * MB, reserve: MB });
    const moving = upload({ size: 50 * MB, reserve: MB });
    expect(await artwork.admit(idle)).toBeUndefined();
    expect(await artwork.admit(moving)).toBeUndefined();
    clock += HOUR - 60_000;
    expect(await artwork.reserve(moving.id, 10 * MB)).toBeUndefined();
    clock += 2 * 60_000;
    expect(await artwork.sweep()).toBe(1);
    expect(await artwork.isOpen(idle.id)).toBe(false);
    expect(await artwork.isOpen(moving.id)).toBe(true);
  });
});
