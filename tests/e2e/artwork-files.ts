import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { uploadPieceBytes } from "../../app/server/uploads/artwork-kinds.ts";

/** A file as setInputFiles takes it from memory. */
export type ArtworkPayload = { name: string; mimeType: string; buffer: Buffer };

/** The piece size of the upload code: a dropped connection costs at most one. */
export const UPLOAD_PIECE_BYTES = uploadPieceBytes;

/** The CorelDRAW 12 drawing kept for the tests (its README says where it comes from). */
export const sampleCdr = (): ArtworkPayload => ({
  name: "sample.cdr",
  mimeType: "application/octet-stream",
  buffer: readFileSync(fileURLToPath(new URL("../fixtures/artwork/sample.cdr", import.meta.url))),
});

/**
 * A PDF of about `bytes` bytes: a real header and trailer, the rest comment
 * lines. The server reads only the head to tell its kind; the label makes each
 * file's bytes, and so its SHA-256, its own.
 */
function pdfBytes(bytes: number, label: string): Buffer {
  const head = Buffer.from(`%PDF-1.4\n%\xe2\xe3\xcf\xd3\n% ${label}\n`, "latin1");
  const tail = Buffer.from("\n%%EOF\n", "latin1");
  const body = Buffer.alloc(Math.max(0, bytes - head.length - tail.length), "% artwork padding line\n");
  return Buffer.concat([head, body, tail]);
}

export const pdfFile = (name: string, bytes: number): ArtworkPayload => ({
  name,
  mimeType: "application/pdf",
  buffer: pdfBytes(bytes, `${name} ${Date.now()} ${Math.random()}`),
});

/** A Windows program under an artwork's name: "MZ", as every .exe begins. */
export function programAsPdf(name: string): ArtworkPayload {
  const buffer = Buffer.alloc(4096, 0);
  buffer.write("MZ", 0, "latin1");
  buffer.write("This program cannot be run in DOS mode.", 78, "latin1");
  return { name, mimeType: "application/pdf", buffer };
}

/**
 * Writes a payload to a folder as a file: a file chosen from disk keeps its
 * modification time, which the upload code's fingerprint of a file includes,
 * so choosing it again after a reload names the same upload.
 */
export function onDisk(folder: string, payload: ArtworkPayload): string {
  const file = path.join(folder, payload.name);
  writeFileSync(file, payload.buffer);
  return file;
}

export function sha256(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}
