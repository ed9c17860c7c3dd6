import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { contentSecurityPolicy, inlineHashes } from "../app/site/lib/csp.ts";
import { type KeptBody, keptBody } from "./precompressed.ts";

export type PrerenderedPage = { body: KeptBody; contentSecurityPolicy: string };

/**
 * The prerendered pages in the client build, as a map from URL path to page
 * (build/client/about/index.html answers /about), each with the policy that
 * allows exactly its own inline scripts. Read once at start-up and kept in
 * memory (a few dozen pages of about 60 kB), with their encodings once made.
 */
export function findPrerenderedPages(clientDir: string): Map<string, PrerenderedPage> {
  const pages = new Map<string, PrerenderedPage>();
  for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name !== "index.html") continue;
    const file = path.join(entry.parentPath, entry.name);
    const relative = path.relative(clientDir, entry.parentPath).split(path.sep).join("/");
    const body = readFileSync(file);
    const policy = contentSecurityPolicy(inlineHashes(body.toString("utf8")));
    pages.set(relative === "" ? "/" : `/${relative}`, { body: keptBody(body), contentSecurityPolicy: policy });
  }
  return pages;
}

/**
 * Takes the prerendered status pages (build/client/_status/<kind>) out of the
 * pages served at their own address: they exist only to answer refusals.
 */
export function takeStatusPages(pages: Map<string, PrerenderedPage>, prefix: string): Map<string, PrerenderedPage> {
  const statusPages = new Map<string, PrerenderedPage>();
  for (const [address, page] of pages) {
    if (!address.startsWith(prefix)) continue;
    statusPages.set(address.slice(prefix.length), page);
    pages.delete(address);
  }
  return statusPages;
}
