import { once } from "node:events";
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/** An S3-compatible server on 127.0.0.1 with one bucket, and where its objects are kept on disk. */
export type TestS3 = {
  /** The settings that point a site at the bucket. */
  env: Record<string, string>;
  /** The object keys in the bucket now (whole files and their notes, not parts of unfinished uploads). */
  keys(): string[];
  /** Where s3rver keeps the bucket's files. */
  directory: string;
  stop(): Promise<void>;
};

const BUCKET = "artwork";
// s3rver's own fixed credentials.
const KEY = "S3RVER";

/**
 * s3rver (an S3-compatible server in Node) with the two calls of S3's
 * multipart API it lacks and tus's S3 store uses: listing an upload's parts
 * (to resume it) and aborting an upload. They are answered here from the
 * parts s3rver keeps on disk; every other request goes to s3rver unchanged.
 */
export async function startTestS3(): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), "s3-"));
  const s3rver = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const inner = (await s3rver.run()) as AddressInfo;
  const uploadsDir = path.join(directory, BUCKET, "._S3rver_uploads");

  const front = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const uploadId = url.searchParams.get("uploadId");
    const key = decodeURIComponent(url.pathname.split("/").slice(2).join("/"));
    if (uploadId && req.method === "GET") return listParts(res, uploadsDir, key, uploadId);
    if (uploadId && req.method === "DELETE") {
      rmSync(path.join(uploadsDir, path.basename(uploadId)), { recursive: true, force: true });
      res.writeHead(204).end();
      return;
    }
    const forward = http.request(
      { host: "127.0.0.1", port: inner.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on("error", () => res.destroy());
    req.pipe(forward);
  });
  front.listen(0, "127.0.0.1");
  await once(front, "listening");
  // Never the reason a test process stays up: the servers it talks to keep their own connections open.
  front.unref();
  (s3rver as unknown as { httpServer?: http.Server }).httpServer?.unref();
  const { port } = front.address() as AddressInfo;

  return {
    env: {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
      S3_FORCE_PATH_STYLE: "1",
    },
    keys: () => objectKeys(path.join(directory, BUCKET)),
    directory,
    async stop() {
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
      await s3rver.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

let shared: Promise<TestS3> | undefined;

/**
 * One bucket for every server a test file starts on PostgreSQL, where files
 * must go to a bucket: started on first use, its folder removed when the
 * test process ends.
 */
export function sharedTestS3(): Promise<TestS3> {
  shared ??= startTestS3().then((s3) => {
    process.once("exit", () => rmSync(s3.directory, { recursive: true, force: true }));
    return s3;
  });
  return shared;
}

function listParts(res: http.ServerResponse, uploadsDir: string, key: string, uploadId: string) {
  const dir = path.join(uploadsDir, path.basename(uploadId));
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    res.writeHead(404, { "Content-Type": "application/xml" });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>No such upload</Message></Error>`,
    );
    return;
  }
  const parts = names
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .sort((a, b) => a - b)
    .flatMap((number) => {
      const file = path.join(dir, String(number));
      // A part still being written (its checksum not there yet), or removed meanwhile
      // by a cancel, is not listed: S3 lists only parts whose upload has ended.
      try {
        const md5 = readFileSync(`${file}.md5`, "utf8");
        return [
          `<Part><PartNumber>${number}</PartNumber><LastModified>${new Date().toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${statSync(file).size}</Size></Part>`,
        ];
      } catch {
        return [];
      }
    });
  res.writeHead(200, { "Content-Type": "application/xml" });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
      `<Bucket>${BUCKET}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${escapeXml(uploadId)}</UploadId>` +
      `<MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts.join("")}</ListPartsResult>`,
  );
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** s3rver keeps an object as "<key>._S3rver_object" beside its metadata. */
function objectKeys(bucketDir: string): string[] {
  try {
    return readdirSync(bucketDir)
      .filter((name) => name.endsWith("._S3rver_object"))
      .map((name) => name.slice(0, -"._S3rver_object".length));
  } catch {
    return [];
  }
}
