import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/lib/site-paths.ts";

export default {
  ssr: true,
  // BUILD_DIR lets two builds stand side by side, such as the benchmark's with and without the preloader.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Every page the catalog knows is rendered to static HTML at build time;
  // the server renders only what is left: form actions, redirects and errors.
  prerender: { paths: [...prerenderPaths(), "/sitemap.xml", "/robots.txt"], concurrency: 4 },
} satisfies Config;
