import "../../scripts/require-node.mjs";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus } from "node:os";
import path from "node:path";
import { median } from "../results.ts";
import { type Gathered, measureSetup } from "./measure.ts";
import { ensureNginx } from "./nginx.ts";
import { type Options, readOptions, TARGETS, usage } from "./options.ts";
import { cleanUpTo, cleanups, log, started } from "./progress.ts";
import { type LoadReport, renderLoadMarkdown } from "./report.ts";
import { ensureBuild, ensurePostgres, startMailReceiver } from "./services.ts";

// Requests per second and latency of the production server under load, on
// 127.0.0.1, for SQLite with one instance and PostgreSQL with one and with two
// behind nginx. The figures are reported, never judged: it exits non-zero only
// when something could not be measured. Progress goes to stderr, the Markdown
// report to stdout and reports/.

const root = path.resolve(import.meta.dirname, "../..");
const errors: string[] = [];

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
  const gathered: Gathered = { uploads: [], loadAverages: [] };
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
        report.setups.push(await measureSetup(setup, options, smtpPort, nginxBinary, gathered));
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

  if (gathered.uploads.length > 0) report.uploads = gathered.uploads;
  report.durationSeconds = (Date.now() - started.getTime()) / 1000;
  const { loadAverages } = gathered;
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
