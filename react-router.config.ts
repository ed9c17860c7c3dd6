import type { Config } from "@react-router/dev/config";
import { statusPageKinds } from "./app/site/content/status-pages.ts";
import { isRenderedPerRequest, statusPageUrl } from "./app/site/content/urls.ts";
import { allPagePaths } from "./app/site/lib/translations.server.ts";
import { finishBuild } from "./vite/sweep-build.ts";

export default {
  ssr: true,
  // BUILD_DIR lets two builds stand side by side, such as the benchmark's with and without the preloader.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Every page the catalog knows, in each language it is translated into, is
  // rendered to static HTML at build time, but the contact page; the server renders only what is left: the contact page,
  // form actions, redirects and errors.
  // The status pages are prerendered too, for the server to answer refusals with.
  prerender: {
    paths: [
      ...allPagePaths(null).filter((path) => !isRenderedPerRequest(path)),
      ...statusPageKinds.map(statusPageUrl),
      "/sitemap.xml",
      "/robots.txt",
    ],
    concurrency: 4,
  },
  // React Router writes page data and a browser module for every route; pages load
  // neither (app/islands), so the build keeps only what a page can reach.
  buildEnd({ reactRouterConfig }) {
    finishBuild(reactRouterConfig.buildDirectory);
  },
} satisfies Config;
