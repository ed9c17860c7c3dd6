import path from "node:path";
import { type CommandResult, runScript } from "../../support/run-script.ts";

/** Runs the staff command (npm run inquiries) on a database file, as staff would. */
export async function runInquiries(databasePath: string, ...args: string[]): Promise<CommandResult> {
  return runScript("scripts/inquiries.ts", args, {
    cwd: path.dirname(databasePath),
    env: { DATABASE_PATH: databasePath },
  });
}
