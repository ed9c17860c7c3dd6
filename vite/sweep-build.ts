import { readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { clientManifestFile } from "../app/islands/island-chunks.ts";
import { writeNginxMaps } from "./nginx-maps.ts";

/**
 * What a finished client build holds that no page can load: React Router's
 * page data (*.data), which only its own client reads, and the route modules,
 * manifest and chunks that no page's script reaches, since pages load one
 * module that wakes their islands, and each page names the chunks its islands
 * need (app/islands/island.tsx). Removing them ships only what visitors use,
 * so an address for any of them answers 404.
 */
export function unusedOutput(clientDir: string): string[] {
  const files = listFiles(clientDir);
  const data = files.filter((file) => file.endsWith(".data"));
  const scripts = files.filter((file) => file.endsWith(".js"));
  const live = liveScripts(
    files.filter((file) => file.endsWith(".html")).map((file) => readFileSync(path.join(clientDir, file), "utf8")),
    (file) => readFileSync(path.join(clientDir, file), "utf8"),
    new Set(scripts),
  );
  const dead = scripts.filter((file) => !live.has(file));
  return [...data, ...dead, ...dead.map((file) => `${file}.map`).filter((map) => files.includes(map))];
}

/**
 * Finishes a build: moves Vite's chunk manifest out of the served folder (the
 * server and the size checks read it, visitors have no use for it), sweeps unused output and
 * writes the maps nginx serves the build's files by (deploy/nginx).
 */
export function finishBuild(buildDir: string): void {
  const clientDir = path.join(buildDir, "client");
  renameSync(path.join(clientDir, ".vite", "manifest.json"), path.join(buildDir, clientManifestFile));
  rmSync(path.join(clientDir, ".vite"), { recursive: true });
  sweepBuild(clientDir);
  writeNginxMaps(buildDir);
}

/** Removes what `unusedOutput` finds; answers the files removed, relative to the client folder. */
export function sweepBuild(clientDir: string): string[] {
  const unused = unusedOutput(clientDir);
  for (const file of unused) rmSync(path.join(clientDir, file));
  return unused;
}

/**
 * The scripts pages load, followed through every import (static, dynamic and
 * the preload lists the bundler writes) to the last chunk.
 */
export function liveScripts(
  pages: string[],
  read: (file: string) => string,
  scripts: ReadonlySet<string>,
): Set<string> {
  const live = new Set<string>();
  const pending = pages.flatMap((html) => scriptsNamedIn(html, scripts));
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (live.has(file)) continue;
    live.add(file);
    pending.push(...scriptsNamedIn(read(file), scripts));
  }
  return live;
}

/** Every script of the build that a text names, however it spells the path ("/assets/x.js", "./x.js", "assets/x.js"). */
function scriptsNamedIn(text: string, scripts: ReadonlySet<string>): string[] {
  const byName = new Map([...scripts].map((file) => [path.posix.basename(file), file]));
  const named = [...text.matchAll(/[\w./-]+\.js\b/g)].map((match) => byName.get(path.posix.basename(match[0])));
  return named.filter((file): file is string => file !== undefined);
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
}
