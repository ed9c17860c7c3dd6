import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import type { NetworkRequest } from "./lighthouse.ts";
import { attributeBytes, OWN_CODE, ownerOfSource, type SourceMapJson, UNMAPPED } from "./source-map.ts";

export type ResourceKind = "html" | "css" | "js" | "font" | "image" | "other";

export type TransferredResource = {
  url: string;
  kind: ResourceKind;
  status: number;
  /** Body bytes on the wire: a page's as a browser gets it (brotli), any other file's with gzip, as the budgets name it. */
  wireBytes: number;
  /** The status line and headers, which share the first round trip's bytes with the body. */
  headerBytes: number;
  /** Content-Encoding of that response: small files stay uncompressed. */
  encoding: string;
  /** What Lighthouse's Chromium received, headers included; it accepts Brotli too. */
  lighthouseTransferSize: number;
};

export type PageBytes = Record<ResourceKind, number> & {
  total: number;
  requests: number;
  /** The document's body on the wire and its headers. */
  firstHtml: number;
  resources: TransferredResource[];
};

const KIND_OF_TYPE: Record<string, ResourceKind> = {
  Document: "html",
  Stylesheet: "css",
  Script: "js",
  Font: "font",
  Image: "image",
};

/**
 * Fetches again, from the server, every request Lighthouse saw the page make,
 * and counts the body bytes on the wire: a page's as a browser gets it (the
 * server sends pages as brotli, made once at its best quality, and that is
 * what the first round trip carries), any other file's with gzip, the bytes
 * its budget names. Lighthouse's own transfer sizes are its throttling's view.
 */
export async function measurePageBytes(requests: NetworkRequest[], origin: string): Promise<PageBytes> {
  const webRequests = requests.filter((request) => /^https?:/.test(request.url));
  const resources: TransferredResource[] = [];
  for (const request of webRequests) {
    // The server may have been started again on another port since Lighthouse saw the page.
    const url = new URL(request.url);
    const kind = KIND_OF_TYPE[request.resourceType] ?? "other";
    const accept = kind === "html" ? "gzip, deflate, br" : "gzip";
    const response = await fetchAsBrowser(new URL(url.pathname + url.search, origin).href, accept);
    resources.push({
      url: request.url,
      kind,
      status: response.status,
      wireBytes: response.bytes,
      headerBytes: response.headerBytes,
      encoding: response.encoding,
      lighthouseTransferSize: request.transferSize,
    });
  }
  const sum = (kind: ResourceKind) =>
    resources.filter((resource) => resource.kind === kind).reduce((total, resource) => total + resource.wireBytes, 0);
  const firstHtml = resources.find((resource) => resource.kind === "html");
  const bytes = {
    html: sum("html"),
    css: sum("css"),
    js: sum("js"),
    font: sum("font"),
    image: sum("image"),
    other: sum("other"),
  };
  return {
    ...bytes,
    total: Object.values(bytes).reduce((total, kind) => total + kind, 0),
    requests: resources.length,
    firstHtml: firstHtml ? firstHtml.wireBytes + firstHtml.headerBytes : 0,
    resources,
  };
}

function fetchAsBrowser(
  url: string,
  accept: string,
): Promise<{ status: number; bytes: number; headerBytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { "Accept-Encoding": accept } }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          bytes,
          headerBytes: headerBytesOf(response),
          encoding: String(response.headers["content-encoding"] ?? "identity"),
        }),
      );
      response.on("error", reject);
    });
    request.setTimeout(15_000, () => request.destroy(new Error(`No answer from ${url} within 15 s`)));
    request.on("error", reject);
  });
}

/** HTTP/1.1 headers as they were sent: status line, "name: value" lines, blank line. */
function headerBytesOf(response: http.IncomingMessage): number {
  const statusLine = `HTTP/${response.httpVersion} ${response.statusCode} ${response.statusMessage}\r\n`;
  let bytes = Buffer.byteLength(statusLine) + 2;
  for (let index = 0; index < response.rawHeaders.length; index += 2) {
    bytes += Buffer.byteLength(`${response.rawHeaders[index]}: ${response.rawHeaders[index + 1]}\r\n`);
  }
  return bytes;
}

