import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Upload } from "@tus/server";
import {
  type Artwork,
  type ArtworkFile,
  type ArtworkProblem,
  newUploadId,
  type UploadOwner,
} from "./artwork.server.ts";
import { ARTWORK_HEAD_BYTES } from "./artwork-kind.server.ts";
import type { FileStorage } from "./file-storage.server.ts";

/**
 * Takes a file that arrives whole in a form post (a page without a script):
 * the same limits and checks as a resumable upload, streamed to a waiting
 * folder and from there to storage, never held in memory. `truncated` says
 * whether the form reader stopped the file at the size limit.
 */
export async function receiveWholeFile(
  services: { artwork: Artwork; storage: FileStorage },
  file: Readable & { truncated?: boolean },
  about: UploadOwner & { name: string },
): Promise<ArtworkFile | ArtworkProblem> {
  const { artwork, storage } = services;
  const { incomingFolder, maxFileBytes } = artwork.limits;
  const id = newUploadId();
  // Its size is known only at the end, and its bytes come in this one post: it
  // holds a largest file's place while they do (record then counts its size).
  const problem = await artwork.admit({ id, ...about, size: maxFileBytes, reserve: maxFileBytes });
  if (problem) {
    file.resume();
    return problem;
  }
  await mkdir(incomingFolder, { recursive: true, mode: 0o700 });
  const waiting = path.join(incomingFolder, id);
  try {
    const hash = createHash("sha256");
    const head: Buffer[] = [];
    let size = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        if (size < ARTWORK_HEAD_BYTES) head.push(chunk.subarray(0, ARTWORK_HEAD_BYTES - size));
        size += chunk.length;
        done(null, chunk);
      },
    });
    await pipeline(file, tap, createWriteStream(waiting, { mode: 0o600 }));
    if (file.truncated) {
      await artwork.discard(id);
      return { status: 413, message: artwork.words.tooLarge(about.name, maxFileBytes) };
    }
    await storage.datastore.create(new Upload({ id, size, offset: 0, metadata: { filename: about.name } }));
    await storage.datastore.write(createReadStream(waiting), id, 0);
    return await artwork.record(id, about.name, size, Buffer.concat(head), hash.digest("hex"));
  } catch (error) {
    await artwork.discard(id);
    if ((error as NodeJS.ErrnoException).code === "ENOSPC") return { status: 507, message: artwork.words.storageFull };
    throw error;
  } finally {
    await rm(waiting, { force: true });
  }
}
