import "../../scripts/require-node.mjs";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { startTestS3 } from "../../tests/support/s3-server.ts";
import { type SiteServer, startSite } from "../../tests/support/start-site.ts";
import { throwawayPostgresDatabase } from "../../tests/support/test-postgres.ts";
import { median } from "../results.ts";
import { contactFormBody, contactFormToken } from "./form.ts";
import { ensureNginx, startBalancer } from "./nginx.ts";
import { type LoadReport, renderLoadMarkdown, type SetupResult, summarize } from "./report.ts";
import { measureUploads, type UploadResult } from "./uploads.ts";

// Requests per second and latency of the production server under load, on
// 127.0.0.1, for SQLite with one instance and PostgreSQL with one and with two
// behind nginx. The figures are reported, never judged: it exits non-zero only
// when something could not be measured. Progress goes to stderr, the Markdown
// report to stdout and reports/.

const root = path.resolve(import.meta.dirname, "../..");

const usage = `Load benchmark: autocannon against the production server on 127.0.0.1.

  npm run bench:load                                  every set-up, 10 s per target
  npm run bench:load -- --duration 30 --connections 50
  npm run bench:load -- --setups sqlite               only some set-ups: sqlite, postgres, postgres-2

Targets: GET /, GET /services/cake and valid posts of the contact form (each stores an inquiry).
Set-ups: SQLite with one instance; PostgreSQL with one instance; PostgreSQL with two instances
behind nginx. PostgreSQL comes from scripts/ensure-postgres.sh unless TEST_POSTGRES_URL names
a server; nginx from scripts/ensure-nginx.sh. Serves build/, building it first when it is missing.
Writes reports/load-<date>.{md,json} and reports/load-latest.{md,json}.

  --duration <s>      seconds measured per target (default 10)
  --warmup <s>        seconds of unmeasured load before each target (default 2)
  --connections <n>   concurrent connections (default 10)
  --upload-files <n>  artwork files uploaded at once, on SQLite and on two instances (default 10; 0: none)
  --upload-mb <n>     each file's size (default 100)
`;

const SETUPS = [
  { name: "sqlite", label: "SQLite, 1 instance", engine: "sqlite", instances: 1 },
  { name: "postgres", label: "PostgreSQL, 1 instance", engine: "postgres", instances: 1 },
  { name: "postgres-2", label: "PostgreSQL, 2 instances + nginx", engine: "postgres", instances: 2 },
] as const;
type Setup = (typeof SETUPS)[number];

const TARGETS = [
  { name: "GET /", method: "GET", path: "/" },
  { name: "GET /services/cake", method: "GET", path: "/services/cake" },
  { name: "POST /contact", method: "POST", path: "/contact" },
] as const;

const BUILD_DIR = "build";
const BUILD_TIMEOUT_MS = 5 * 60_000;
// Every instance signs and checks forms with the same secret, so a token from one is good at the other.
const FORM_SECRET = "bench-load-form-secret-0123456789abcdef";

type Options = {
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
  setups: Setup[];
  upload: { files: number; fileMB: number };
};

