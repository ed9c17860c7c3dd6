import type { Readable } from "node:stream";
import { recordAudit } from "../inbox/audit.server.ts";
import { type Database, placeholders, type Queries } from "../store/db.server.ts";
import type { FileStorage } from "../uploads/file-storage.server.ts";
import type { Photo, PhotoVariant } from "./photo.ts";
import { decodePhoto, encodeVariant, libraryPhotoId, readPhotoHeader } from "./photo-pipeline.server.ts";
import {
  isPhotoId,
  PHOTO_HEAD_BYTES,
  type PhotoPlace,
  type PhotoRefusal,
  photoFileName,
  photoFileRefusal,
  photoFormatType,
  photoSizeRefusal,
  photosPath,
  readPhotoFileName,
} from "./photo-rules.ts";

/**
 * The photographs the company uploads for its site (a service's, the hero's,
 * the about page's). Each is checked (photo-rules.ts), made once into the
 * files visitors download (photo-pipeline.server.ts), written to the file
 * storage under photos/, and listed in the store (schema step 24). A
 * photograph never changes once saved: its id is the hash its files are
 * named by, so they are cached for a year, and so is its record here.
 */

/** What the library makes of every photograph: AVIF, WebP, and JPEG for browsers that read neither. */
const LIBRARY_FORMATS = ["avif", "webp", "jpeg"] as const;

type LibraryFormat = (typeof LIBRARY_FORMATS)[number];

/** One file made of a photograph, as its row lists it. */
type StoredFile = { format: LibraryFormat; width: number; bytes: number };

/** Where the library's files are kept in the file storage, apart from the artwork there. */
const STORAGE_PREFIX = "photos/";

/** A photograph of the library as the staff area lists it. */
export type LibraryEntry = {
  id: string;
  /** The place it was uploaded for, whose minimum size it met. */
  place: PhotoPlace;
  /** As the site renders it: the same shape as a photograph of the build. */
  photo: Photo;
  /** The name of the file as it was sent (made safe to show). */
  originalName: string;
  /** null once that account is removed. */
  uploadedBy: { id: number; name: string } | null;
  uploadedAt: number;
};

export type PhotoUpload = {
  place: PhotoPlace;
  /** The file's name as sent, for the list; never used to decide anything. */
  name: string;
  bytes: Buffer;
  by: { id: number; email: string };
};

/** A photograph taken into the library, or found there already (the same file for the same place). */
export type SaveOutcome = { saved: LibraryEntry; added: boolean } | PhotoRefusal;

/** One file of a photograph, to send: its type, its size and its bytes as they come from storage. */
export type PhotoFile = { type: string; bytes: number; body: Readable };

export type PhotoLibrary = ReturnType<typeof createPhotoLibrary>;

type PhotoRow = {
  id: string;
  place: string;
  width: number | string;
  height: number | string;
  color: string;
  variants: string;
  original_name: string;
  uploaded_by: number | string | null;
  uploaded_by_name: string | null;
  uploaded_at: number | string;
};

type Known = LibraryEntry & { files: StoredFile[] };

const SELECT_PHOTOS = `
  SELECT p.id, p.place, p.width, p.height, p.color, p.variants, p.original_name, p.uploaded_by,
    s.name AS uploaded_by_name, p.uploaded_at
  FROM photos p
  LEFT JOIN staff s ON s.id = p.uploaded_by`;

