import { createHash } from "node:crypto";

export type InlineHashes = { scripts: string[]; styles: string[] };

/**
 * The Content-Security-Policy of every response. Scripts and styles come only
 * from this origin or, for the inline bootstrap scripts React Router writes
 * into each page and the inline stylesheet, when their SHA-256 hash is listed:
 * the page's own HTML is hashed, so no nonce has to be baked into a
 * prerendered file.
 */
export function contentSecurityPolicy(
  { scripts, styles }: InlineHashes = { scripts: [], styles: [] },
  options: { staffArea?: boolean } = {},
): string {
  const quoted = (hashes: string[]) => hashes.map((hash) => ` '${hash}'`).join("");
  return [
    "default-src 'self'",
    `script-src 'self'${quoted(scripts)}`,
    `style-src 'self'${quoted(styles)}`,
    // React writes a few style attributes (the preloader's duration); an attribute cannot run code.
    "style-src-attr 'unsafe-inline'",
    // The staff area shows buyers' previews from this origin, and nothing else: no data: images there.
    options.staffArea ? "img-src 'self'" : "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join("; ");
}

/**
 * The hashes of a page's inline scripts that a browser would run or act on
 * (speculation rules among them; not JSON-LD data blocks) and inline styles.
 */
export function inlineHashes(html: string): InlineHashes {
  const scripts = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes) || !runsAsScript(attributes) || body === "") continue;
    scripts.add(sha256(body));
  }
  const styles = new Set<string>();
  for (const [, body = ""] of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) {
    if (body !== "") styles.add(sha256(body));
  }
  return { scripts: [...scripts], styles: [...styles] };
}

function sha256(text: string): string {
  return `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;
}

function runsAsScript(attributes: string): boolean {
  const type = attributes
    .match(/\btype\s*=\s*"([^"]*)"/i)?.[1]
    ?.trim()
    .toLowerCase();
  return (
    type === undefined || type === "" || type === "module" || type === "text/javascript" || type === "speculationrules"
  );
}
