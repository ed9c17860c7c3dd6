import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { safeFileName } from "../uploads/file-name.ts";
import { isPhotoPlace, type PhotoPlace, type PhotoRefusal, photoFormFields, photoSizeLimit } from "./photo-rules.ts";

/** The upload form as a browser sends it: a place and a photograph, or what stopped it being read. */
export type PhotoPost =
  | { kind: "photo"; place: PhotoPlace; name: string; bytes: Buffer }
  | { kind: "refused"; place: PhotoPlace; refusal: PhotoRefusal }
  | { kind: "unreadable" };

/**
 * Reads the photo library's upload form (multipart, as the quote form's files
 * are read: form-post.server.ts), the file held in memory up to the library's
 * limit. The rest of a larger file is read and dropped, so the browser gets
 * the page that says so rather than a cut connection.
 */
export async function readPhotoPost(request: Request): Promise<PhotoPost> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type) || !request.body) return { kind: "unreadable" };
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": type },
      defParamCharset: "utf8",
      limits: { fileSize: photoSizeLimit, files: 1, fields: 2, fieldSize: 200, parts: 3 },
    });
  } catch {
    return { kind: "unreadable" };
  }

  let place: string | undefined;
  let file: { name: string; chunks: Buffer[]; tooLarge: boolean } | undefined;
  parser.on("field", (name, value) => {
    if (name === photoFormFields.place) place = value;
  });
  parser.on("file", (name, stream, info) => {
    // A file input left empty still sends a part, with no name and no bytes.
    if (name !== photoFormFields.file || !info.filename || file) {
      stream.resume();
      return;
    }
    const received = { name: safeFileName(info.filename), chunks: [] as Buffer[], tooLarge: false };
    file = received;
    stream.on("data", (chunk: Buffer) => received.chunks.push(chunk));
    stream.on("limit", () => {
      received.tooLarge = true;
      received.chunks = [];
    });
  });
  const done = new Promise<void>((resolve, reject) => {
    parser.on("close", resolve);
    parser.on("error", reject);
  });
  const body = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
  body.on("error", (error) => parser.destroy(error));
  body.pipe(parser);
  try {
    await done;
  } catch {
    return { kind: "unreadable" };
  }

  if (!isPhotoPlace(place)) return { kind: "unreadable" };
  if (!file) return { kind: "refused", place, refusal: { refusal: "no-file" } };
  if (file.tooLarge) {
    const sent = Number(request.headers.get("content-length"));
    const bytes = Number.isFinite(sent) && sent > photoSizeLimit ? sent : photoSizeLimit + 1;
    return { kind: "refused", place, refusal: { refusal: "too-many-bytes", bytes, limit: photoSizeLimit } };
  }
  return { kind: "photo", place, name: file.name, bytes: Buffer.concat(file.chunks) };
}
