import { islandChunks, type ViteManifest } from "../app/islands/island-chunks.ts";

/** The island loaders, as the manifest names them: the one kind of dynamic import an island may reach. */
const loaderSource = /^app\/islands\/load\/[\w-]+\.tsx?$/;

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

export type IslandChain = { name: string; depth: number; late: string[] };

/**
 * How many requests deep each island's code is, counting the page as the
 * first: the page's inline script asks for every file of an island at once
 * (depth 2). A file one of them imports but the list leaves out, or a dynamic
 * import inside an island's code, is found only when its importer has
 * arrived: one more round trip (depth 3), listed in `late`.
 */
export function islandChains(manifest: ViteManifest): IslandChain[] {
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, { key, chunk }]));
  return javaScriptByIsland(manifest).map(({ name, files }) => {
    const late = new Set<string>();
    for (const file of files) {
      const chunk = byFile.get(file)?.chunk;
      for (const key of chunk?.imports ?? []) {
        const imported = manifest[key]?.file;
        if (imported && !files.includes(imported)) late.add(imported);
      }
      for (const key of chunk?.dynamicImports ?? []) {
        if (!loaderSource.test(manifest[key]?.src ?? key)) late.add(manifest[key]?.file ?? key);
      }
    }
    return { name, depth: late.size > 0 ? 3 : 2, late: [...late] };
  });
}
