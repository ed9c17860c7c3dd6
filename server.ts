import "./scripts/require-node.mjs";
import "./server/production-mode.ts";
import type { RequestListener } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  readSettings,
  type ServerSettings,
  serverSettings,
  settingsWarnings,
} from "./app/server/settings/settings.server.ts";
import { quoteUploadsPath } from "./app/server/uploads/artwork-kinds.ts";
import { paths } from "./app/site/content/urls.ts";
import { staffPaths } from "./app/staff/paths.ts";
import { settingsFromArguments } from "./server/command-line.ts";
import { isFileUpload, isFormPostWithFiles, postedFormOf } from "./server/file-posts.ts";
import { prepareGracefulStop } from "./server/graceful-stop.ts";
import { createHttpApp } from "./server/http-app.ts";
import { createHttpServer } from "./server/http-server.ts";
import { createLog } from "./server/log.ts";
import { developmentBuild, productionBuild, type SiteBuild, type SiteServices } from "./server/site-build.ts";

const root = path.dirname(fileURLToPath(import.meta.url));
const development = process.env.NODE_ENV === "development";

const fromArguments = settingsFromArguments(process.argv.slice(2));
if ("problem" in fromArguments) {
  createLog("text").error(fromArguments.problem);
  process.exit(2);
}

let config: ServerSettings;
try {
  config = serverSettings(readSettings({ ...process.env, ...fromArguments.env }));
} catch (error) {
  // The settings are not read yet, LOG_FORMAT among them; a collector that wants json lines asked for them all the same.
  createLog(process.env.LOG_FORMAT === "json" ? "json" : "text").error((error as Error).message);
  process.exit(1);
}
const log = createLog(config.logFormat);
for (const warning of settingsWarnings(config)) log.warn(warning);

// The app is made once the build is loaded; Vite's websocket needs the server before that.
let app: RequestListener | undefined;
const server = createHttpServer(
  (req, res) => app?.(req, res),
  config.requestTimeoutMs,
  (req) => isFileUpload(req, quoteUploadsPath, paths.quote) || isFormPostWithFiles(req, staffPaths.sitePhotos),
);

let site: SiteBuild;
let services: SiteServices;
try {
  site = development ? await developmentBuild(server) : await productionBuild(path.resolve(root, config.buildDir));
  services = await site.services();
  // Previews of pictures are made by this script in processes of their own; it runs from the source, not the build.
  await services.startSiteServices(log, { imageTool: path.join(root, "app/server/previews/image-tool.ts") });
} catch (error) {
  log.error((error as Error).message);
  process.exit(1);
}

let stopping = false;

app = createHttpApp({
  build: site.build,
  ...site.files,
  config,
  log,
  // Not ready from the moment a stop begins, so a proxy sends new visitors to another instance while this one finishes.
  readiness: async () => (stopping ? { ready: false, reason: "stopping" } : (await site.services()).readiness()),
  uploads: async () => (await site.services()).uploadServices(),
  photos: async () => (await site.services()).photoLibrary(),
  getLoadContext: async (req, { requestId, log: requestLog, site: content }) =>
    (await site.services()).createLoadContext({
      clientAddress: req?.ip,
      requestId,
      log: requestLog,
      fileProblems: (req && postedFormOf(req)?.fileProblems) ?? [],
      site: content,
    }),
  published: {
    revision: () => services.publishedRevision(),
    pages: (content) => services.sitePagePaths(content),
    onPublished: (listener) => services.onPublished(listener),
    preview: async (request) => (await site.services()).previewContent(request),
  },
});
const graceful = prepareGracefulStop(server);
server.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  log.info(`Site ready at http://${config.host}:${port}${development ? " (development, hot reloading)" : ""}`);
});

server.on("error", (error) => {
  log.error(`The server could not start: ${error.message}`);
  process.exit(1);
});

/**
 * A request that has started to arrive gets the whole time it is allowed for
 * that, and then ten seconds to be answered; after that it is cut off.
 */
const requestsDeadlineMs = config.requestTimeoutMs + 10_000;
/** Then the mail being sent gets its own few seconds (outbox.server.ts), and a little more. */
const exitDeadlineMs = requestsDeadlineMs + 10_000;

/**
 * Answers every request that has arrived, then lets the mail being sent finish,
 * then leaves. Mail still queued is sent after the next start.
 */
function shutDown(signal: string) {
  if (stopping) return;
  stopping = true;
  void stopInOrder(signal);
}

async function stopInOrder(signal: string) {
  log.info(`${signal} received: closing`);
  setTimeout(() => {
    log.error(`Not stopped ${exitDeadlineMs / 1000} s after ${signal}: leaving anyway.`);
    process.exit(1);
  }, exitDeadlineMs).unref();
  const { cut } = await graceful.stop(requestsDeadlineMs);
  if (cut > 0) {
    log.error(`${cut} requests were still unanswered ${requestsDeadlineMs / 1000} s after ${signal}: cut off.`);
  }
  await site.close();
  // Only now: an action still running would find the database closed.
  await services.stopSiteServices().catch((error: unknown) => {
    log.error(`The mail queue did not stop cleanly: ${(error as Error).message}`);
  });
  process.exit(0);
}

process.once("SIGTERM", () => shutDown("SIGTERM"));
process.once("SIGINT", () => shutDown("SIGINT"));
