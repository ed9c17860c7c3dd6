import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { compileCacheEnv } from "./compile-cache.ts";

const root = path.resolve(import.meta.dirname, "../..");

export type CommandResult = { code: number; stdout: string; stderr: string };

/**
 * Runs one of the project's scripts (scripts/…) with the Node that runs the
 * tests, as staff would run it through npm, and collects what it printed. Its
 * environment holds PATH and the settings given, nothing from the shell.
 */
export async function runScript(
  script: string,
  args: string[],
  options: { cwd: string; env: Record<string, string> },
): Promise<CommandResult> {
  const child = spawn(process.execPath, [path.join(root, script), ...args], {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? "", ...compileCacheEnv, ...options.env },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const [code] = await once(child, "exit");
  return { code: code as number, stdout, stderr };
}
