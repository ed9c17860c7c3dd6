import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { FileStore } from "@tus/file-store";
import type { DataStore } from "@tus/server";
import type { UploadSettings } from "../settings/site-settings.server.ts";

/**
 * Where artwork files are kept, behind one interface: the tus data store that
 * receives them (in pieces, resumably), and reading and deleting a whole file
 * by its id. No artwork file is ever served at a public address. The photo
 * library keeps its files here too, whole, under a prefix of their own.
 */
export type FileStorage = {
  readonly datastore: DataStore;
  read(id: string): Promise<Readable>;
  /** Writes a whole file under this key ("photos/…"), replacing any; readers never see it half written. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Deletes the file and everything kept beside it; a file already gone is not an error. */
  remove(id: string): Promise<void>;
  /** For the start-up log: the folder, or the bucket (never a key). */
  readonly description: string;
};

export async function openFileStorage(storage: UploadSettings["storage"]): Promise<FileStorage> {
  return "folder" in storage ? folderStorage(storage.folder) : await bucketStorage(storage);
}

/** A folder on this machine: the default, for one instance. */
function folderStorage(folder: string): FileStorage {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const datastore = new FileStore({ directory: folder });
  return {
    datastore,
    description: `the folder ${folder}`,
    read: async (id) => datastore.read(id),
    async put(key, body) {
      const file = path.join(folder, key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      // Written beside, then renamed over: a reader meets the whole file or none.
      const writing = `${file}.${randomBytes(6).toString("hex")}.part`;
      await writeFile(writing, body, { mode: 0o600 });
      await rename(writing, file);
    },
    async remove(id) {
      // The file and the store's note of its metadata beside it.
      await Promise.all([
        rm(path.join(folder, id), { force: true }),
        rm(path.join(folder, `${id}.json`), { force: true }),
      ]);
    },
  };
}

/**
 * An S3-compatible bucket, which every instance behind the proxy reads and
 * writes alike. The S3 client (some 35 MB in memory) is loaded only here.
 */
async function bucketStorage(settings: Exclude<UploadSettings["storage"], { folder: string }>): Promise<FileStorage> {
  const [{ S3 }, { S3Store }] = await Promise.all([import("@aws-sdk/client-s3"), import("@tus/s3-store")]);
  const config = {
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where the API demands them: several S3-compatible services
    // do not read the newer streamed checksums.
    requestChecksumCalculation: "WHEN_REQUIRED" as const,
    responseChecksumValidation: "WHEN_REQUIRED" as const,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
  };
  const client = new S3(config);
  const datastore = new S3Store({ s3ClientConfig: { ...config, bucket: settings.bucket } });
  return {
    datastore,
    description: `the bucket ${settings.bucket}${settings.endpoint ? ` at ${new URL(settings.endpoint).host}` : ""}`,
    async read(id) {
      const object = await client.getObject({ Bucket: settings.bucket, Key: id });
      return object.Body as Readable;
    },
    async put(key, body, contentType) {
      await client.putObject({ Bucket: settings.bucket, Key: key, Body: body, ContentType: contentType });
    },
    async remove(id) {
      // An unfinished upload's parts go with its multipart upload; a finished
      // one is its object. Either way its notes go too.
      await datastore.remove(id).catch(() => undefined);
      await client.deleteObjects({
        Bucket: settings.bucket,
        Delete: { Objects: [{ Key: id }, { Key: `${id}.info` }, { Key: `${id}.part` }], Quiet: true },
      });
    },
  };
}
