import { createContext, useContext } from "react";
import { Scripts } from "react-router";

/**
 * The browser entry module's address, from the build manifest the server
 * renders with (app/entry.server.tsx), which React Router hands over publicly.
 */
export const EntryModuleContext = createContext<string | undefined>(undefined);

/**
 * The page's scripts: one module, `app/entry.client.tsx`, that wakes up the
 * page's islands and nothing else. React Router's own client, which would
 * render every page a second time in the browser, is not sent: its runtime and
 * the pages' content would be most of the JavaScript a visitor downloads, for
 * moves between pages that prerendered HTML already makes fast. In development
 * React Router's scripts load the same module, with hot reloading.
 */
export function PageScripts() {
  const entryModule = useContext(EntryModuleContext);
  if (import.meta.env.DEV) return <Scripts />;
  return <script type="module" src={entryModule} />;
}

/**
 * Lets the browser fetch a page as soon as the pointer rests on a link to it
 * (or a finger touches it), so the next page is usually there before the click.
 */
const speculationRules = JSON.stringify({
  prefetch: [{ where: { href_matches: "/*" }, eagerness: "moderate" }],
});

export function SpeculationRules() {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: fixed JSON of our own.
  return <script type="speculationrules" dangerouslySetInnerHTML={{ __html: speculationRules }} />;
}