export type SourceShare = { source: string; rawBytes: number; gzipBytes: number };
export type JavaScriptPart = {
  name: string;
  library: boolean;
  rawBytes: number;
  gzipBytes: number;
  /** The source files behind the part, largest first: where to look when it is too big. */
  sources: SourceShare[];
};
export type JavaScriptChunk = { file: string; rawBytes: number; gzipBytes: number; parts: JavaScriptPart[] };
export type JavaScriptSplit = {
  total: number;
  own: number;
  libraries: number;
  parts: JavaScriptPart[];
  chunks: JavaScriptChunk[];
};

const ROUTE_MANIFEST = "route manifest (generated)";
const NO_MAP = "script without a source map";
const NOT_LIBRARIES = new Set([OWN_CODE, UNMAPPED, ROUTE_MANIFEST, NO_MAP]);

/**
 * Our code against the libraries', for the scripts a page loaded. The hidden source
 * maps tell which source each byte of a chunk came from; a package under node_modules
 * is a library, anything else is ours. A chunk's gzip bytes are shared out in
 * proportion to its raw bytes, since gzip sizes of parts do not add up. Bundler
 * glue and React Router's generated route manifest count as ours: they grow with
 * our routes and modules, not with a library.
 */
export function splitJavaScript(clientDir: string, scripts: TransferredResource[]): JavaScriptSplit {
  const chunks = scripts.map((script) => splitChunk(clientDir, script));
  const parts = mergeParts(chunks.flatMap((chunk) => chunk.parts));
  const add = (list: JavaScriptPart[]) => list.reduce((total, part) => total + part.gzipBytes, 0);
  return {
    total: add(parts),
    own: add(parts.filter((part) => !part.library)),
    libraries: add(parts.filter((part) => part.library)),
    parts,
    chunks: chunks.sort((a, b) => b.gzipBytes - a.gzipBytes),
  };
}

function splitChunk(clientDir: string, script: TransferredResource): JavaScriptChunk {
  const urlPath = new URL(script.url).pathname;
  const file = path.join(clientDir, urlPath);
  if (!existsSync(file)) {
    const sources = [{ source: urlPath, rawBytes: 0, gzipBytes: script.wireBytes }];
    const parts = [{ name: NO_MAP, library: false, rawBytes: 0, gzipBytes: script.wireBytes, sources }];
    return { file: urlPath, rawBytes: 0, gzipBytes: script.wireBytes, parts };
  }
  const code = readFileSync(file, "utf8");
  const rawBytes = Buffer.byteLength(code);
  const mapFile = `${file}.map`;
  const bySource = existsSync(mapFile)
    ? attributeBytes(code, JSON.parse(readFileSync(mapFile, "utf8")) as SourceMapJson)
    : new Map([[urlPath, rawBytes]]);
  const fallbackOwner = path.basename(file).startsWith("manifest-") ? ROUTE_MANIFEST : NO_MAP;
  const parts = mergeParts(
    [...bySource].map(([source, raw]) => {
      const name = existsSync(mapFile) ? ownerOfSource(source) : fallbackOwner;
      const gzipBytes = rawBytes === 0 ? 0 : (script.wireBytes * raw) / rawBytes;
      return {
        name,
        library: !NOT_LIBRARIES.has(name),
        rawBytes: raw,
        gzipBytes,
        sources: [{ source, rawBytes: raw, gzipBytes }],
      };
    }),
  );
  return { file: path.relative(clientDir, file), rawBytes, gzipBytes: script.wireBytes, parts };
}

function mergeParts(parts: JavaScriptPart[]): JavaScriptPart[] {
  const merged = new Map<string, JavaScriptPart>();
  for (const part of parts) {
    const sum = merged.get(part.name) ?? { ...part, rawBytes: 0, gzipBytes: 0, sources: [] };
    sum.rawBytes += part.rawBytes;
    sum.gzipBytes += part.gzipBytes;
    for (const share of part.sources) {
      const known = sum.sources.find((entry) => entry.source === share.source);
      if (known) {
        known.rawBytes += share.rawBytes;
        known.gzipBytes += share.gzipBytes;
      } else {
        sum.sources.push({ ...share });
      }
    }
    merged.set(part.name, sum);
  }
  for (const part of merged.values()) part.sources.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return [...merged.values()].sort((a, b) => b.gzipBytes - a.gzipBytes);
}
