import { createHash } from "node:crypto";

/**
 * The Content-Security-Policy of every response. Scripts run only from this
 * origin or, for the inline bootstrap scripts React Router writes into each
 * page, when their SHA-256 hash is listed: a page's own HTML is hashed, so no
 * nonce has to be baked into a prerendered file.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[] = []): string {
  const scriptSources = ["'self'", ...scriptHashes.map((hash) => `'${hash}'`)];
  return [
    "default-src 'self'",
    `script-src ${scriptSources.join(" ")}`,
    "style-src 'self'",
    // React writes a few style attributes (the preloader's duration); attributes cannot run code.
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join("; ");
}

const inlineScript = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** The hashes of a page's inline scripts that a browser would run; JSON-LD and other data blocks are not run. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(inlineScript)) {
    if (/\bsrc\s*=/i.test(attributes) || !isExecutable(attributes) || body === "") continue;
    hashes.add(`sha256-${createHash("sha256").update(body, "utf8").digest("base64")}`);
  }
  return [...hashes];
}

function isExecutable(attributes: string): boolean {
  const type = attributes
    .match(/\btype\s*=\s*"([^"]*)"/i)?.[1]
    ?.trim()
    .toLowerCase();
  return type === undefined || type === "" || type === "module" || type === "text/javascript";
}
