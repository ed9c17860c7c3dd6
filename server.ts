import "./scripts/require-node.mjs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { readServerConfig } from "./server/config.ts";
import { createHttpApp } from "./server/http-app.ts";

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

const app = createHttpApp({ build, clientDir, config });
const server = app.listen(config.PORT, config.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  console.log(`Site ready at http://${config.HOST}:${port}`);
});

server.on("error", (error) => {
  console.error(`The server could not start: ${error.message}`);
  process.exit(1);
});

/** Finish the requests in flight, then leave; give up on slow ones after ten seconds. */
function shutDown(signal: string) {
  console.log(`${signal} received: closing`);
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => {
    server.closeAllConnections();
    process.exit(0);
  }, 10_000).unref();
}

process.once("SIGTERM", () => shutDown("SIGTERM"));
process.once("SIGINT", () => shutDown("SIGINT"));
