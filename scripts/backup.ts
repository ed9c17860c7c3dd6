import "./require-node.mjs";
import { randomBytes } from "node:crypto";
import {
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
} from "node:fs";
import path from "node:path";
import { backup, DatabaseSync } from "node:sqlite";
import { parseArgs } from "node:util";
import { BUSY_PATIENCE_MS } from "../app/server/store/db.server.ts";
import { commandArgs } from "./lib/command-args.ts";
import { commandDatabasePath } from "./lib/command-database.ts";

const usage = `Copies the inquiry database (SQLite) into one file, while the server keeps running.

  npm run backup -- <file>           writes the copy to <file>; refuses if <file> exists
  npm run backup -- <file> --force   replaces an existing <file>

The copy is a consistent snapshot taken with SQLite's online backup: inquiries sent
while it runs are in it or not, never half. It is written beside <file> under a
.partial name, checked (PRAGMA quick_check) and only then renamed to <file>.
To restore it, stop the server, move the database file and its -wal and -shm files
aside, copy the backup in its place and start the server.

The database is the server's: DATA_DIR or DATABASE_PATH, as for the server (default data/inquiries.sqlite).
With DATABASE_URL set the inquiries are in PostgreSQL, which pg_dump backs up.
`;

const postgresAdvice = `DATABASE_URL is set: the inquiries are in PostgreSQL, which this command does not copy.
Back it up with PostgreSQL's own tool, pg_dump, for example:

  pg_dump --format=custom --file=inquiries-$(date +%F).dump "$DATABASE_URL"

and restore such a file into an empty database with pg_restore --dbname "$DATABASE_URL" <file>.
`;

// One backup step as large as SQLite allows copies every page inside one read
// transaction: a consistent snapshot. Smaller steps would start over each time
// the server writes in between, and might never finish on a busy site.
const ALL_PAGES_AT_ONCE = 2 ** 31 - 1;

/** What is left to remove if the copy is interrupted: the unfinished file and its journal. */
let unfinished: string | undefined;

function removeUnfinished() {
  if (unfinished === undefined) return;
  for (const file of [unfinished, `${unfinished}-journal`, `${unfinished}-wal`, `${unfinished}-shm`]) {
    rmSync(file, { force: true });
  }
  unfinished = undefined;
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    if (unfinished !== undefined) process.stderr.write("Stopped: no backup was written.\n");
    removeUnfinished();
    process.exit(signal === "SIGINT" ? 130 : 143);
  });
}

async function main(): Promise<number> {
  const args = commandArgs(parse, usage);
  if (typeof args === "number") return args;
  const [given, ...extra] = args.positionals;
  if (!given || extra.length > 0) {
    process.stderr.write(
      `${given ? "Give one file to write the backup to." : "Which file should the backup go to?"}\n\n${usage}`,
    );
    return 2;
  }
  if (process.env.DATABASE_URL) {
    process.stderr.write(postgresAdvice);
    return 2;
  }

  const databasePath = commandDatabasePath();
  if (databasePath === undefined) return 1;
  if (!existsSync(databasePath)) {
    process.stderr.write(`There is no database at ${databasePath}: nothing to back up.\n`);
    return 1;
  }

  // npm runs scripts in the project's folder; a relative name means where the command was typed.
  const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
  const problem = targetProblem(target, databasePath, args.values.force === true);
  if (problem) {
    process.stderr.write(`${problem}\n`);
    return 1;
  }

  let db: DatabaseSync;
  try {
    db = openSource(databasePath);
  } catch (error) {
    process.stderr.write(`The database ${databasePath} could not be opened: ${(error as Error).message}\n`);
    return 1;
  }
  const partial = path.join(path.dirname(target), `${path.basename(target)}.${randomBytes(4).toString("hex")}.partial`);
  unfinished = partial;
  try {
    await backup(db, partial, { rate: ALL_PAGES_AT_ONCE });
  } catch (error) {
    removeUnfinished();
    process.stderr.write(`The backup could not be written to ${partial}: ${(error as Error).message}\n`);
    return 1;
  } finally {
    db.close();
  }

  try {
    const inquiries = checkCopy(partial);
    syncFile(partial);
    if (args.values.force) {
      renameSync(partial, target);
    } else {
      // A link fails when the name is taken, so a file that appeared meanwhile is not replaced either.
      linkSync(partial, target);
      unlinkSync(partial);
    }
    unfinished = undefined;
    syncFile(path.dirname(target));
    const size = statSync(target).size;
    process.stdout.write(
      `Backed up ${inquiries} ${inquiries === 1 ? "inquiry" : "inquiries"} to ${target} ` +
        `(${formatSize(size)}, PRAGMA quick_check ok).\n`,
    );
    return 0;
  } catch (error) {
    removeUnfinished();
    const code = (error as NodeJS.ErrnoException).code;
    process.stderr.write(
      code === "EEXIST"
        ? `${target} appeared while the backup was being made; nothing was replaced. Add --force to replace it.\n`
        : `The backup was not kept: ${(error as Error).message}\n`,
    );
    return 1;
  }
}

/**
 * SQLite's backup needs a connection of node:sqlite's own, whatever the store
 * does with its own. Opened as it is: a backup copies the database, it does not
 * bring its schema up to date. The copy is checked instead (checkCopy).
 */
function openSource(databasePath: string): DatabaseSync {
  return new DatabaseSync(databasePath, { timeout: BUSY_PATIENCE_MS });
}

function targetProblem(target: string, databasePath: string, force: boolean): string | undefined {
  if ([databasePath, `${databasePath}-wal`, `${databasePath}-shm`].includes(target)) {
    return `${target} is the database itself; give the backup another name.`;
  }
  if (!existsSync(path.dirname(target)) || !statSync(path.dirname(target)).isDirectory()) {
    return `There is no folder ${path.dirname(target)} to write the backup in.`;
  }
  if (!existsSync(target)) return undefined;
  if (statSync(target).isDirectory()) return `${target} is a folder; name the backup file in it.`;
  return force ? undefined : `${target} exists already; nothing was written. Add --force to replace it.`;
}

/**
 * Checks the copy as the server checks its database at start, and makes it one
 * self-contained file: the copy carries the server's write-ahead mode, which
 * would leave -wal and -shm files beside it whenever it is opened.
 */
function checkCopy(file: string): number {
  const copy = new DatabaseSync(file);
  try {
    copy.exec("PRAGMA journal_mode = DELETE");
    const rows = copy.prepare("PRAGMA quick_check").all() as { quick_check: string }[];
    const problems = rows.map((row) => row.quick_check).filter((text) => text !== "ok");
    if (problems.length > 0) throw new Error(`the copy fails PRAGMA quick_check: ${problems.slice(0, 3).join("; ")}`);
    const { count } = copy.prepare("SELECT count(*) AS count FROM inquiries").get() as { count: number };
    return count;
  } finally {
    copy.close();
  }
}

function formatSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** On disk before its name says it is a good backup, and the name on disk too. */
function syncFile(file: string) {
  const fd = openSync(file, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function parse() {
  return parseArgs({
    args: process.argv.slice(2),
    options: {
      force: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
    allowPositionals: true,
  });
}

process.exitCode = await main();
