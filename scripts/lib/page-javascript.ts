/** A chunk in Vite's build manifest (build/client-manifest.json), keyed by its source module. */
export type ManifestChunk = { file: string; name?: string; imports?: string[]; dynamicImports?: string[] };
export type ViteManifest = Record<string, ManifestChunk>;

/** The files a module loads before it runs: its own and every static import's, to the last one. */
export function staticFiles(manifest: ViteManifest, key: string): string[] {
  const files = new Set<string>();
  const pending = [key];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const chunk = manifest[next];
    if (!chunk) throw new Error(`The build manifest has no module ${next}`);
    if (files.has(chunk.file)) continue;
    files.add(chunk.file);
    pending.push(...(chunk.imports ?? []));
  }
  return [...files];
}

export type PageJavaScript = { name: string; files: string[] };

/**
 * The JavaScript each kind of page loads: the entry module (which brings the
 * header) on every page, plus one lazily loaded island on the pages that have it.
 */
export function javaScriptByPageKind(manifest: ViteManifest, entry: string): PageJavaScript[] {
  const always = staticFiles(manifest, entry);
  const islands = manifest[entry]?.dynamicImports ?? [];
  return [
    { name: "every page (the entry and the header)", files: always },
    ...islands.map((island) => ({
      name: `a page with the ${manifest[island]?.name ?? island}`,
      files: [...new Set([...always, ...staticFiles(manifest, island)])],
    })),
  ];
}
