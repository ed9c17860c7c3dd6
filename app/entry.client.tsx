// The browser's one script: it wakes the page's islands (app/islands/registry.ts)
// and nothing else; React Router's client does not run in production.
import { wakeIslands } from "./islands/wake-islands.tsx";

wakeIslands(document);
