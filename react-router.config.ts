import type { Config } from "@react-router/dev/config";
import { statusPageKinds } from "./app/site/content/status-pages.ts";
import { pagePaths, pathsRenderedPerRequest, statusPageUrl } from "./app/site/content/urls.ts";
import { finishBuild } from "./vite/sweep-build.ts";

export default {
  ssr: true,
  // BUILD_DIR lets two builds stand side by side, such as the benchmark's with and without the preloader.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Every page the catalog knows is rendered to static HTML at build time, but
  // the contact page; the server renders only what is left: the contact page,
  // form actions, redirects and errors.
  // The status pages are prerendered too, for the server to answer refusals with.
  prerender: {
    paths: [
      ...pagePaths().filter((path) => !pathsRenderedPerRequest.includes(path)),
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
