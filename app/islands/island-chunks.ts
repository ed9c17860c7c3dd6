/** A chunk in Vite's build manifest, keyed by its source module (or `_<file>` for a shared chunk). */
export type ManifestChunk = {
  file: string;
  name?: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
};
export type ViteManifest = Record<string, ManifestChunk>;

/** Where a finished build keeps Vite's manifest of the client's chunks: beside the client folder, never served. */
export const clientManifestFile = "client-manifest.json";

/** The browser module that wakes islands, as the build's manifest names it. */
export const entryModule = "app/entry.client.tsx";

/** Each island loads its component through a module of its own, named as the island (`registry.ts`). */
const loaderModule = /^app\/islands\/load\/([\w-]+)\.tsx?$/;

/** The modules a module loads before it runs: itself and every static import, to the last one. */
function staticModules(manifest: ViteManifest, key: string): string[] {
  const modules: string[] = [];
  const pending = [key];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const chunk = manifest[next];
    if (!chunk) throw new Error(`The build manifest has no module ${next}`);
    if (modules.includes(next)) continue;
    modules.push(next);
    pending.push(...(chunk.imports ?? []));
  }
  return modules;
}

/** The files a module loads before it runs, its own first. */
export function staticFiles(manifest: ViteManifest, key: string): string[] {
  return [...new Set(staticModules(manifest, key).map((module) => manifest[module]?.file ?? ""))];
}

/**
 * What the browser fetches to wake each island, by the island's name, read from
 * the build's manifest: the entry module first, then everything it imports and
 * the island's own chunks. All of them are asked for at once, so an island
 * costs one round trip however its code is split.
 */
export function islandChunks(manifest: ViteManifest, base = "/"): Record<string, string[]> {
  const entryModules = staticModules(manifest, entryModule);
  const always = staticFiles(manifest, entryModule);
  const islands: Record<string, string[]> = {};
  for (const key of entryModules.flatMap((module) => manifest[module]?.dynamicImports ?? [])) {
    const name = loaderModule.exec(manifest[key]?.src ?? "")?.[1];
    if (name === undefined) continue;
    islands[name] = [...new Set([...always, ...staticFiles(manifest, key)])].map((file) => base + file);
  }
  return islands;
}
