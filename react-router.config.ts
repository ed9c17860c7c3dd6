import type { Config } from "@react-router/dev/config";
import { statusPageKinds } from "./app/content/status-pages.ts";
import { prerenderPaths } from "./app/lib/site-paths.ts";
import { statusPageUrl } from "./app/lib/urls.ts";

export default {
  ssr: true,
  // BUILD_DIR lets two builds stand side by side, such as the benchmark's with and without the preloader.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Every page the catalog knows is rendered to static HTML at build time;
  // the server renders only what is left: form actions, redirects and errors.
  // The status pages are prerendered too, for the server to answer refusals with.
  prerender: {
    paths: [...prerenderPaths(), ...statusPageKinds.map(statusPageUrl), "/sitemap.xml", "/robots.txt"],
    concurrency: 4,
  },
} satisfies Config;
