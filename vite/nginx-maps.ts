import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { photosPath } from "../app/server/photos/photo-rules.ts";
import { statusPagesPath } from "../app/site/content/urls.ts";
import { contentSecurityPolicy } from "../app/site/lib/csp.ts";
import { isStaffPath } from "../app/staff/paths.ts";
import { canonicalPath } from "../server/canonical-address.ts";

/** Where the build writes the maps that deploy/nginx/print-site.conf includes, relative to the build folder. */
const nginxMapsFile = "nginx/print-site-files.conf";

/**
 * The addresses nginx may answer from the client build itself, exactly those
 * Node answers with a file: each hashed asset and each other public file. The
 * pages, and the files that name the site's own address (robots.txt, the
 * sitemap), are Node's: once the company publishes a change they are no longer
 * the build's, and each instance serves the latest publication's version
 * (server/published-pages.ts). An address is listed only when its spelling
 * needs no percent-encoding and Node would not redirect it, so nginx never has
 * to decode or tidy one: anything else goes to Node.
 */
export function nginxMaps(clientDir: string): string {
  const files: [address: string, file: string][] = [];
  for (const file of publicFiles(clientDir)) {
    if (!leftToNode(file) && !PUBLISHED_FILES.has(file)) files.push([file, file]);
  }
  files.sort(byFirst);

  return [
    "# Written by the build (vite/nginx-maps.ts) for deploy/nginx/print-site.conf; reload nginx after each build.",
    "",
    "# The file of the build that answers an address, exactly as sent (no query, no other spelling).",
    "# Regular expressions, because nginx compares plain strings in a map ignoring case;",
    '# the addresses hold no character a regular expression reads specially but ".".',
    "map $request_uri $print_site_file {",
    '    default "";',
    ...files.map(([address, file]) => `    "~^${address.replaceAll(".", "\\.")}$" ${quote(file)};`),
    "}",
    "",
    "# The Content-Security-Policy Node sends with a file that is not a page.",
    "map $print_site_file $print_site_policy {",
    `    default ${quote(contentSecurityPolicy())};`,
    "}",
    "",
  ].join("\n");
}

/** Writes nginxMaps for a finished build into the build folder, beside the client folder (never served). */
export function writeNginxMaps(buildDir: string): void {
  const file = path.join(buildDir, nginxMapsFile);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, nginxMaps(path.join(buildDir, "client")));
}

/** Files whose content names the site's own address, which the company may change. */
const PUBLISHED_FILES = new Set(["/robots.txt", "/sitemap.xml"]);

/** The client build's files other than pages, as addresses. */
function publicFiles(clientDir: string): string[] {
  return readdirSync(clientDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name !== "index.html")
    .map((entry) => `/${path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`);
}

/**
 * Addresses Node answers otherwise than with their file (server/http-app.ts):
 * status pages serve refusals only, page data and dotfiles are refused, the
 * staff area has headers of its own, the photo library's files are in its
 * folder or bucket, not the build; and any address that is not already in
 * its one plain spelling (only letters, digits and "-._~").
 */
function leftToNode(address: string): boolean {
  return (
    address === statusPagesPath ||
    address.startsWith(`${statusPagesPath}/`) ||
    address.endsWith(".data") ||
    address.split("/").some((segment) => segment.startsWith(".")) ||
    isStaffPath(address) ||
    address === photosPath ||
    address.startsWith(`${photosPath}/`) ||
    !/^\/(?:[A-Za-z0-9._~-]+(?:\/[A-Za-z0-9._~-]+)*)?$/.test(address) ||
    canonicalPath(address) !== address
  );
}

function byFirst([a]: [string, string], [b]: [string, string]): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A quoted nginx string, taken literally: a policy never holds a quote, backslash or "$", which nginx would read otherwise. */
function quote(text: string): string {
  if (/["\\$\n]/.test(text)) throw new Error(`Cannot write ${text} into an nginx map`);
  return `"${text}"`;
}
