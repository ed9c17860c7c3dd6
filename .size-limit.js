// The byte budgets that do not depend on timing, checked by `npm test` on the
// production build: the JavaScript each island fetches when it wakes, and each
// page's HTML. A page fetches no JavaScript before a visitor needs an island
// (tests/e2e/islands.spec.ts). `npm run bench` reports the timings with Lighthouse.
// Each is measured as it is sent: pages with brotli at quality 11, as the server
// keeps them (server/precompressed.ts); scripts with gzip, as nginx and the
// server compress them on the fly.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { clientManifestFile } from "./app/islands/island-chunks.ts";
import { javaScriptByIsland } from "./bench/page-javascript.ts";

const buildDir = process.env.BUILD_DIR ?? "build";
const manifest = JSON.parse(readFileSync(path.join(buildDir, clientManifestFile), "utf8"));
const client = (file) => path.join(buildDir, "client", file);

const pages = readdirSync(path.join(buildDir, "client"), { recursive: true })
  .map(String)
  .filter((file) => file.endsWith("index.html") && !file.startsWith("_status"));

export default [
  ...javaScriptByIsland(manifest).map(({ name, files }) => ({
    name: `JavaScript the ${name} island fetches when it wakes`,
    path: files.map(client),
    limit: "110 kB",
    gzip: true,
  })),
  {
    // Not part of any island's first load: fetched only once a buyer chooses an artwork file.
    name: "JavaScript the quote form fetches when a file is chosen (uploads)",
    path: client(manifest["app/site/components/quote/artwork-upload.ts"].file),
    limit: "20 kB",
    gzip: true,
  },
  ...pages.map((file) => ({
    name: `HTML of /${path.dirname(file) === "." ? "" : path.dirname(file)}`,
    path: client(file),
    // The first response must fit the first round trips: 14 kB with its headers.
    limit: "13 kB",
    brotli: true,
  })),
];