export function createPhotoLibrary({
  db,
  storage,
  now = Date.now,
}: {
  db: Database;
  storage: FileStorage;
  now?: () => number;
}) {
  // Records never change once saved (only who uploaded one may be forgotten, by
  // the account's removal), so each instance keeps those it has read.
  const known = new Map<string, Known>();
  // One photograph made at a time: decoded, one takes up to about 200 MB.
  let making: Promise<unknown> = Promise.resolve();

  function remember(row: PhotoRow): Known {
    const entry = fromRow(row);
    known.set(entry.id, entry);
    return entry;
  }

  async function find(ids: readonly string[]): Promise<Map<string, Known>> {
    const found = new Map<string, Known>();
    const missing: string[] = [];
    for (const id of new Set(ids)) {
      const entry = known.get(id);
      if (entry) found.set(id, entry);
      else if (isPhotoId(id)) missing.push(id);
    }
    if (missing.length > 0) {
      const rows = await db.all<PhotoRow>(`${SELECT_PHOTOS} WHERE p.id IN ${placeholders(missing)}`, missing);
      for (const row of rows) found.set(row.id, remember(row));
    }
    return found;
  }

  function make(bytes: Buffer): Promise<{ photo: Awaited<ReturnType<typeof decodePhoto>>; files: Buffer[][] }> {
    const work = making.then(async () => {
      const photo = await decodePhoto(bytes);
      const files: Buffer[][] = [];
      for (const width of photo.widths) {
        files.push(await Promise.all(LIBRARY_FORMATS.map((format) => encodeVariant(photo, width, format))));
      }
      return { photo, files };
    });
    making = work.catch(() => undefined);
    return work;
  }

  async function insert(tx: Queries, entry: Known, by: PhotoUpload["by"]): Promise<boolean> {
    const added = await tx.run(
      `INSERT INTO photos (id, place, width, height, color, variants, original_name, uploaded_by, uploaded_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
      [
        entry.id,
        entry.place,
        entry.photo.width,
        entry.photo.height,
        entry.photo.color,
        JSON.stringify(entry.files),
        entry.originalName,
        by.id,
        entry.uploadedAt,
      ],
    );
    if (added === 0) return false;
    const { width, height } = entry.photo;
    await recordAudit(tx, {
      actor: by.email,
      action: "site photo uploaded",
      detail: `${entry.id} for ${entry.place} (${width} × ${height})`,
    });
    return true;
  }

  return {
    /**
     * Takes a photograph into the library for a place, or says why not: not
     * a JPEG, PNG, WebP or AVIF by its content, too many bytes or pixels, too
     * small for the place. Its files are written before its row, so a record
     * always has its files. The upload is recorded in the audit log.
     */
    async save(upload: PhotoUpload): Promise<SaveOutcome> {
      const { place, bytes } = upload;
      const file = photoFileRefusal(bytes.length, bytes.subarray(0, PHOTO_HEAD_BYTES));
      if ("refusal" in file) return file;
      const header = await readPhotoHeader(bytes);
      if (!header || header.kind !== file.kind) return { refusal: "not-a-photo" };
      const refusal = photoSizeRefusal(place, header);
      if (refusal) return refusal;

      const id = libraryPhotoId(bytes, place);
      const already = (await find([id])).get(id);
      if (already) return { saved: withoutFiles(already), added: false };

      let made: Awaited<ReturnType<typeof make>>;
      try {
        made = await make(bytes);
      } catch {
        // Its header read well, its pixels did not: a damaged or cut-off file.
        return { refusal: "not-a-photo" };
      }
      const stored: StoredFile[] = [];
      await Promise.all(
        made.photo.widths.flatMap((width, row) =>
          LIBRARY_FORMATS.map(async (format, column) => {
            const body = made.files[row]?.[column] ?? Buffer.alloc(0);
            await storage.put(STORAGE_PREFIX + photoFileName(id, width, format), body, photoFormatType[format]);
            stored.push({ format, width, bytes: body.length });
          }),
        ),
      );
      stored.sort((a, b) => a.width - b.width || LIBRARY_FORMATS.indexOf(a.format) - LIBRARY_FORMATS.indexOf(b.format));
      const entry: Known = {
        id,
        place,
        photo: photoOf(id, made.photo.info.width, made.photo.info.height, made.photo.color, stored),
        originalName: upload.name,
        uploadedBy: null,
        uploadedAt: now(),
        files: stored,
      };
      const added = await db.transaction((tx) => insert(tx, entry, upload.by));
      // Sent twice at once: the first row stands, with its own uploader and time.
      const saved = (await find([id])).get(id) ?? entry;
      return { saved: withoutFiles(saved), added };
    },

    /** Every photograph of the library, the latest first. */
    async list(): Promise<LibraryEntry[]> {
      const rows = await db.all<PhotoRow>(`${SELECT_PHOTOS} ORDER BY p.uploaded_at DESC, p.id`);
      return rows.map((row) => withoutFiles(remember(row)));
    },

    /**
     * The photographs with these ids, as the site renders them; an id the
     * library does not hold is left out, for the caller to show nothing there.
     */
    async records(ids: readonly string[]): Promise<Map<string, Photo>> {
      const found = await find(ids);
      return new Map([...found].map(([id, entry]) => [id, entry.photo]));
    },

    /** A file of the library by its public name ("<id>-<width>.<extension>"); undefined for any name it does not hold. */
    async file(name: string): Promise<PhotoFile | undefined> {
      const wanted = readPhotoFileName(name);
      if (!wanted) return undefined;
      const entry = (await find([wanted.id])).get(wanted.id);
      const stored = entry?.files.find((file) => file.format === wanted.format && file.width === wanted.width);
      if (!stored) return undefined;
      return {
        type: photoFormatType[stored.format],
        bytes: stored.bytes,
        body: await storage.read(STORAGE_PREFIX + name),
      };
    },
  };
}

function withoutFiles({ files: _files, ...entry }: Known): LibraryEntry {
  return entry;
}

function photoOf(id: string, width: number, height: number, color: string, files: readonly StoredFile[]): Photo {
  const variants = (format: LibraryFormat): PhotoVariant[] =>
    files
      .filter((file) => file.format === format)
      .map((file) => ({ src: `${photosPath}/${photoFileName(id, file.width, format)}`, width: file.width }));
  return {
    width,
    height,
    color,
    avif: variants("avif"),
    webp: variants("webp"),
    fallback: { type: "image/jpeg", variants: variants("jpeg") },
  };
}

function fromRow(row: PhotoRow): Known {
  const files = JSON.parse(row.variants) as StoredFile[];
  return {
    id: row.id,
    // Written from a PhotoPlace only (save).
    place: row.place as PhotoPlace,
    photo: photoOf(row.id, Number(row.width), Number(row.height), row.color, files),
    originalName: row.original_name,
    uploadedBy: row.uploaded_by === null ? null : { id: Number(row.uploaded_by), name: row.uploaded_by_name ?? "" },
    uploadedAt: Number(row.uploaded_at),
    files,
  };
}

/** The ids of every photograph in the library, for a command that checks content naming them. */
export async function libraryPhotoIds(db: Database): Promise<Set<string>> {
  const rows = await db.all<{ id: string }>("SELECT id FROM photos");
  return new Set(rows.map((row) => row.id));
}
