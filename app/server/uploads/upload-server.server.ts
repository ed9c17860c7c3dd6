import { AsyncLocalStorage } from "node:async_hooks";
import type { IncomingMessage, ServerResponse } from "node:http";
import { EVENTS, Server } from "@tus/server";
import { artworkText } from "../../site/content/artwork.ts";
import { verifyFormToken } from "../contact/form-token.server.ts";
import { type Artwork, type ArtworkProblem, newUploadId, UPLOAD_ID_PATTERN } from "./artwork.server.ts";
import { safeFileName } from "./file-name.ts";
import type { FileStorage } from "./file-storage.server.ts";

type Options = {
  /** The address uploads are created at, such as /quote/uploads. */
  path: string;
  artwork: Artwork;
  storage: FileStorage;
  form: { secret: Buffer; maxAgeMs: number };
  log: Pick<Console, "warn">;
};

/** Who is uploading, as the HTTP server tells it (the proxy's X-Forwarded-For only when trusted). */
const client = new AsyncLocalStorage<{ clientKey: string }>();

/**
 * Resumable uploads (tus 1.0 with creation, termination and expiration): a
 * file arrives in pieces, and a page that lost its connection, or was
 * reloaded, asks how much arrived and sends the rest. Creating an upload needs
 * a good form token (the one the quote form carries) and must fit the limits;
 * once every byte is in, the file's content decides its kind, and a file of
 * any other kind is deleted and refused, by name.
 */
export function createUploadServer({ path, artwork, storage, form, log }: Options) {
  const refuse = (problem: ArtworkProblem) => ({ status_code: problem.status, body: problem.message });
  const server = new Server({
    path,
    datastore: storage.datastore,
    // No maxSize here: the site's own check (admit) refuses a file too large with words that name it.
    relativeLocation: true,
    namingFunction: () => newUploadId(),
    // An upload address outside the pattern names nothing; one not open any
    // more (sent with a request, refused, or never made) is gone.
    async onIncomingRequest(req, id) {
      if (req.method === "POST") return;
      if (!UPLOAD_ID_PATTERN.test(id) || !(await artwork.isOpen(id))) {
        throw refuse({ status: 404, message: artworkText.gone });
      }
    },
    async onUploadCreate(_req, upload) {
      const token = verifyFormToken(upload.metadata?.token ?? "", form.secret, { maxAgeMs: form.maxAgeMs });
      if (!token) throw refuse({ status: 403, message: artworkText.reload });
      if (upload.sizeIsDeferred || upload.size === undefined) {
        throw refuse({ status: 400, message: artworkText.reload });
      }
      const name = safeFileName(upload.metadata?.filename ?? "");
      const problem = await artwork.admit({
        id: upload.id,
        formNonce: token.nonce,
        clientKey: client.getStore()?.clientKey ?? "unknown",
        name,
        size: upload.size,
      });
      if (problem) throw refuse(problem);
      // The token is not kept beside the file; the name is, for the store's own notes.
      return { metadata: { filename: name } };
    },
    async onUploadFinish(_req, upload) {
      const result = await artwork.inspect(upload.id);
      if ("status" in result) throw refuse(result);
      return {};
    },
    onResponseError(_req, error) {
      if ((error as NodeJS.ErrnoException).code === "ENOSPC") {
        log.warn("Artwork upload refused: the file storage is full (ENOSPC).");
        return { status_code: 507, body: artworkText.storageFull };
      }
      return undefined;
    },
  });
  server.on(EVENTS.POST_TERMINATE, (_req, _res, id) => void artwork.forget(id).catch(() => undefined));

  return {
    handle(req: IncomingMessage, res: ServerResponse, clientKey: string): Promise<void> {
      return client.run({ clientKey }, () => server.handle(req, res));
    },
  };
}
