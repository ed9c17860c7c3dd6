import { createContext, RouterContextProvider } from "react-router";
import type { PublishedContent } from "./server/content/published-site.server.ts";
import type { ArtworkProblem } from "./server/uploads/artwork.server.ts";

type Log = Pick<Console, "info" | "warn" | "error">;

/** The address a request came from, as the HTTP server sees it (X-Forwarded-For only behind a trusted proxy). */
export const clientAddressContext = createContext<string>("unknown");

/**
 * The id the HTTP server gave the request (X-Request-Id), which the error page
 * shows as a reference; none where a page is rendered without a request, as
 * when it is prerendered.
 */
export const requestIdContext = createContext<string | null>(null);

/** The server's log, its lines marked with the request; the console where there is no server. */
export const requestLogContext = createContext<Log>(console);

/**
 * Set when a loader or action met the store out of reach (isBusy): the page
 * is then answered 503 with a time to come back. Kept here because React
 * Router hides a failure's details from the page in production.
 */
export const storeBusyContext = createContext<boolean>(false);

/**
 * The site's content a page is rendered with: the published version, or with
 * drafts applied for a preview. None where a page is prerendered at build time,
 * which renders the content in the site's files.
 */
export const siteContentContext = createContext<PublishedContent | null>(null);

/** What became of the files of a multipart form post that could not be kept (too large, not artwork…). */
export const fileProblemsContext = createContext<readonly ArtworkProblem[]>([]);

export type RequestScope = {
  clientAddress: string | undefined;
  fileProblems?: readonly ArtworkProblem[];
  requestId: string;
  log: Log;
  /** The content to render with: the latest publication, or drafts applied for a preview. */
  site?: PublishedContent | undefined;
};

/** The load context the production server gives every request. */
export function createLoadContext({
  clientAddress,
  requestId,
  log,
  fileProblems,
  site,
}: RequestScope): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(clientAddressContext, clientAddress || "unknown");
  context.set(requestIdContext, requestId);
  context.set(requestLogContext, log);
  if (fileProblems) context.set(fileProblemsContext, fileProblems);
  context.set(siteContentContext, site ?? null);
  return context;
}
