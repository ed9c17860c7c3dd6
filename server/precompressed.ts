import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import compression from "compression";
import type { Request, RequestHandler, Response } from "express";

type Coding = "br" | "gzip";

/**
 * A page's bytes kept in memory (a prerendered file, or a page rendered once
 * per publication), sent in the smallest encoding the visitor takes: brotli at
 * its best quality, then gzip at its best, then as it is. A page's HTML must
 * fit the first round trips (`.size-limit.js` measures what is sent here).
 */
export type KeptBody = {
  readonly identity: Buffer;
  /** The ETag of the bytes as they are, without quotes; each encoding's adds the encoding's name. */
  readonly tag: string;
  /** The body in that encoding, made on its first request and kept; undefined where it would be no smaller. */
  encoded(coding: Coding): Promise<Buffer | undefined>;
};

const compress: Record<Coding, (body: Buffer) => Promise<Buffer>> = {
  // Quality 11 costs 50 to 150 ms a page, once: too slow for every answer, nothing for a page kept for many.
  br: (body) => promisify(brotliCompress)(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  gzip: (body) => promisify(gzip)(body, { level: 9 }),
};

/**
 * Keeps a body with its encodings, each made when a visitor first asks for it
 * (in zlib's threads, so no other request waits) rather than all at start-up:
 * brotli's best quality takes seconds of a core for every page of the site,
 * and most instances are asked for only some pages in only one encoding.
 */
export function keptBody(identity: Buffer, tag = contentTag(identity)): KeptBody {
  const made = new Map<Coding, Promise<Buffer | undefined>>();
  return {
    identity,
    tag,
    encoded(coding) {
      let promise = made.get(coding);
      if (!promise) {
        promise = compress[coding](identity).then((body) => (body.length < identity.length ? body : undefined));
        made.set(coding, promise);
        // One that failed is tried again by the next request, not kept.
        promise.catch(() => made.delete(coding));
      }
      return promise;
    },
  };
}

/** A tag for a body, from its content: the same page has the same tag on every instance. */
export function contentTag(body: Buffer): string {
  return createHash("sha256").update(body).digest("base64url").slice(0, 22);
}

/** The answers sent from a kept body, which the on-the-fly compression leaves as they are. */
const sentKept = new WeakSet<Response>();

/**
 * Sends a kept body with the status and headers already set on the response:
 * in the encoding the visitor prefers, that encoding's ETag, 304 when the
 * visitor has it, and no body for HEAD. A Range is not honoured (a page is
 * small): the whole page comes, as HTTP allows.
 */
export async function sendKept(req: Request, res: Response, body: KeptBody, contentType: string): Promise<void> {
  const { coding, bytes } = await encodingFor(req, body);
  sentKept.add(res);
  // A cache between keeps each encoding apart, and gives each visitor one it takes.
  res.vary("Accept-Encoding");
  const etag = `"${coding ? `${body.tag}-${coding}` : body.tag}"`;
  res.setHeader("ETag", etag);
  if (clientHas(req, res.statusCode, etag)) return void res.status(304).end();
  res.setHeader("Content-Type", contentType);
  if (coding) res.setHeader("Content-Encoding", coding);
  res.setHeader("Content-Length", String(bytes.length));
  res.end(req.method === "HEAD" ? undefined : bytes);
}

/**
 * If-None-Match names the ETag just set (weakly compared, as RFC 9110 asks).
 * Not Express's req.fresh, which ignores it when the request says
 * "Cache-Control: no-cache", as fetch() does with every conditional request:
 * that is meant for caches on the way, not for the server.
 */
function clientHas(req: Request, status: number, etag: string): boolean {
  const header = req.headers["if-none-match"];
  if (!header || (req.method !== "GET" && req.method !== "HEAD") || status < 200 || status > 299) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.trim() === "*" || header.split(",").some((tag) => opaque(tag) === etag);
}

async function encodingFor(req: Request, body: KeptBody): Promise<{ coding?: Coding; bytes: Buffer }> {
  const coding = preferredCoding(req.headers["accept-encoding"]);
  // An encoding that could not be made leaves the page as it is, never unanswered.
  const bytes = coding && (await body.encoded(coding).catch(() => undefined));
  return coding && bytes ? { coding, bytes } : { bytes: body.identity };
}

/** Compression for the answers rendered per request (forms, errors, the staff area); kept bodies come encoded already. */
export function compressRendered(): RequestHandler {
  return compression({ filter: (req, res) => !sentKept.has(res) && compression.filter(req, res) });
}

/**
 * The encoding a visitor's Accept-Encoding prefers among brotli, gzip and none:
 * the highest weight, and on a tie the smaller (browsers list gzip before br at
 * equal weight). Undefined for the bytes as they are.
 */
export function preferredCoding(acceptEncoding: string | undefined): Coding | undefined {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name = "", ...parameters] = part.split(";").map((piece) => piece.trim().toLowerCase());
    if (name === "") continue;
    const q = parameters.find((parameter) => parameter.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (!Number.isNaN(weight)) weights.set(name, Math.min(Math.max(weight, 0), 1));
  }
  const any = weights.get("*");
  const candidates: [Coding | undefined, number][] = [
    ["br", weights.get("br") ?? any ?? 0],
    ["gzip", weights.get("gzip") ?? weights.get("x-gzip") ?? any ?? 0],
    // Always acceptable unless refused by name or by "*;q=0".
    [undefined, weights.get("identity") ?? any ?? 1],
  ];
  const [best, weight] = candidates.reduce((chosen, candidate) => (candidate[1] > chosen[1] ? candidate : chosen));
  return weight > 0 ? best : undefined;
}
