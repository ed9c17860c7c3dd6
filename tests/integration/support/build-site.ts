import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The production build the integration tests run the server on. */
    siteBuildDir: string;
  }
}

const root = path.resolve(import.meta.dirname, "../../..");

/**
 * Builds the site once for the integration tests, into a folder of their own so
 * that no other build is touched. It sits in the project (build-integration-*,
 * ignored by git) because the server bundle finds its packages in node_modules.
 * INTEGRATION_BUILD_DIR reuses a build instead.
 */
export default async function buildSite(project: TestProject) {
  const given = process.env.INTEGRATION_BUILD_DIR;
  if (given) {
    project.provide("siteBuildDir", path.resolve(root, given));
    return;
  }
  const dir = await mkdtemp(path.join(root, "build-integration-"));
  const child = spawn(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.cjs"), "build"], {
    cwd: root,
    // The build `npm start` makes: under the test runner NODE_ENV is "test", which would make a build with development's page scripts.
    env: { ...process.env, BUILD_DIR: dir, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const [code] = await once(child, "exit");
  if (code !== 0) throw new Error(`The build for the integration tests failed:\n${output}`);
  project.provide("siteBuildDir", dir);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
