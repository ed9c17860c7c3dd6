import type { IncomingMessage, ServerResponse } from "node:http";
import { contactBodyLimitBytes } from "../contact/contact-spec.ts";
import type { UploadSettings } from "../settings/site-settings.server.ts";
import type { Database } from "../store/db.server.ts";
import { type Artwork, createArtwork, uploaderOf } from "./artwork.server.ts";
import { type ArtworkRefusalWords, quoteUploadsPath } from "./artwork-kinds.ts";
import { type FileStorage, openFileStorage } from "./file-storage.server.ts";
import { type ReadFormPost, readFormPost } from "./form-post.server.ts";
import { createUploadLocker } from "./upload-lock.server.ts";
import { createUploadServer } from "./upload-server.server.ts";

/** Artwork uploads, when they are on: the files' records and storage, and the form's secret that creating one needs. */
export type UploadServices = {
  artwork: Artwork;
  storage: FileStorage;
  form: { secret: Buffer; maxAgeMs: number };
  /** Answers a request of the tus protocol at /quote/uploads, from a client at this address. */
  handleUpload(req: IncomingMessage, res: ServerResponse, clientAddress: string): Promise<void>;
  /** Reads a quote request sent as one multipart post, its files into storage. */
  readFormPost(req: IncomingMessage, clientAddress: string): Promise<ReadFormPost>;
};

export async function openUploadServices(options: {
  db: Database;
  settings: UploadSettings;
  form: { secret: Buffer; maxAgeMs: number };
  log: Pick<Console, "warn">;
  /** What a refused file is refused with, in the quote form's words. */
  words: ArtworkRefusalWords;
}): Promise<UploadServices> {
  const { storage: storageSettings, ...limits } = options.settings;
  const storage = await openFileStorage(storageSettings);
  const artwork = createArtwork({ db: options.db, storage, limits, words: options.words });
  const server = createUploadServer({
    path: quoteUploadsPath,
    artwork,
    storage,
    form: options.form,
    locker: createUploadLocker(options.db, options.words),
    log: options.log,
  });
  const services: UploadServices = {
    artwork,
    storage,
    form: options.form,
    handleUpload: (req, res, clientAddress) => server.handle(req, res, uploaderOf(clientAddress)),
    readFormPost: (req, clientAddress) =>
      readFormPost(req, services, { uploader: uploaderOf(clientAddress), fieldLimitBytes: contactBodyLimitBytes }),
  };
  return services;
}
