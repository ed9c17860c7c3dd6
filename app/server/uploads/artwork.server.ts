import { createHash, randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import { artworkText } from "../../site/content/artwork.ts";
import { forgetChecks } from "../previews/artwork-checks.server.ts";
import type { UploadSettings } from "../settings/site-settings.server.ts";
import { type Database, placeholders } from "../store/db.server.ts";
import { ARTWORK_HEAD_BYTES, type ArtworkKind, detectArtworkKind } from "./artwork-kind.server.ts";
import { nameForKind } from "./file-name.ts";
import type { FileStorage } from "./file-storage.server.ts";

/** A file as staff and the buyer see it: its name as sent (with its kind's extension), what it really is, and its fingerprint. */
export type ArtworkFile = {
  id: string;
  name: string;
  size: number;
  kind: ArtworkKind;
  sha256: string;
};

/** Why a file was not taken, as the HTTP status and the words to show. */
export type ArtworkProblem = { status: 400 | 403 | 404 | 413 | 415 | 429 | 507; message: string };

export type NewUpload = { id: string; formNonce: string; clientKey: string; name: string; size: number };

const DAY_MS = 24 * 60 * 60 * 1000;
/** An upload not sent with a request within this long is deleted. */
export const UNSENT_KEPT_MS = DAY_MS;

export type Artwork = ReturnType<typeof createArtwork>;

/** A new file's id: random, so that its address cannot be guessed (and it names the file in storage). */
export function newUploadId(): string {
  return randomBytes(16).toString("hex");
}

export const UPLOAD_ID_PATTERN = /^[0-9a-f]{32}$/;

/**
 * The artwork files of quote requests: the limits a new one must fit, what
 * it turns out to be once all of it has arrived, the files of an inquiry, and
 * the clean-up of files nobody needs any more. The rows live in the store;
 * the bytes in storage (file-storage.server.ts).
 */
export function createArtwork(options: {
  db: Database;
  storage: FileStorage;
  limits: Omit<UploadSettings, "storage">;
  now?: () => number;
}) {
  const { db, storage, limits, now = Date.now } = options;

  /** Bytes still held (not yet deleted), of one client's unsent uploads, or of everything. */
  async function bytesHeld(clientKey?: string): Promise<number> {
    const row = clientKey
      ? await db.get<{ bytes: number | string | null }>(
          "SELECT SUM(size) AS bytes FROM uploads WHERE client_key = ? AND inquiry_id IS NULL AND discarded_at IS NULL",
          [clientKey],
        )
      : await db.get<{ bytes: number | string | null }>(
          "SELECT SUM(size) AS bytes FROM uploads WHERE discarded_at IS NULL",
        );
    return Number(row?.bytes ?? 0);
  }

  return {
    limits,

    /**
     * Records a new upload when it fits every limit: the file's size, the
     * number of files of one form, the client's unsent bytes and all the bytes
     * stored; otherwise says which limit it meets.
     */
    async admit(upload: NewUpload): Promise<ArtworkProblem | undefined> {
      if (upload.size > limits.maxFileBytes) {
        return { status: 413, message: artworkText.tooLarge(upload.name, limits.maxFileBytes) };
      }
      const files = await db.get<{ n: number | string }>(
        "SELECT COUNT(*) AS n FROM uploads WHERE form_nonce = ? AND discarded_at IS NULL",
        [upload.formNonce],
      );
      if (Number(files?.n ?? 0) >= limits.maxFiles) {
        return { status: 413, message: artworkText.tooMany(limits.maxFiles) };
      }
      if ((await bytesHeld(upload.clientKey)) + upload.size > limits.clientQuotaBytes) {
        return { status: 429, message: artworkText.clientQuota };
      }
      if ((await bytesHeld()) + upload.size > limits.totalQuotaBytes) {
        return { status: 507, message: artworkText.storageFull };
      }
      await db.run(
        `INSERT INTO uploads (id, form_nonce, client_key, name, size, created_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
        [upload.id, upload.formNonce, upload.clientKey, upload.name, upload.size, now()],
      );
      return undefined;
    },

    /** An upload still open to more bytes or to being cancelled: recorded, not sent with a request, not refused. */
    async isOpen(id: string): Promise<boolean> {
      const row = await db.get(
        "SELECT id FROM uploads WHERE id = ? AND inquiry_id IS NULL AND discarded_at IS NULL AND completed_at IS NULL",
        [id],
      );
      return row !== undefined;
    },

    /**
     * Reads a whole received file once: its kind from its first bytes, and
     * its SHA-256. A file of a kind not taken is deleted at once, and the
     * problem names it.
     */
    async inspect(id: string): Promise<ArtworkFile | ArtworkProblem> {
      const row = await db.get<{ name: string; size: number | string }>(
        "SELECT name, size FROM uploads WHERE id = ? AND discarded_at IS NULL",
        [id],
      );
      if (!row) return { status: 404, message: artworkText.gone };
      const { head, sha256 } = await fingerprint(await storage.read(id));
      return this.record(id, row.name, Number(row.size), head, sha256);
    },

    /** Records what a received file is, or refuses and deletes it. */
    async record(
      id: string,
      name: string,
      size: number,
      head: Uint8Array,
      sha256: string,
    ): Promise<ArtworkFile | ArtworkProblem> {
      const kind = await detectArtworkKind(head);
      if (!kind) {
        await this.discard(id);
        await storage.remove(id).catch(() => undefined);
        return { status: 415, message: artworkText.wrongKind(name) };
      }
      await db.run("UPDATE uploads SET kind = ?, sha256 = ?, size = ?, completed_at = ? WHERE id = ?", [
        kind,
        sha256,
        size,
        now(),
        id,
      ]);
      return { id, name: nameForKind(name, kind), size, kind, sha256 };
    },

    /** A file given up on: its row marks its bytes, wherever they got to, for the clean-up. */
    async discard(id: string): Promise<void> {
      await db.run("UPDATE uploads SET discarded_at = ? WHERE id = ?", [now(), id]);
    },

    /** A cancelled upload: its bytes are already gone from storage. */
    async forget(id: string): Promise<void> {
      await db.run("DELETE FROM uploads WHERE id = ? AND inquiry_id IS NULL", [id]);
    },

    /** The received, unsent files among these ids, in the order given: what a refused form still holds. */
    async waiting(ids: readonly string[]): Promise<ArtworkFile[]> {
      if (ids.length === 0) return [];
      const rows = await db.all<FileRow>(
        `SELECT id, name, size, kind, sha256 FROM uploads
         WHERE id IN ${placeholders(ids)} AND inquiry_id IS NULL AND discarded_at IS NULL AND completed_at IS NOT NULL`,
        ids,
      );
      return ids.flatMap((id) => rows.filter((row) => row.id === id).map(fileOf));
    },

    /** The files sent with an inquiry, in the order they were chosen. */
    async filesOf(inquiryId: number): Promise<ArtworkFile[]> {
      const rows = await db.all<FileRow>(
        `SELECT id, name, size, kind, sha256 FROM uploads
         WHERE inquiry_id = ? AND discarded_at IS NULL ORDER BY created_at, id`,
        [inquiryId],
      );
      return rows.map(fileOf);
    },

    /** One file of an inquiry, for a staff download; undefined when it is not that inquiry's. */
    async fileOf(inquiryId: number, id: string): Promise<ArtworkFile | undefined> {
      const row = await db.get<FileRow>(
        "SELECT id, name, size, kind, sha256 FROM uploads WHERE id = ? AND inquiry_id = ? AND discarded_at IS NULL",
        [id, inquiryId],
      );
      return row && fileOf(row);
    },

    read: (id: string) => storage.read(id),

    /**
     * Deletes the bytes of every file nobody needs: those of erased or expired
     * inquiries and refused files (marked discarded), and uploads not sent
     * with a request within a day. The row goes only once its bytes are gone,
     * so a failure is tried again on the next run. Answers how many went.
     */
    async sweep(): Promise<number> {
      const rows = await db.all<{ id: string }>(
        `SELECT id FROM uploads
         WHERE discarded_at IS NOT NULL OR (inquiry_id IS NULL AND created_at < ?)`,
        [now() - UNSENT_KEPT_MS],
      );
      let removed = 0;
      for (const { id } of rows) {
        try {
          await storage.remove(id);
          await forgetChecks(db, [id]);
          await db.run("DELETE FROM uploads WHERE id = ? AND (discarded_at IS NOT NULL OR inquiry_id IS NULL)", [id]);
          removed++;
        } catch {
          // Storage out of reach: the row stays, and the next run tries again.
        }
      }
      return removed;
    },
  };
}

type FileRow = { id: string; name: string; size: number | string; kind: ArtworkKind; sha256: string };

function fileOf(row: FileRow): ArtworkFile {
  return {
    id: row.id,
    name: nameForKind(row.name, row.kind),
    size: Number(row.size),
    kind: row.kind,
    sha256: row.sha256,
  };
}

/** The first bytes and the SHA-256 of a stream, read once. */
export async function fingerprint(stream: Readable): Promise<{ head: Uint8Array; sha256: string; size: number }> {
  const hash = createHash("sha256");
  const head: Buffer[] = [];
  let headBytes = 0;
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
    if (headBytes < ARTWORK_HEAD_BYTES) {
      head.push(chunk.subarray(0, ARTWORK_HEAD_BYTES - headBytes));
      headBytes += Math.min(chunk.length, ARTWORK_HEAD_BYTES - headBytes);
    }
  }
  return { head: Buffer.concat(head), sha256: hash.digest("hex"), size };
}
