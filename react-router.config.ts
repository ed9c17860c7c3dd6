import type { Config } from "@react-router/dev/config";
import { statusPageKinds } from "./app/site/content/status-pages.ts";
import { isRenderedPerRequest, statusPageUrl } from "./app/site/content/urls.ts";
import { finishBuild } from "./vite/sweep-build.ts";

export default {
  ssr: true,
  // BUILD_DIR lets two builds stand side by side, such as the benchmark's with and without the preloader.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Every page the catalog knows, in each language it is translated into, is
  // rendered to static HTML at build time, but the pages rendered per request
  // (the forms and the privacy notice); the server renders only what is left:
  // those pages, form actions, redirects and errors.
  // The status pages are prerendered too, for the server to answer refusals with.
  prerender: {
    // Read when the build asks: the site's files import photographs, which only the build loads.
    paths: async () => {
      const { allPagePaths } = await import("./app/site/lib/translations.server.ts");
      return [
        ...allPagePaths(null).filter((path) => !isRenderedPerRequest(path)),
        ...statusPageKinds.map(statusPageUrl),
        "/sitemap.xml",
        "/robots.txt",
      ];
    },
    concurrency: 4,
  },
  // React Router writes page data and a browser module for every route; pages load
  // neither (app/islands), so the build keeps only what a page can reach.
  buildEnd({ reactRouterConfig }) {
    finishBuild(reactRouterConfig.buildDirectory);
  },
} satisfies Config;
