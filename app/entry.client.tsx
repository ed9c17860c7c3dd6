// The browser's one script: it wakes the page's islands (app/islands/registry.ts)
// and nothing else; React Router's client does not run.
import { wakeIslands } from "./islands/wake-islands.tsx";

if (import.meta.env.DEV) {
  // React Router's hot-reload runtime (development only) revalidates through its
  // router after an update; there is none, as pages are not hydrated by it. Islands
  // update in place, and Vite reloads the page when server-rendered code changes.
  const standIn = { createRoutesForHMR: () => [], _internalSetRoutes() {}, revalidate: async () => {} };
  (globalThis as { __reactRouterDataRouter?: unknown }).__reactRouterDataRouter ??= standIn;
}

wakeIslands(document);
