// The module the page's inline script imports when one of its islands is needed
// (app/islands/island-bootstrap.ts); it hydrates that island and nothing else.
// React Router's client does not run.
import { wakeAllIslands, wakeIsland } from "./islands/wake-islands.tsx";

if (import.meta.env.DEV) {
  // React Router's hot-reload runtime (development only) revalidates through its
  // router after an update; there is none, as pages are not hydrated by it. Islands
  // update in place, and Vite reloads the page when server-rendered code changes.
  const standIn = { createRoutesForHMR: () => [], _internalSetRoutes() {}, revalidate: async () => {} };
  (globalThis as { __reactRouterDataRouter?: unknown }).__reactRouterDataRouter ??= standIn;
  // Development pages load this module through React Router's scripts instead, and wake every island.
  wakeAllIslands(document);
}

export { wakeIsland };
