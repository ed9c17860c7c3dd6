import path from "node:path";
import { type CommandResult, runScript } from "./run-script.ts";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * Runs `npm run staff` (the script itself, with the Node that runs the tests)
 * on a data folder: the browser tests' server's, E2E_DATA_DIR, unless told;
 * storeEnv, when given, names the store the server runs on instead (a test
 * store's settings: its SQLite file, or DATABASE_URL). Plain Node, for the
 * browser tests (staff.ts) and the integration tests alike.
 */
export async function runStaffCommand(
  args: string[],
  dataDir = process.env.E2E_DATA_DIR,
  storeEnv: Record<string, string> = {},
): Promise<CommandResult> {
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set: run the browser tests through playwright.config.ts");
  return runScript("scripts/staff.ts", args, { cwd: root, env: { DATA_DIR: dataDir, ...storeEnv } });
}

/** The set-password link in what `npm run staff -- add` or `reset` printed. */
export function linkIn(output: string): string {
  const link = /https?:\/\/\S+\/inbox\/set-password\/[\w-]+/.exec(output)?.[0];
  if (!link) throw new Error(`No set-password link in:\n${output}`);
  return link;
}

let made = 0;

/** An address no other test uses, as every test shares the one database. */
export function uniqueStaffEmail(label = "staff"): string {
  made += 1;
  return `${label}.${process.pid}.${Date.now().toString(36)}.${made}@example.com`;
}

/** A password that passes the rules (long, not a common one), different each time. */
export function goodPassword(): string {
  return `lantern-${Math.random().toString(36).slice(2, 10)}-monsoon-ledger`;
}