function readOptions(): Options | string {
  let values: ReturnType<typeof parse>["values"];
  try {
    values = parse().values;
  } catch (error) {
    return (error as Error).message;
  }
  if (values.help) return "";
  const whole = (name: string, text: string | undefined, fallback: number, min: number) => {
    if (text === undefined) return fallback;
    const value = Number(text);
    if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be a whole number from ${min}`);
    return value;
  };
  try {
    const names = (values.setups ?? SETUPS.map((setup) => setup.name).join(",")).split(",").filter(Boolean);
    const setups = names.map((name) => {
      const setup = SETUPS.find((candidate) => candidate.name === name);
      if (!setup) throw new Error(`--setups: "${name}" is not one of ${SETUPS.map((s) => s.name).join(", ")}`);
      return setup;
    });
    if (setups.length === 0) throw new Error("--setups names no set-up");
    return {
      durationSeconds: whole("duration", values.duration, 10, 1),
      warmupSeconds: whole("warmup", values.warmup, 2, 0),
      connections: whole("connections", values.connections, 10, 1),
      setups,
      upload: {
        files: whole("upload-files", values["upload-files"], 10, 0),
        fileMB: whole("upload-mb", values["upload-mb"], 100, 1),
      },
    };
  } catch (error) {
    return (error as Error).message;
  }
}

function parse() {
  return parseArgs({
    args: process.argv.slice(2),
    options: {
      duration: { type: "string" },
      warmup: { type: "string" },
      connections: { type: "string" },
      setups: { type: "string" },
      "upload-files": { type: "string" },
      "upload-mb": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
    allowPositionals: false,
  });
}

const started = new Date();
const errors: string[] = [];
const log = (message: string) => console.error(`[bench:load ${elapsed()}] ${message}`);

function elapsed() {
  const seconds = Math.round((Date.now() - started.getTime()) / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

// Everything that must be stopped, newest first, on every way out: the end of a
// set-up, an error, a signal or the time limit.
const cleanups: Array<() => Promise<void>> = [];
async function cleanUpTo(depth: number) {
  while (cleanups.length > depth) {
    const cleanup = cleanups.pop();
    await cleanup?.().catch((error: unknown) => log(`Clean-up failed: ${(error as Error).message}`));
  }
}

function armTimeLimit(options: Options) {
  // A hung server or nginx must not hold the machine: twice the planned load, plus time to start and build.
  const plannedSeconds = options.setups.length * TARGETS.length * (options.warmupSeconds + options.durationSeconds);
  const limitMs = (2 * plannedSeconds + 10 * 60) * 1000;
  setTimeout(() => {
    log(`Stopped after ${Math.round(limitMs / 60_000)} minutes`);
    void cleanUpTo(0).finally(() => process.exit(1));
  }, limitMs).unref();
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    log(`${signal} received: stopping the servers`);
    void cleanUpTo(0).finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  });
}

/** The existing build, as npm run serve uses it; built as npm run build does when there is none. */
async function ensureBuild() {
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
async function startMailReceiver(): Promise<number> {
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
async function ensurePostgres(): Promise<{ url: string; version: string }> {
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

/** How many inquiries the set-up's database holds; the form's figures are checked against it. */
type InquiryCounter = () => Promise<number>;

function sqliteCounter(file: string): InquiryCounter {
  return async () => {
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      return (db.prepare("SELECT count(*) AS count FROM inquiries").get() as { count: number }).count;
    } finally {
      db.close();
    }
  };
}

function postgresCounter(url: string): InquiryCounter {
  return async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ count: string }>("SELECT count(*) AS count FROM inquiries");
      return Number(rows[0]?.count);
    } finally {
      await client.end();
    }
  };
}

/**
 * The count once posts still under way when a run stopped have been stored, so
 * that the warm-up's last forms are not counted with the measured run's.
 */
async function settled(count: InquiryCounter): Promise<number> {
  const deadline = Date.now() + 10_000;
  let last = await count();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await count();
    if (now === last || Date.now() > deadline) return now;
    last = now;
  }
}

const loadAverages: number[] = [];

type Instance = { server: SiteServer; dataDir: string };

async function startInstance(env: Record<string, string>): Promise<Instance> {
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

// Browsers ask for compressed pages, and the server compresses each answer as it
// sends it: without this the pages would cost the server less than a visitor's do.
const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br, zstd" };

/** Each form post is a different message, across warm-ups and runs, so none is taken for a repeat. */
let formsSent = 0;

type Target = (typeof TARGETS)[number];

function load(url: string, target: Target, token: string, seconds: number, connections: number) {
  const request: autocannon.Request =
    target.method === "GET"
      ? { method: "GET", path: target.path, headers: BROWSER_HEADERS }
      : {
          method: "POST",
          path: target.path,
          headers: { ...BROWSER_HEADERS, "content-type": "application/x-www-form-urlencoded" },
          setupRequest: (request) => ({ ...request, body: contactFormBody(token, ++formsSent) }),
        };
  return autocannon({ url, connections, duration: seconds, requests: [request] });
}

/** The settings every instance of every set-up runs with. */
function instanceSettings(smtpPort: number): Record<string, string> {
  return {
    QUIET: "1",
    FORM_SECRET,
    FORM_MIN_FILL_SECONDS: "0",
    CONTACT_RATE_LIMIT: "10000",
    CONTACT_RATE_WINDOW_MINUTES: "1",
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(smtpPort),
  };
}

async function measureSetup(
  setup: Setup,
  options: Options,
  smtpPort: number,
  nginxBinary: string | undefined,
): Promise<SetupResult> {
  const result: SetupResult = { name: setup.name, label: setup.label, targets: [], notes: [] };
  const env = instanceSettings(smtpPort);
  // Uploads are measured on one instance with its folder, and on two sharing a bucket.
  const uploads = options.upload.files > 0 && (setup.engine === "sqlite" || setup.instances > 1);
  let databaseUrl: string | undefined;
  if (setup.engine === "postgres") {
    const database = await throwawayPostgresDatabase("load");
    cleanups.push(database.drop);
    databaseUrl = database.url;
    env.DATABASE_URL = database.url;
    if (uploads) {
      const s3 = await startTestS3();
      cleanups.push(s3.stop);
      Object.assign(env, s3.env);
    } else {
      env.UPLOADS = "0";
    }
  }
  const instances: Instance[] = [];
  for (let i = 0; i < setup.instances; i++) instances.push(await startInstance(env));
  const first = instances[0] as Instance;
  const count = databaseUrl
    ? postgresCounter(databaseUrl)
    : sqliteCounter(path.join(first.dataDir, "inquiries.sqlite"));
  let url = first.server.url;
  if (instances.length > 1) {
    if (!nginxBinary) throw new Error("nginx is not available");
    const balancer = await startBalancer(
      nginxBinary,
      instances.map((instance) => instance.server.url),
    );
    cleanups.push(balancer.stop);
    url = balancer.url;
  }
  const where = instances.map((instance) => instance.server.url).join(" and ");
  log(`${setup.label}: ${where}${instances.length > 1 ? `, balanced by ${url}` : ""}`);

  // First, on instances fresh from their start: their memory then shows what the uploads take.
  if (uploads) {
    log(`${setup.label}: ${options.upload.files} uploads of ${options.upload.fileMB} MB at once`);
    const pids = instances.map((instance) => instance.server.pid);
    const measured = await measureUploads(setup.label, url, pids, options.upload);
    uploadResults.push(measured);
    log(
      `${setup.label} uploads: ${measured.mbPerSecond.toFixed(1)} MB/s, peak RSS ${measured.peakRssMB.join(" and ")} MB, ` +
        `${measured.resentAfterCutMB.toFixed(1)} MB sent again after a cut, ${measured.failures.length} failures`,
    );
  }
  const token = await contactFormToken(url);
  for (const target of TARGETS) {
    if (options.warmupSeconds > 0) await load(url, target, token, options.warmupSeconds, options.connections);
    const counted = async () => {
      try {
        return await settled(count);
      } catch (error) {
        const problem = databaseUrl
          ? `the inquiries could not be counted in PostgreSQL (${(error as Error).message}): ` +
            "a build without the PostgreSQL engine ignores DATABASE_URL, and these figures are then SQLite's"
          : `the inquiries could not be counted in SQLite: ${(error as Error).message}`;
        if (!result.notes.includes(problem)) result.notes.push(problem);
        return undefined;
      }
    };
    const before = target.method === "POST" ? await counted() : undefined;
    loadAverages.push(loadavg()[0] ?? 0);
    const measured = summarize(
      target.name,
      await load(url, target, token, options.durationSeconds, options.connections),
    );
    const after = target.method === "POST" ? await counted() : undefined;
    if (before !== undefined && after !== undefined) measured.stored = after - before;
    result.targets.push(measured);
    const refused = measured.statusCodes["429"];
    if (refused) {
      result.notes.push(
        `${target.name}: ${refused} answers were 429, the rate limit of 10000 forms a minute from one address; ` +
          "a shorter --duration keeps under it.",
      );
    }
    log(
      `${setup.label} ${target.name}: ${Math.round(measured.requestsPerSecond)} req/s, ` +
        `p50 ${measured.latencyMs.p50} ms, p99 ${measured.latencyMs.p99} ms, ` +
        `${measured.errors} errors, ${measured.unexpected} not 2xx/3xx` +
        (measured.stored === undefined ? "" : `, ${measured.stored} inquiries stored`),
    );
  }
  return result;
}

/** Filled by each set-up that measures uploads. */
const uploadResults: UploadResult[] = [];

function method(options: Options): string[] {
  const autocannonVersion = (
    JSON.parse(readFileSync(path.join(root, "node_modules", "autocannon", "package.json"), "utf8")) as {
      version: string;
    }
  ).version;
  return [
    `autocannon ${autocannonVersion} in the bench's own process on 127.0.0.1: ${options.connections} kept-alive connections, each sending its next request as soon as the answer to the last one arrives. Each target runs ${options.warmupSeconds} s unmeasured first, then ${options.durationSeconds} s measured.`,
    "The production server (server.ts) on the existing build, with no request log (QUIET=1), a fixed FORM_SECRET, FORM_MIN_FILL_SECONDS=0 and CONTACT_RATE_LIMIT=10000 per minute. Its mail goes to an SMTP receiver on 127.0.0.1 in a process of its own, so each stored inquiry's two mails are sent during the runs, as in production.",
    "Every request asks for compression as browsers do (Accept-Encoding: gzip, deflate, br, zstd); the server compresses each answer. GET / and GET /services/cake are prerendered pages. POST /contact is the contact form with one token taken from one GET /contact; every post carries a different message, so each is a new inquiry: validated, stored with its two mails queued, and answered 303 (the thank-you page is not fetched).",
    "SQLite: the database file in a fresh folder. PostgreSQL: a fresh database on the local server (scripts/ensure-postgres.sh), shared by the instances. Two instances: nginx (one worker) in front, round robin, passing every request on, pages included, on a new connection to the instance each time.",
    "Req/s: autocannon's mean of the answers counted each second. p50, p99: latency of every answer. Errors: requests without an answer (connection errors, timeouts). Not 2xx/3xx: answers with 1xx, 4xx or 5xx. Inquiries stored: rows the database gained during the measured run, to be compared with the 303s (it may be higher by up to one per connection: posts still under way when the run ends are stored, but not counted).",
    "Figures compare set-ups on one machine at one time; nothing is asserted on them.",
  ];
}

