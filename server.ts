import "./scripts/require-node.mjs";
import "./server/production-mode.ts";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { RouterContextProvider, ServerBuild } from "react-router";
import { readServerConfig } from "./server/config.ts";
import { prepareGracefulStop } from "./server/graceful-stop.ts";
import { createHttpApp } from "./server/http-app.ts";
import { createHttpServer } from "./server/http-server.ts";

const root = path.dirname(fileURLToPath(import.meta.url));

let config: ReturnType<typeof readServerConfig>;
try {
  config = readServerConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const buildDir = path.resolve(root, config.BUILD_DIR);
const clientDir = path.join(buildDir, "client");
const serverBuildFile = path.join(buildDir, "server", "index.js");

const build: ServerBuild = await import(pathToFileURL(serverBuildFile).href).catch((error: unknown) => {
  console.error(`No server build at ${path.relative(root, serverBuildFile)}: run "npm run build" first.`);
  console.error(error);
  process.exit(1);
});

/** What app/entry.server.tsx adds to the server build: the inquiry store and mail queue, shared with the app. */
type DeliveryEntry = {
  startDelivery: () => void;
  stopDelivery: () => Promise<void>;
  createLoadContext: (clientAddress: string | undefined) => RouterContextProvider;
};

const entry = build.entry.module as typeof build.entry.module & Partial<DeliveryEntry>;
if (!entry.startDelivery || !entry.stopDelivery || !entry.createLoadContext) {
  console.error(`The server build at ${path.relative(root, buildDir)} is out of date: run "npm run build" again.`);
  process.exit(1);
}
const { startDelivery, stopDelivery, createLoadContext }: DeliveryEntry = entry as DeliveryEntry;

try {
  startDelivery();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const app = createHttpApp({
  build,
  clientDir,
  config,
  getLoadContext: (req) => createLoadContext(req.ip),
});
const server = createHttpServer(app, config.REQUEST_TIMEOUT_SECONDS);
const graceful = prepareGracefulStop(server);
server.listen(config.PORT, config.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  console.log(`Site ready at http://${config.HOST}:${port}`);
});

server.on("error", (error) => {
  console.error(`The server could not start: ${error.message}`);
  process.exit(1);
});

/**
 * A request that has started to arrive gets the whole time it is allowed for
 * that, and then ten seconds to be answered; after that it is cut off.
 */
const requestsDeadlineMs = config.REQUEST_TIMEOUT_SECONDS * 1000 + 10_000;
/** Then the mail being sent gets its own few seconds (outbox.server.ts), and a little more. */
const exitDeadlineMs = requestsDeadlineMs + 10_000;

let stopping = false;

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
  console.log(`${signal} received: closing`);
  setTimeout(() => {
    console.error(`Not stopped ${exitDeadlineMs / 1000} s after ${signal}: leaving anyway.`);
    process.exit(1);
  }, exitDeadlineMs).unref();
  const { cut } = await graceful.stop(requestsDeadlineMs);
  if (cut > 0) {
    console.error(`${cut} requests were still unanswered ${requestsDeadlineMs / 1000} s after ${signal}: cut off.`);
  }
  // Only now: an action still running would find the database closed.
  await stopDelivery().catch((error: unknown) => {
    console.error(`The mail queue did not stop cleanly: ${(error as Error).message}`);
  });
  process.exit(0);
}

process.once("SIGTERM", () => shutDown("SIGTERM"));
process.once("SIGINT", () => shutDown("SIGINT"));
