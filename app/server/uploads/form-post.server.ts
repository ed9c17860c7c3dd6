import type { IncomingMessage } from "node:http";
import busboy from "busboy";
import { contactFormExtras } from "../contact/contact-spec.ts";
import { type FormToken, verifyFormToken } from "../contact/form-token.server.ts";
import { artworkFields } from "../contact/quote-spec.ts";
import type { Artwork, ArtworkProblem, Uploader } from "./artwork.server.ts";
import { safeFileName } from "./file-name.ts";
import type { FileStorage } from "./file-storage.server.ts";
import { receiveWholeFile } from "./whole-file.server.ts";

/** A multipart form post, read: its fields as an urlencoded body, and what became of its files. */
export type ReadFormPost =
  | { kind: "form"; body: string; problems: ArtworkProblem[] }
  | { kind: "refused"; status: 400 | 413; message: string };

/**
 * Reads the quote request as a page without a script sends it (one
 * multipart post, files and all): each file streams to storage under the same
 * limits and checks as a resumable upload, and the form's fields come back as
 * the urlencoded body the form's action reads, the files' ids among them, so
 * the action is the same for both. The form's token must come before the
 * files (it does in the form's order), or no file is taken.
 */
export async function readFormPost(
  req: IncomingMessage,
  services: { artwork: Artwork; storage: FileStorage; form: { secret: Buffer; maxAgeMs: number } },
  options: { uploader: Uploader; fieldLimitBytes: number },
): Promise<ReadFormPost> {
  const { artwork, form } = services;
  const fields = new URLSearchParams();
  const problems: ArtworkProblem[] = [];
  const received: string[] = [];
  let token: FormToken | undefined;
  let fieldBytes = 0;
  let fieldsTooLarge = false;
  let files = 0;
  let work = Promise.resolve();

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      defParamCharset: "utf8",
      limits: {
        fieldSize: options.fieldLimitBytes,
        fields: 100,
        files: artwork.limits.maxFiles + 1,
        fileSize: artwork.limits.maxFileBytes,
        parts: 120,
      },
    });
  } catch {
    return { kind: "refused", status: 400, message: artwork.words.reload };
  }

  parser.on("field", (name, value, info) => {
    fieldBytes += name.length + value.length;
    if (info.valueTruncated || fieldBytes > options.fieldLimitBytes) fieldsTooLarge = true;
    fields.append(name, value);
    if (name === contactFormExtras.token) token = verifyFormToken(value, form.secret, { maxAgeMs: form.maxAgeMs });
  });
  parser.on("file", (name, stream, info) => {
    // A file input left empty still sends a part, with no name and no bytes.
    if (name !== artworkFields.file || !info.filename) {
      stream.resume();
      return;
    }
    files++;
    const formToken = token;
    if (!formToken || files > artwork.limits.maxFiles) {
      stream.resume();
      const { maxFiles } = artwork.limits;
      problems.push(
        formToken
          ? { status: 413, message: artwork.words.tooMany(maxFiles) }
          : { status: 400, message: artwork.words.reload },
      );
      return;
    }
    const about = { name: safeFileName(info.filename ?? ""), formNonce: formToken.nonce, ...options.uploader };
    // One file at a time, in the form's order: the parser gives the next only once this one is read.
    work = work.then(async () => {
      const result = await receiveWholeFile(services, stream, about);
      if ("status" in result) problems.push(result);
      else received.push(result.id);
    });
  });

  const done = new Promise<void>((resolve, reject) => {
    parser.on("close", resolve);
    parser.on("error", reject);
    req.on("aborted", () => reject(new Error("The form post was cut off")));
  });
  req.pipe(parser);
  try {
    await done;
    await work;
  } catch {
    await work.catch(() => undefined);
    return { kind: "refused", status: 400, message: artwork.words.reload };
  }
  if (fieldsTooLarge) return { kind: "refused", status: 413, message: artwork.words.reload };

  // Files kept from an earlier, refused post come first, then the ones just received.
  const earlier = (fields.get(artworkFields.ids) ?? "").split(",").filter(Boolean);
  fields.delete(artworkFields.ids);
  fields.set(artworkFields.ids, [...earlier, ...received].join(","));
  return { kind: "form", body: fields.toString(), problems };
}