async function main(): Promise<number> {
  const options = readOptions();
  if (typeof options === "string") {
    if (options === "") {
      process.stdout.write(usage);
      return 0;
    }
    process.stderr.write(`${options}\n\n${usage}`);
    return 2;
  }
  armTimeLimit(options);
  const report: LoadReport = {
    startedAt: started.toISOString(),
    durationSeconds: 0,
    node: process.version,
    machine: {
      cores: availableParallelism(),
      cpu: cpus()[0]?.model.trim() ?? "unknown",
      loadAverage: { median: 0, max: 0 },
    },
    options: {
      durationSeconds: options.durationSeconds,
      warmupSeconds: options.warmupSeconds,
      connections: options.connections,
    },
    method: method(options),
    setups: [],
    errors,
  };
  try {
    await ensureBuild();
    let nginxBinary: string | undefined;
    if (options.setups.some((setup) => setup.instances > 1)) {
      try {
        const nginx = await ensureNginx();
        nginxBinary = nginx.binary;
        report.nginx = nginx.version;
      } catch (error) {
        errors.push(`nginx: ${(error as Error).message}`);
      }
    }
    let postgresReady = false;
    if (options.setups.some((setup) => setup.engine === "postgres")) {
      try {
        report.postgres = (await ensurePostgres()).version;
        postgresReady = true;
      } catch (error) {
        errors.push(`PostgreSQL: ${(error as Error).message}`);
      }
    }
    const smtpPort = await startMailReceiver();
    for (const setup of options.setups) {
      if (setup.engine === "postgres" && !postgresReady) continue;
      if (setup.instances > 1 && !nginxBinary) continue;
      const depth = cleanups.length;
      try {
        report.setups.push(await measureSetup(setup, options, smtpPort, nginxBinary));
      } catch (error) {
        errors.push(`${setup.label}: not measured: ${(error as Error).message}`);
        log(`${setup.label}: not measured: ${(error as Error).message}`);
      } finally {
        await cleanUpTo(depth);
      }
    }
  } catch (error) {
    errors.push(`The benchmark could not run: ${(error as Error).message}`);
    log(`The benchmark could not run: ${(error as Error).message}`);
  } finally {
    await cleanUpTo(0);
  }

  if (uploadResults.length > 0) report.uploads = uploadResults;
  report.durationSeconds = (Date.now() - started.getTime()) / 1000;
  if (loadAverages.length > 0) {
    report.machine.loadAverage = { median: median(loadAverages), max: Math.max(...loadAverages) };
  }
  const markdown = renderLoadMarkdown(report);
  const reportsDir = path.join(root, "reports");
  mkdirSync(reportsDir, { recursive: true });
  const stamp = started.toISOString().slice(0, 19).replaceAll(":", "-");
  const json = `${JSON.stringify(report, null, 2)}\n`;
  for (const name of [`load-${stamp}`, "load-latest"]) {
    writeFileSync(path.join(reportsDir, `${name}.json`), json);
    writeFileSync(path.join(reportsDir, `${name}.md`), markdown);
  }
  process.stdout.write(markdown);
  log(`Done: reports/load-${stamp}.{md,json} and reports/load-latest.{md,json}`);
  return errors.length > 0 ? 1 : 0;
}

process.exitCode = await main();
