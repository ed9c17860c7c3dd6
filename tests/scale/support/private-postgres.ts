import { execFile } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "../../support/free-port.ts";

const run = promisify(execFile);

/**
 * A PostgreSQL server of the test's own, on a free loopback port, made with
 * Debian's initdb: a test may stop and restart it under load without touching
 * the server every other test shares.
 */
export type PrivatePostgres = {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  remove(): Promise<void>;
};

/** Debian keeps each major version's programs in a folder of its own; the newest is used. */
function binDir(): string {
  const root = "/usr/lib/postgresql";
  const versions = readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error("PostgreSQL is not installed: run scripts/ensure-postgres.sh");
  return path.join(root, versions[0], "bin");
}

/** PostgreSQL refuses to run as root; as root, its programs run as the postgres user. */
function asPostgres(program: string, args: string[]) {
  const file = path.join(binDir(), program);
  return process.getuid?.() === 0 ? run("runuser", ["-u", "postgres", "--", file, ...args]) : run(file, args);
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const folder = mkdtempSync(path.join(tmpdir(), "private-postgres-"));
  // The postgres user must be able to reach its folder inside the test's own.
  chmodSync(folder, 0o777);
  const data = path.join(folder, "data");
  const port = await freePort();
  await asPostgres("initdb", ["-D", data, "-U", "site", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = async () => {
    await asPostgres("pg_ctl", ["-D", data, "-o", options, "-w", "-l", path.join(folder, "log"), "start"]);
  };
  const stop = async () => {
    await asPostgres("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
  };
  await start();
  await asPostgres("createdb", ["-h", "127.0.0.1", "-p", String(port), "-U", "site", "site"]);
  return {
    url: `postgres://site@127.0.0.1:${port}/site`,
    start,
    stop,
    async remove() {
      await stop().catch(() => {});
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
