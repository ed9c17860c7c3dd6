import { spawn } from "node:child_process";
import { once } from "node:events";

export type DatabaseLock = {
  /** Ends the other process's transaction, which lets writers in again. */
  release(): Promise<void>;
};

// Another process, as a backup tool or a staff command would be: a lock held in
// the test's own process would not show what the server does about someone else's.
const holder = `
import { DatabaseSync } from "node:sqlite";
const db = new DatabaseSync(process.argv[1]);
db.exec("BEGIN IMMEDIATE");
process.stdout.write("locked\\n");
process.stdin.resume();
process.stdin.on("end", () => {
  db.exec("ROLLBACK");
  db.close();
});
`;

/**
 * Holds the write lock on a database (in write-ahead mode, BEGIN IMMEDIATE
 * keeps every other writer out; readers still read) until released.
 */
export async function holdWriteLock(file: string): Promise<DatabaseLock> {
  const child = spawn(process.execPath, ["--input-type=module", "-e", holder, file], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const exited = once(child, "exit");
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      if (chunk.toString("utf8").includes("locked")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`The lock holder exited (${code}) before taking the lock`)));
  });
  return {
    async release() {
      if (child.exitCode !== null) return;
      child.stdin.end();
      await exited;
    },
  };
}
