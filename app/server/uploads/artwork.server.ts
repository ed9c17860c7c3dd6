import { createHash, randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import { clientKey, networkKey } from "../contact/rate-limit.server.ts";
import { forgetChecks } from "../previews/artwork-checks.server.ts";
import type { UploadSettings } from "../settings/site-settings.server.ts";
import { type Database, placeholders, type Queries } from "../store/db.server.ts";
import { ARTWORK_HEAD_BYTES, detectArtworkKind } from "./artwork-kind.server.ts";
import type { ArtworkKind, ArtworkRefusalWords } from "./artwork-kinds.ts";
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

/**
 * Who sends a file: the client (an IPv4 address or an IPv6 /64), and the
 * network its quotas are counted on: the same for IPv4, the /48 for IPv6, so
 * that one holder of a /48 cannot spread their uploads over 65,536 /64s.
 */
export type Uploader = { clientKey: string; networkKey: string };

export function uploaderOf(address: string): Uploader {
  const client = clientKey(address);
  return { clientKey: client, networkKey: client.endsWith("::/64") ? networkKey(address) : client };
}

/** The form a file belongs to: its token's nonce, and who sent it. */
export type UploadOwner = Uploader & { formNonce: string };

export type NewUpload = UploadOwner & {
  id: string;
  name: string;
  size: number;
  /** What it counts against the quotas from the start: an open upload's allowance, or the bytes on their way. */
  reserve: number;
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** An upload not sent with a request within this long is deleted. */
export const UNSENT_KEPT_MS = DAY_MS;

/**
 * What an open upload counts against the quotas beyond the bytes it holds:
 * enough that a stranger's many empty uploads still add up, small enough that
 * a length declared and never sent takes no room.
 */
export const OPEN_UPLOAD_ALLOWANCE_BYTES = 1024 * 1024;

/** Uploads of one client open at once (created, not finished): two forms' worth. */
export const openUploadsPerClient = (maxFiles: number) => 2 * maxFiles;

/**
 * Every admission and reservation takes this PostgreSQL lock, so that the
 * quotas are counted and the new bytes written as one step, never two
 * instances at once (SQLite's write transaction already runs one at a time).
 */
const QUOTA_LOCK = 0x4172_7477; // "Artw"

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
  /** What a refused file is refused with, in the quote form's words. */
  words: ArtworkRefusalWords;
  now?: () => number;
}) {
  const { db, storage, limits, words, now = Date.now } = options;

  /** Bytes counted against the quotas: of one network's unsent uploads, or of everything kept. */
  async function bytesHeld(tx: Queries, network?: string): Promise<number> {
    const row = network
      ? await tx.get<{ bytes: number | string | null }>(
          "SELECT SUM(held) AS bytes FROM uploads WHERE network_key = ? AND inquiry_id IS NULL AND discarded_at IS NULL",
          [network],
        )
      : await tx.get<{ bytes: number | string | null }>(
          "SELECT SUM(held) AS bytes FROM uploads WHERE discarded_at IS NULL",
        );
    return Number(row?.bytes ?? 0);
  }

  /** The quota that `more` bytes on this network would go past, if any. */
  async function quotaProblem(tx: Queries, network: string, more: number): Promise<ArtworkProblem | undefined> {
    if ((await bytesHeld(tx, network)) + more > limits.clientQuotaBytes) {
      return { status: 429, message: words.clientQuota };
    }
    if ((await bytesHeld(tx)) + more > limits.totalQuotaBytes) {
      return { status: 507, message: words.storageFull };
    }
    return undefined;
  }

  /** Counts and writes as one step: a write transaction, and on PostgreSQL the quotas' lock. */
  function counted<T>(work: (tx: Queries) => Promise<T>): Promise<T> {
    return db.transaction(
      async (tx) => {
        if (db.engine === "postgres") await tx.get("SELECT pg_advisory_xact_lock(?)", [QUOTA_LOCK]);
        return work(tx);
      },
      { isolation: "read-committed" },
    );
  }

  return {
    limits,
    words,

    /**
     * Records a new upload when it fits every limit: the file's size, the
     * number of files of one form, the client's open uploads, the client's
     * unsent bytes and all the bytes stored; otherwise says which limit it
     * meets. The counting and the new row are one step, so uploads created
     * at once, on any instance, cannot together pass a limit.
     */
    async admit(upload: NewUpload): Promise<ArtworkProblem | undefined> {
      if (upload.size > limits.maxFileBytes) {
        return { status: 413, message: words.tooLarge(upload.name, limits.maxFileBytes) };
      }
      if (upload.size > limits.clientQuotaBytes) return { status: 429, message: words.clientQuota };
      return counted(async (tx) => {
        const files = await tx.get<{ n: number | string }>(
          "SELECT COUNT(*) AS n FROM uploads WHERE form_nonce = ? AND discarded_at IS NULL",
          [upload.formNonce],
        );
        if (Number(files?.n ?? 0) >= limits.maxFiles) {
          return { status: 413, message: words.tooMany(limits.maxFiles) };
        }
        const open = await tx.get<{ n: number | string }>(
          `SELECT COUNT(*) AS n FROM uploads
           WHERE network_key = ? AND inquiry_id IS NULL AND discarded_at IS NULL AND completed_at IS NULL`,
          [upload.networkKey],
        );
        if (Number(open?.n ?? 0) >= openUploadsPerClient(limits.maxFiles)) {
          return { status: 429, message: words.clientQuota };
        }
        const problem = await quotaProblem(tx, upload.networkKey, upload.reserve);
        if (problem) return problem;
        const at = now();
        await tx.run(
          `INSERT INTO uploads (id, form_nonce, client_key, network_key, name, size, held, created_at, active_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [
            upload.id,
            upload.formNonce,
            upload.clientKey,
            upload.networkKey,
            upload.name,
            upload.size,
            upload.reserve,
            at,
            at,
          ],
        );
        return undefined;
      });
    },

    /**
     * Before a piece of an open upload is taken: counts the bytes it brings
     * (up to `upTo` in all, never past the declared length) against the
     * quotas, and refuses the piece when they would go past one.
     */
    async reserve(id: string, upTo: number): Promise<ArtworkProblem | undefined> {
      return counted(async (tx) => {
        const row = await tx.get<{ size: number | string; held: number | string; network_key: string }>(
          `SELECT size, held, network_key FROM uploads
           WHERE id = ? AND inquiry_id IS NULL AND discarded_at IS NULL AND completed_at IS NULL`,
          [id],
        );
        if (!row) return { status: 404, message: words.gone };
        const held = Number(row.held);
        const wanted = Math.min(Number(row.size), Math.max(upTo, 0));
        if (wanted > held) {
          const problem = await quotaProblem(tx, row.network_key, wanted - held);
          if (problem) return problem;
        }
        await tx.run("UPDATE uploads SET held = ?, active_at = ? WHERE id = ? AND completed_at IS NULL", [
          Math.max(wanted, held),
          now(),
          id,
        ]);
        return undefined;
      });
    },

    /**
     * After a piece was taken, or cut off: an unfinished upload holds the
     * bytes that arrived and its allowance, no longer what the piece reserved.
     */
    async settle(id: string, received: number): Promise<void> {
      const row = await db.get<{ size: number | string }>(
        "SELECT size FROM uploads WHERE id = ? AND completed_at IS NULL",
        [id],
      );
      if (!row) return;
      const held = Math.min(Number(row.size), received + OPEN_UPLOAD_ALLOWANCE_BYTES);
      await db.run("UPDATE uploads SET held = ?, active_at = ? WHERE id = ? AND completed_at IS NULL", [
        held,
        now(),
        id,
      ]);
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
      if (!row) return { status: 404, message: words.gone };
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
        return { status: 415, message: words.wrongKind(name) };
      }
      const at = now();
      await db.run(
        "UPDATE uploads SET kind = ?, sha256 = ?, size = ?, held = ?, completed_at = ?, active_at = ? WHERE id = ?",
        [kind, sha256, size, size, at, at, id],
      );
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

    /**
     * The received, unsent files among these ids that were uploaded with
     * this form (its token's nonce, which only the page that holds the form
     * knows), in the order given: what a refused form still holds, and all a
     * request may be sent with. An id alone is no key to a file. The client's
     * address is not asked to match: a phone changes it between files.
     */
    async waiting(ids: readonly string[], formNonce: string): Promise<ArtworkFile[]> {
      if (ids.length === 0) return [];
      const rows = await db.all<FileRow>(
        `SELECT id, name, size, kind, sha256 FROM uploads
         WHERE id IN ${placeholders(ids)} AND form_nonce = ?
           AND inquiry_id IS NULL AND discarded_at IS NULL AND completed_at IS NOT NULL`,
        [...ids, formNonce],
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
     * inquiries and refused files (marked discarded), uploads not sent with
     * a request within a day, and unfinished ones left idle (no piece on its
     * way, none for limits.idleMs). The row goes only once its bytes are gone,
     * so a failure is tried again on the next run. Answers how many went.
     */
    async sweep(): Promise<number> {
      const at = now();
      const rows = await db.all<{ id: string }>(
        `SELECT id FROM uploads
         WHERE discarded_at IS NOT NULL OR (inquiry_id IS NULL AND created_at < ?)
            OR (inquiry_id IS NULL AND completed_at IS NULL AND active_at < ? AND (lease_until IS NULL OR lease_until < ?))`,
        [at - UNSENT_KEPT_MS, at - limits.idleMs, at],
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

// The name is read as the buyer gave it and shown with the extension of what the file is,
// so that rows stored before that rule show and download under a safe name too.
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
