import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, RouterContextProvider, ServerRouter } from "react-router";
import { pageScripts } from "./islands/page-scripts.server.ts";
import { PageScriptsContext } from "./islands/page-scripts.tsx";
import {
  createLoadContext as loadContextFor,
  type RequestScope,
  requestIdContext,
  requestLogContext,
  storeBusyContext,
} from "./request-context.server.ts";
import type { PublishedContent } from "./server/content/published-site.server.ts";
import {
  type Log,
  type StartOptions,
  siteServices,
  startSiteServices as start,
} from "./server/site-services.server.ts";
import { sessionIdFrom } from "./server/staff/cookie.server.ts";
import { isBusy } from "./server/store/db.server.ts";
import { serviceContent } from "./service-content.server.ts";
import { RequestReferenceContext, ResponseStatusContext } from "./site/components/status/error-panel.tsx";
import { contentSecurityPolicy, inlineHashes } from "./site/lib/csp.ts";
import { allPagePaths } from "./site/lib/translations.server.ts";
import { isStaffPath } from "./staff/paths.ts";

// The server build exposes this module to server.ts as build.entry.module, which is
// how the HTTP server and the contact action come to share one database and one mail
// queue. Nothing here starts at import: the build's prerender step imports it too.
export { photoLibrary, readiness, stopSiteServices, uploadServices } from "./server/site-services.server.ts";

/** A request's load context, rendering with what is published now unless the request brings its own content (a preview). */
export function createLoadContext(scope: RequestScope): RouterContextProvider {
  return loadContextFor({ ...scope, site: scope.site ?? siteServices().publishedContent.current() });
}

/** The content with every draft applied, for a signed-in staff member's preview; undefined without a session. */
export async function previewContent(request: Request): Promise<PublishedContent | undefined> {
  const id = sessionIdFrom(request);
  const session = id && (await siteServices().staff.sessions.find(id));
  return session ? siteServices().publishedContent.withDrafts() : undefined;
}

/** The number of the latest publication (0: none, the build's prerendered pages are what visitors see). */
export const publishedRevision = (): number => siteServices().publishedContent.current().revision;

/**
 * Every page the site has now, in each language: its catalog's services as
 * published, and what is translated; or those a preview's content gives it.
 */
export const sitePagePaths = (content?: PublishedContent): readonly string[] =>
  allPagePaths(content ?? siteServices().publishedContent.current());

/** Calls the listener with each new publication's number, this instance's or another's. */
export const onPublished = (listener: (revision: number) => void): (() => void) =>
  siteServices().publishedContent.onChange((content) => listener(content.revision));

/** Starts the services with the areas' content (words, company details, staff addresses) handed in. */
export const startSiteServices = (log?: Log, options: Omit<StartOptions, "content"> = {}) =>
  start(log, { ...options, content: serviceContent });

export const streamTimeout = 5_000;

/**
 * Logs what went wrong on the server. A request the site refuses (a post to a
 * page without a form, say) is the client's mistake and answered as such; a
 * request the visitor abandoned is nobody's.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  if (isBusy(error) && context instanceof RouterContextProvider) context.set(storeBusyContext, true);
  logOf(context).error(error);
};

/** The request's log; React Router reports a load context it refuses before there is one. */
function logOf(context: Readonly<RouterContextProvider> | undefined) {
  return context instanceof RouterContextProvider ? context.get(requestLogContext) : console;
}

/**
 * Renders a page in full before answering, so that its Content-Security-Policy
 * can list the hashes of exactly the inline scripts it holds. The pages rendered
 * here (the contact page, errors, redirects) are small and have nothing to stream.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // A loader or action that met the store out of reach (PostgreSQL restarting, a
  // lock held too long) answers 503 with a time to come back, not 500.
  const storeBusy = responseStatusCode === 500 && loadContext.get(storeBusyContext);
  if (storeBusy) {
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", "30");
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const page = (
      <PageScriptsContext value={pageScripts(routerContext.manifest.entry.module)}>
        <RequestReferenceContext value={loadContext.get(requestIdContext)}>
          <ResponseStatusContext value={storeBusy ? 503 : null}>
            <ServerRouter context={routerContext} url={request.url} />
          </ResponseStatusContext>
        </RequestReferenceContext>
      </PageScriptsContext>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
      onAllReady() {
        const chunks: Buffer[] = [];
        const body = new PassThrough();
        body.on("data", (chunk: Buffer) => chunks.push(chunk));
        body.on("end", () => {
          clearTimeout(timeoutId);
          const html = Buffer.concat(chunks).toString("utf8");
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          responseHeaders.set(
            "Content-Security-Policy",
            contentSecurityPolicy(inlineHashes(html), { staffArea: isStaffPath(new URL(request.url).pathname) }),
          );
          resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
        });
        body.on("error", reject);
        pipe(body);
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        logOf(loadContext).error(error);
      },
    });
  });
}
