import { readdirSync } from "node:fs";
import path from "node:path";

/**
 * The prerendered pages in the client build, as a map from URL path to file:
 * build/client/about/index.html answers /about. Read once at start-up.
 */
export function findPrerenderedPages(clientDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name !== "index.html") continue;
    const file = path.join(entry.parentPath, entry.name);
    const relative = path.relative(clientDir, entry.parentPath).split(path.sep).join("/");
    pages.set(relative === "" ? "/" : `/${relative}`, file);
  }
  return pages;
}
