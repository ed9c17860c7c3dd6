import { islandChunks, type ViteManifest } from "../../app/islands/island-chunks.ts";

export type IslandJavaScript = { name: string; files: string[] };

/**
 * The JavaScript each island fetches when it wakes: the entry module with its
 * imports and the island's own chunks, as the page's inline script asks for
 * them (app/islands/island-bootstrap.ts). A page fetches none before a visitor
 * needs an island; a second island on the page adds only its own chunks.
 * Files are relative to the client folder.
 */
export function javaScriptByIsland(manifest: ViteManifest): IslandJavaScript[] {
  return Object.entries(islandChunks(manifest, "")).map(([name, files]) => ({ name, files }));
}
