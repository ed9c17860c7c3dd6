import { createContext, useContext } from "react";
import { Scripts } from "react-router";

/**
 * How this build's pages wake their islands, made by the server from the
 * build's manifest (app/islands/page-scripts.server.ts, by way of
 * app/entry.server.tsx): the inline script, and the chunks each island needs,
 * entry first, which `Island` writes on its wrapper. None in development.
 */
export type PageScriptsValue = { bootstrap: string; chunks: Record<string, string[]> };

export const PageScriptsContext = createContext<PageScriptsValue | undefined>(undefined);

/**
 * The page's scripts: one inline script and no request. It fetches an island's
 * code only when the island is needed (the header at the first touch, the
 * slider when it comes into view, the form at the first focus), each island's
 * chunks at once, and `app/entry.client.tsx` hydrates it. React Router's own
 * client, which would render every page a second time in the browser, is not
 * sent. In development React Router's scripts load the entry, which wakes
 * every island at once, with hot reloading.
 */
export function PageScripts() {
  const scripts = useContext(PageScriptsContext);
  if (import.meta.env.DEV) return <Scripts />;
  if (!scripts) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed script of our own, allowed by its hash.
  return <script dangerouslySetInnerHTML={{ __html: scripts.bootstrap }} />;
}
