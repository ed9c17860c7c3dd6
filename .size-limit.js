// The byte budgets that do not depend on timing, checked by `npm test` on the
// production build: the JavaScript each kind of page loads, and each page's
// HTML. `npm run bench` reports the timings with Lighthouse.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { javaScriptByPageKind } from "./scripts/lib/page-javascript.ts";
import { clientManifestFile } from "./scripts/lib/sweep-build.ts";

const buildDir = process.env.BUILD_DIR ?? "build";
const manifest = JSON.parse(readFileSync(path.join(buildDir, clientManifestFile), "utf8"));
const client = (file) => path.join(buildDir, "client", file);

const pages = readdirSync(path.join(buildDir, "client"), { recursive: true })
  .map(String)
  .filter((file) => file.endsWith("index.html") && !file.startsWith("_status"));

export default [
  ...javaScriptByPageKind(manifest, "app/entry.client.tsx").map(({ name, files }) => ({
    name: `JavaScript of ${name}`,
    path: files.map(client),
    limit: "110 kB",
    gzip: true,
  })),
  ...pages.map((file) => ({
    name: `HTML of /${path.dirname(file) === "." ? "" : path.dirname(file)}`,
    path: client(file),
    // The first response must fit the first round trips: 14 kB with its headers.
    limit: "13 kB",
    gzip: true,
  })),
];
