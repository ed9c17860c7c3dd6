import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { islandBootstrap } from "./island-bootstrap.ts";
import { clientManifestFile, entryModule, islandChunks, type ViteManifest } from "./island-chunks.ts";
import type { PageScriptsValue } from "./page-scripts.tsx";

/**
 * Where the build keeps Vite's manifest of the client's chunks, from the server
 * bundle (<build>/server/index.js): beside the client folder once the build is
 * finished (vite/sweep-build.ts), and inside it while pages are prerendered.
 */
function manifestFiles(): string[] {
  const buildDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  return [path.join(buildDir, clientManifestFile), path.join(buildDir, "client", ".vite", "manifest.json")];
}

let scripts: PageScriptsValue | undefined;

/**
 * What a page needs to wake its islands (`PageScripts`, `Island`): the inline
 * script, and the chunks this build made for each island. Read once;
 * `entryAddress` is the entry module as React Router's manifest gives it, which
 * must be the one Vite's manifest names. In development there is no manifest,
 * and React Router's own scripts load the entry instead.
 */
export function pageScripts(entryAddress: string): PageScriptsValue | undefined {
  if (import.meta.env.DEV) return undefined;
  if (scripts) return scripts;
  const found = manifestFiles().find((file) => existsSync(file));
  if (!found) throw new Error(`No client manifest beside the server build: looked for ${manifestFiles().join(", ")}`);
  const manifest: ViteManifest = JSON.parse(readFileSync(found, "utf8"));
  const entryFile = manifest[entryModule]?.file ?? "";
  if (!entryAddress.endsWith(`/${entryFile}`)) {
    throw new Error(
      `The client manifest (${found}) is not this build's: its entry is ${entryFile}, not ${entryAddress}`,
    );
  }
  scripts = { bootstrap: islandBootstrap, chunks: islandChunks(manifest, entryAddress.slice(0, -entryFile.length)) };
  return scripts;
}
