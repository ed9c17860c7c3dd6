import { tmpdir } from "node:os";
import path from "node:path";
import { type CommandResult, runScript } from "../../support/run-script.ts";

/**
 * Runs the staff command (npm run inquiries) as staff would, on a database
 * file's path or on a store's settings (a test store's env: DATABASE_PATH, or
 * DATABASE_URL with FORM_SECRET), so it reads what a server on that store reads.
 */
export async function runInquiries(store: string | Record<string, string>, ...args: string[]): Promise<CommandResult> {
  const env = typeof store === "string" ? { DATABASE_PATH: store } : store;
  // Run from outside the project, so its own data folder is never touched: beside
  // SQLite's file, or, for PostgreSQL, which has no folder here, the temporary one.
  const cwd = env.DATABASE_PATH ? path.dirname(env.DATABASE_PATH) : tmpdir();
  return runScript("scripts/inquiries.ts", args, { cwd, env });
}
