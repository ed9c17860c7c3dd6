import { loadavg } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startTestS3 } from "../../tests/support/s3-server.ts";
import { throwawayPostgresDatabase } from "../../tests/support/test-postgres.ts";
import { postgresCounter, settled, sqliteCounter } from "./counters.ts";
import { contactFormBody, contactFormToken } from "./form.ts";
import { startBalancer } from "./nginx.ts";
import { type Options, type Setup, TARGETS, type Target } from "./options.ts";
import { cleanups, log } from "./progress.ts";
import { type SetupResult, summarize } from "./report.ts";
import { type Instance, startInstance } from "./services.ts";
import { measureUploads, type UploadResult } from "./uploads.ts";

// Every instance signs and checks forms with the same secret, so a token from one is good at the other.
const FORM_SECRET = "bench-load-form-secret-0123456789abcdef";

// Browsers ask for compressed pages, and the server compresses each answer as it
// sends it: without this the pages would cost the server less than a visitor's do.
const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br, zstd" };

/** Each form post is a different message, across warm-ups and runs, so none is taken for a repeat. */
let formsSent = 0;

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

/** What the set-ups gather besides their own figures: the uploads' results and the machine's load at each run. */
export type Gathered = { uploads: UploadResult[]; loadAverages: number[] };

export async function measureSetup(
  setup: Setup,
  options: Options,
  smtpPort: number,
  nginxBinary: string | undefined,
  gathered: Gathered,
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
    gathered.uploads.push(measured);
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
    gathered.loadAverages.push(loadavg()[0] ?? 0);
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
