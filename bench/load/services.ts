import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { type SiteServer, startSite } from "../../tests/support/start-site.ts";
import { cleanups, log } from "./progress.ts";

// What the set-ups run on: the build, the mail receiver, PostgreSQL and the site's instances.

const root = path.resolve(import.meta.dirname, "../..");
// BUILD_DIR, as the server reads it, measures another build side by side with build/ (a before and an after).
const BUILD_DIR = process.env.BUILD_DIR || "build";
const BUILD_TIMEOUT_MS = 5 * 60_000;

/** The existing build, as npm run serve uses it; built as npm run build does when there is none. */
export async function ensureBuild() {
  const serverBundle = path.join(root, BUILD_DIR, "server", "index.js");
  if (existsSync(serverBundle)) {
    log(`Serving the existing ${BUILD_DIR}/ (run npm run build first to measure the current code)`);
    return;
  }
  log(`No ${BUILD_DIR}/ yet: building it`);
  const child = spawn(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.cjs"), "build"], {
    cwd: root,
    env: { ...process.env, BUILD_DIR },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const timer = setTimeout(() => child.kill("SIGKILL"), BUILD_TIMEOUT_MS);
  const [code] = await once(child, "exit").finally(() => clearTimeout(timer));
  if (code !== 0) throw new Error(`The build failed (${code}):\n${output.trim().split("\n").slice(-30).join("\n")}`);
}

/**
 * A real SMTP server on 127.0.0.1 in a process of its own (the browser tests'
 * receiver), so that the instances send each inquiry's two mails as in
 * production without the receiver taking time from the load generator.
 */
export async function startMailReceiver(): Promise<number> {
  const mailDir = mkdtempSync(path.join(tmpdir(), "bench-load-mail-"));
  const child = spawn(process.execPath, [path.join(root, "tests", "support", "mail-receiver.ts")], {
    env: { PATH: process.env.PATH ?? "", E2E_MAIL_DIR: mailDir },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = once(child, "exit");
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(mailDir, { recursive: true, force: true });
  });
  let output = "";
  return new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      output += chunk;
      const port = /Mail receiver on 127\.0\.0\.1:(\d+)/.exec(output)?.[1];
      if (port) resolve(Number(port));
    });
    void exited.then(([code]) => reject(new Error(`The mail receiver exited (${code}): ${output}`)));
  });
}

/** TEST_POSTGRES_URL, or the server scripts/ensure-postgres.sh installs or starts and names. */
export async function ensurePostgres(): Promise<{ url: string; version: string }> {
  if (!process.env.TEST_POSTGRES_URL) {
    const child = spawn("bash", [path.join(root, "scripts", "ensure-postgres.sh")], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    const [code] = await once(child, "exit");
    if (code !== 0) throw new Error(`scripts/ensure-postgres.sh failed with exit code ${code}`);
    process.env.TEST_POSTGRES_URL = output.trim();
  }
  const url = process.env.TEST_POSTGRES_URL;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version: string }>("SHOW server_version");
    return { url, version: rows[0]?.server_version ?? "?" };
  } finally {
    await client.end();
  }
}

export type Instance = { server: SiteServer; dataDir: string };

export async function startInstance(env: Record<string, string>): Promise<Instance> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-load-data-"));
  try {
    const server = await startSite({ buildDir: BUILD_DIR, dataDir, env });
    cleanups.push(async () => {
      await Promise.race([server.stop(), new Promise((resolve) => setTimeout(resolve, 15_000).unref())]);
      await server.stop("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    });
    return { server, dataDir };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
