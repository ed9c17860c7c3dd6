import { createWriteStream } from "node:fs";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import yauzl from "yauzl";
import { safeFileName } from "../uploads/file-name.ts";

/** Limits on a ZIP from a stranger, against zip bombs and archives built to flood the disk. */
export const zipLimits = {
  entries: 100,
  unpackedBytes: 1024 * 1024 * 1024,
  /** Unpacked to packed, for the archive and for any file in it bigger than smallEntryBytes. */
  ratio: 100,
  /** A small file may squeeze far better than 100:1 (a page of text) and harms nobody. */
  smallEntryBytes: 1024 * 1024,
} as const;

export type ZipEntry = { index: number; name: string; size: number; packed: number };

export type ZipListing = { entries: ZipEntry[] } | { refused: string };

/**
 * The files a ZIP lists, when it keeps within every limit; otherwise why it
 * is refused. Only the central directory is read: nothing is unpacked.
 * yauzl refuses names that are absolute or climb out with "..", and sizes that
 * differ from what the archive says, as it unpacks.
 */
export async function listZip(file: string): Promise<ZipListing> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false, strictFileNames: true });
  } catch {
    return { refused: "the ZIP cannot be read" };
  }
  try {
    if (zip.entryCount > zipLimits.entries) {
      return { refused: `the ZIP holds ${zip.entryCount} files, more than ${zipLimits.entries}` };
    }
    const entries: ZipEntry[] = [];
    let unpacked = 0;
    try {
      for await (const entry of zip.eachEntry()) {
        if (entry.fileName.endsWith("/")) continue;
        if (entry.isEncrypted()) return { refused: "the ZIP is protected by a password" };
        unpacked += entry.uncompressedSize;
        if (unpacked > zipLimits.unpackedBytes) return { refused: "the ZIP unpacks to more than 1 GB" };
        if (
          entry.uncompressedSize > zipLimits.smallEntryBytes &&
          entry.uncompressedSize > entry.compressedSize * zipLimits.ratio
        ) {
          return { refused: `a file in the ZIP unpacks to more than ${zipLimits.ratio} times its packed size` };
        }
        entries.push({
          index: entries.length,
          name: shownName(entry.fileName),
          size: entry.uncompressedSize,
          packed: entry.compressedSize,
        });
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : "";
      return {
        refused: /relative path|absolute path|invalid characters/i.test(message)
          ? "the ZIP holds a file whose name leads outside its folder"
          : "the ZIP's list of files is damaged",
      };
    }
    // Against the file's own size, not the sizes it lists: files listed many times over the
    // same packed data would add up to a modest ratio each, and a bomb together.
    if (unpacked > zipLimits.smallEntryBytes && unpacked > zip.fileSize * zipLimits.ratio) {
      return { refused: `the ZIP unpacks to more than ${zipLimits.ratio} times its size` };
    }
    return { entries };
  } finally {
    zip.close();
  }
}

/**
 * Unpacks one listed file to the given path (chosen by the caller, never
 * taken from the archive), stopping at its listed size: a file that inflates
 * to more than the archive said is cut off and refused.
 */
export async function unpackEntry(file: string, wanted: ZipEntry, to: string): Promise<void> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false, strictFileNames: true });
  try {
    let index = 0;
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith("/")) continue;
      if (index++ !== wanted.index) continue;
      if (shownName(entry.fileName) !== wanted.name) throw new Error("the ZIP changed while it was read");
      let written = 0;
      const cap = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          written += chunk.length;
          if (written > wanted.size) done(new Error("a file in the ZIP is larger than the ZIP says"));
          else done(null, chunk);
        },
      });
      await pipeline(await zip.openReadStreamPromise(entry), cap, createWriteStream(to, { flags: "wx", mode: 0o600 }));
      return;
    }
    throw new Error("the file is no longer in the ZIP");
  } finally {
    zip.close();
  }
}

/**
 * An entry's name as staff see it: each part of its path cleaned as an
 * uploaded file's name is, so that no control or direction character makes
 * "invoice\u202Efdp.exe" read as "invoiceexe.pdf".
 */
function shownName(name: string): string {
  return name.split("/").map(safeFileName).join("/");
}
