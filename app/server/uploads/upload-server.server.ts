import { AsyncLocalStorage } from "node:async_hooks";
import type { IncomingMessage, ServerResponse } from "node:http";
import { EVENTS, type Locker, Server } from "@tus/server";
import { verifyFormToken } from "../contact/form-token.server.ts";
import {
  type Artwork,
  type ArtworkProblem,
  newUploadId,
  OPEN_UPLOAD_ALLOWANCE_BYTES,
  UPLOAD_ID_PATTERN,
  type Uploader,
} from "./artwork.server.ts";
import { safeFileName } from "./file-name.ts";
import type { FileStorage } from "./file-storage.server.ts";

type Options = {
  /** The address uploads are created at, such as /quote/uploads. */
  path: string;
  artwork: Artwork;
  storage: FileStorage;
  form: { secret: Buffer; maxAgeMs: number };
  /** Who may write an upload at a time (createUploadLocker). */
  locker: Locker;
  log: Pick<Console, "warn">;
};

/** Who is uploading, as the HTTP server tells it (the proxy's X-Forwarded-For only when trusted). */
const client = new AsyncLocalStorage<Uploader>();

/**
 * Resumable uploads (tus 1.0 with creation, termination and expiration): a
 * file arrives in pieces, and a page that lost its connection, or was
 * reloaded, asks how much arrived and sends the rest. Creating an upload needs
 * a good form token (the one the quote form carries) and must fit the limits;
 * once every byte is in, the file's content decides its kind, and a file of
 * any other kind is deleted and refused, by name.
 */
export function createUploadServer({ path, artwork, storage, form, locker, log }: Options) {
  const refuse = (problem: ArtworkProblem) => ({ status_code: problem.status, body: problem.message });
  const server = new Server({
    path,
    datastore: storage.datastore,
    // No maxSize here: the site's own check (admit) refuses a file too large with words that name it.
    relativeLocation: true,
    namingFunction: () => newUploadId(),
    locker,
    // The form that uploads is on this site's own page: no other site's page may read an answer.
    allowedOrigins: () => false,
    // An upload address outside the pattern names nothing; one not open any
    // more (sent with a request, refused, or never made) is gone. A piece
    // counts against the quotas before any of it is taken.
    async onIncomingRequest(req, id) {
      if (req.method === "POST") return;
      if (!UPLOAD_ID_PATTERN.test(id) || !(await artwork.isOpen(id))) {
        throw refuse({ status: 404, message: artwork.words.gone });
      }
      if (req.method === "PATCH") {
        const problem = await artwork.reserve(id, pieceEnd(req.headers));
        if (problem) throw refuse(problem);
      }
    },
    async onUploadCreate(_req, upload) {
      const token = verifyFormToken(upload.metadata?.token ?? "", form.secret, { maxAgeMs: form.maxAgeMs });
      if (!token) throw refuse({ status: 403, message: artwork.words.reload });
      if (upload.sizeIsDeferred || upload.size === undefined) {
        throw refuse({ status: 400, message: artwork.words.reload });
      }
      const name = safeFileName(upload.metadata?.filename ?? "");
      const problem = await artwork.admit({
        id: upload.id,
        formNonce: token.nonce,
        ...(client.getStore() ?? { clientKey: "unknown", networkKey: "unknown" }),
        name,
        size: upload.size,
        // Nothing has arrived yet: a declared length takes no room until its bytes come.
        reserve: Math.min(upload.size, OPEN_UPLOAD_ALLOWANCE_BYTES),
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
        return { status_code: 507, body: artwork.words.storageFull };
      }
      return undefined;
    },
  });
  server.on(EVENTS.POST_TERMINATE, (_req, _res, id) => void artwork.forget(id).catch(() => undefined));

  /** After a piece, however it ended: the upload holds what arrived, not what the piece reserved. */
  async function settle(req: IncomingMessage): Promise<void> {
    const id = (req.url ?? "").split("?")[0]?.split("/").pop() ?? "";
    if (!UPLOAD_ID_PATTERN.test(id)) return;
    try {
      const { offset } = await storage.datastore.getUpload(id);
      await artwork.settle(id, offset);
    } catch {
      // Gone, or out of reach: it keeps its reservation until the clean-up.
    }
  }

  return {
    handle(req: IncomingMessage, res: ServerResponse, uploader: Uploader): Promise<void> {
      // Once the exchange is over, answered or cut off: a cut-off piece's answer may never finish.
      if (req.method === "PATCH") res.once("close", () => void settle(req));
      return client.run(uploader, () => server.handle(req, res));
    },
  };
}

/** Where a piece would end: its offset and length, as its headers say; unknown when they do not. */
function pieceEnd(headers: Headers): number {
  const offset = Number(headers.get("upload-offset"));
  const length = Number(headers.get("content-length") ?? Number.NaN);
  return Number.isSafeInteger(offset) && Number.isSafeInteger(length) ? offset + length : Number.POSITIVE_INFINITY;
}
