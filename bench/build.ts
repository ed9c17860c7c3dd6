import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export type BuildOptions = {
  /** Relative to the project, like the server's BUILD_DIR. */
  buildDir: string;
  /** Undefined leaves PRELOADER_MS out of the environment, so the app's own default applies. */
  preloaderMs: string | undefined;
  timeoutMs: number;
};

/**
 * Runs `react-router build` in a child process, as `npm exec` would: the binary in
 * node_modules/.bin, with this Node first on the PATH so its `#!/usr/bin/env node`
 * finds Node 24 rather than the system's.
 *
 * Client source maps are "hidden": written beside the chunks for the JavaScript
 * split, but not referenced from them, so the browser and Lighthouse get the same
 * files as from a plain build.
 */
export async function buildSite({ buildDir, preloaderMs, timeoutMs }: BuildOptions): Promise<number> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    BUILD_DIR: buildDir,
    PATH: [path.dirname(process.execPath), path.join(root, "node_modules", ".bin"), process.env.PATH].join(
      path.delimiter,
    ),
  };
  delete env.PRELOADER_MS;
  if (preloaderMs !== undefined) env.PRELOADER_MS = preloaderMs;

  const started = Date.now();
  const child = spawn(
    path.join(root, "node_modules", ".bin", "react-router"),
    ["build", "--sourcemapClient", "hidden", "--logLevel", "warn"],
    { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] },
  );
  // Kept for the error message only: a good build's prerender log is dozens of lines of noise.
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  }).finally(() => clearTimeout(timer));
  if (code !== 0) {
    const reason = code === null ? `was stopped after ${timeoutMs / 1000} s` : `failed with exit code ${code}`;
    throw new Error(`The build into ${buildDir} ${reason}:\n${output.trim().split("\n").slice(-40).join("\n")}`);
  }
  assertMapsHidden(path.join(root, buildDir, "client", "assets"));
  return Date.now() - started;
}

/** A chunk that names its map would let Lighthouse see a different build from production's. */
function assertMapsHidden(assetsDir: string) {
  for (const file of readdirSync(assetsDir)) {
    if (file.endsWith(".js") && readFileSync(path.join(assetsDir, file), "utf8").includes("sourceMappingURL=")) {
      throw new Error(`${file} references a source map; the benchmark needs hidden maps`);
    }
  }
}
