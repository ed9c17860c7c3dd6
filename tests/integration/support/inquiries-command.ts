import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../../..");

/** Runs the staff command (npm run inquiries) on a database file, as staff would. */
export async function runInquiries(
  databasePath: string,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [path.join(root, "scripts/inquiries.ts"), ...args], {
    cwd: path.dirname(databasePath),
    env: { PATH: process.env.PATH ?? "", DATABASE_PATH: databasePath },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const [code] = await once(child, "exit");
  return { code: code as number, stdout, stderr };
}
