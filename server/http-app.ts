import path from "node:path";
import express, { type NextFunction, type Request, type RequestHandler, type Response } from "express";
import type { RouterContextProvider, ServerBuild } from "react-router";
import { contactBodyLimitBytes } from "../app/server/contact/contact-spec.ts";
import type { PublishedContent } from "../app/server/content/published-site.server.ts";
import type { PhotoLibrary } from "../app/server/photos/photo-library.server.ts";
import { photosPath } from "../app/server/photos/photo-rules.ts";
import type { Readiness } from "../app/server/readiness.server.ts";
import type { ServerSettings } from "../app/server/settings/settings.server.ts";
import { quoteUploadsPath } from "../app/server/uploads/artwork-kinds.ts";
import type { UploadServices } from "../app/server/uploads/uploads.server.ts";
import { type StatusPageKind, statusPages } from "../app/site/content/status-pages.ts";
import { isRenderedPerRequest, pagePaths, paths, statusPagesPath, statusPageUrl } from "../app/site/content/urls.ts";
import { contentSecurityPolicy } from "../app/site/lib/csp.ts";
import { isStaffPath, staffPaths } from "../app/staff/paths.ts";
import { canonicalAddress, canonicalPath } from "./canonical-address.ts";
import { formPostsWithFiles, isFormPostWithFiles, postedFormOf, uploadAddress } from "./file-posts.ts";
import { limitBodySize, refuseCrossSitePosts } from "./form-guards.ts";
import { healthChecks } from "./health.ts";
import { type Log, requestIdFrom, type ServerLog } from "./log.ts";
import { loggablePath } from "./loggable-path.ts";
import { compressRendered, sendKept } from "./precompressed.ts";
import { findPrerenderedPages, type PrerenderedPage, takeStatusPages } from "./prerendered-pages.ts";
import { publishedPages } from "./published-pages.ts";
import { reactRouterHandler } from "./react-router-handler.ts";

type AppOptions = {
  /** React Router's server build, or (in development) a function that gives the current one. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  config: ServerSettings;
  /** The request log and the server's errors, in the format LOG_FORMAT chose. */
  log: ServerLog;
  /** For GET /readyz: whether this instance can take visitors now. */
  readiness: () => Promise<Readiness>;
  /** Artwork uploads, when they are on. */
  uploads?: () => Promise<UploadServices | undefined>;
  /** The photo library, whose files are served at /photos. */
  photos?: () => Promise<PhotoLibrary | undefined>;
  /** What each request's loaders and actions see as their context, such as the client's address and the request's id. */
  getLoadContext?: (
    req: Request | undefined,
    scope: RequestScope,
  ) => RouterContextProvider | Promise<RouterContextProvider>;
  /** The content the company published: its number (0: none yet), and news of the next one. */
  published?: {
    revision: () => number;
    /**
     * Every page address the site has now in each language: its catalog's
     * services as published, and what is translated; or with the content given
     * (a preview's). The build's, since the site's content and its photographs
     * are modules of the build.
     */
    pages: (content?: PublishedContent) => readonly string[];
    onPublished: (listener: (revision: number) => void) => () => void;
    /** The content with its drafts, for a request that carries a staff session; undefined for anyone else. */
    preview: (request: globalThis.Request) => Promise<PublishedContent | undefined>;
  };
} & (
  | {
      /** The client build: prerendered pages, status pages, hashed assets and public files. */
      clientDir: string;
    }
  | {
      /** Development: Vite serves modules and public files, with hot reloading, where the build's files would be. */
      devAssets: RequestHandler;
    }
);

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The request's id and the log that marks its lines with it; for a preview, the content with its drafts. */
type RequestScope = { requestId: string; log: Log; site?: PublishedContent };

const scopes = new WeakMap<Request, RequestScope>();

/**
 * The HTTP app, the same in development and production: the request's id,
 * security headers, the health checks (/healthz, /readyz), the log, canonical
 * addresses and form guards first; then, in production, hashed assets (cached
 * a year), prerendered pages (kept in memory, precompressed, revalidated every
 * time) and other public files, or in development Vite's modules; and then
 * React Router for everything else: the contact page and its action,
 * redirects, the 404 and error pages.
 */
export function createHttpApp(options: AppOptions) {
  const { build, config, log, readiness, getLoadContext } = options;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);

  const previewContext = async (req: Request, site: PublishedContent) =>
    getLoadContext?.(req, { ...scopeOf(req, log), site });
  const handleWithReactRouter = reactRouterHandler({
    build,
    mode: process.env.NODE_ENV,
    getLoadContext: getLoadContext && ((req) => getLoadContext(req, scopeOf(req, log))),
    renderContext: getLoadContext && (() => getLoadContext(undefined, scopeOf(undefined, log))),
  });
  const pages = "clientDir" in options ? findPrerenderedPages(options.clientDir) : new Map<string, PrerenderedPage>();
  const statusFiles = takeStatusPages(pages, `${statusPagesPath}/`);
  const revision = options.published?.revision ?? (() => 0);
  const sitePages = options.published?.pages ?? (() => pagePaths());
  const published = publishedPages({
    revision,
    render: handleWithReactRouter.renderResponse,
    // The build's pages (a service hidden since is rendered as not found), and those published since.
    paths: () => [
      ...new Set([...pages.keys(), ...sitePages().filter((path) => !isRenderedPerRequest(path)), ...PRERENDERED_FILES]),
    ],
    log,
  });
  const renderAll = (at: number) => {
    void published.renderAll().then((ms) => log.info(`Publication ${at}: every page rendered in ${ms} ms.`));
  };
  options.published?.onPublished(renderAll);
  // Started after a publication: its pages are made now, before visitors ask for them.
  if (revision() > 0) renderAll(revision());
  // Once the company has published a change, the build's status pages are out of date: rendered instead.
  const sendStatusPage = statusPageSender(
    () => (revision() === 0 ? statusFiles : new Map()),
    (res, kind) => handleWithReactRouter.render(statusPageUrl(kind), res, statusPages[kind].status),
  );

  app.use(identifyRequests(log));
  app.use(securityHeaders(config));
  app.use(healthChecks({ readiness, log }));
  if (!config.quiet) app.use(logRequests(log));
  app.use(staffAreaHeaders);
  // For answers rendered per request; pages kept in memory are sent in the encoding made for them once.
  app.use(compressRendered());
  app.use(canonicalAddress((res) => sendStatusPage(res, "bad-request")));
  app.use(
    refuseCrossSitePosts(
      (res) => sendStatusPage(res, "cross-site"),
      (message) => log.warn(message),
    ),
  );
  // Files are larger than any form body: they have their own address and limits, before the form bodies' limit.
  const uploads = options.uploads ?? (async () => undefined);
  app.use(quoteUploadsPath, uploadAddress(uploads, sendStatusPage));
  app.use(formPostsWithFiles(paths.quote, uploads, sendStatusPage));
  // A post with files has been read by now: its own size was its files', and its fields were held to the limit as they came.
  const limitForms = limitBodySize(contactBodyLimitBytes, (res) => sendStatusPage(res, "too-large"));
  // The photo library's upload reads its own body, its file held to the library's limit (photo-post.server.ts), and
  // so do the site's editors, after the session, within the largest editor's (site-editor.server.ts): a catalog with
  // its Hindi is larger than any visitor's form.
  const readsOwnBody = (req: Request) =>
    postedFormOf(req) || isFormPostWithFiles(req, staffPaths.sitePhotos) || isSiteEditorPost(req);
  app.use((req, res, next) => (readsOwnBody(req) ? next() : limitForms(req, res, next)));
  app.use(statusPagesPath, (_req, res) => sendStatusPage(res, "not-found"));
  // Page data for React Router's client, which the site does not run: no such address.
  app.use((req, res, next) => (req.path.endsWith(".data") ? sendStatusPage(res, "not-found") : next()));
  app.use(photosPath, photoFiles(options.photos ?? (async () => undefined), sendStatusPage));

  if ("clientDir" in options) {
    app.use(published.middleware(pathWithoutQuery));
    app.use(builtFiles(options.clientDir, pages));
  } else {
    app.use(options.devAssets);
  }

  app.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-cache");
    next();
  });
  if (options.published)
    app.get(`${previewPath}{/*page}`, preview(options.published, previewContext, handleWithReactRouter.renderResponse));
  app.all("/{*splat}", handleWithReactRouter);
  app.use(lastResort(sendStatusPage, log));
  return app;
}

/**
 * Gives each request its id (requestIdFrom: the proxy's, or a new one), sends
 * it back in X-Request-Id, and a log that marks every line about the request
 * with it, so a visitor's reference or the proxy's log leads to those lines.
 */
function identifyRequests(log: ServerLog) {
  return (req: Request, res: Response, next: NextFunction) => {
    const requestId = requestIdFrom(req.headers["x-request-id"]);
    scopes.set(req, { requestId, log: log.forRequest(requestId) });
    res.setHeader("X-Request-Id", requestId);
    next();
  };
}

function scopeOf(req: Request | undefined, log: ServerLog): RequestScope {
  const scope = req && scopes.get(req);
  if (scope) return scope;
  const requestId = requestIdFrom(undefined);
  return { requestId, log: log.forRequest(requestId) };
}

/** The files of a production build: hashed assets, prerendered pages, then other public files. */
function builtFiles(clientDir: string, pages: Map<string, PrerenderedPage>): RequestHandler {
  const router = express.Router();
  router.use(
    "/assets",
    express.static(path.join(clientDir, "assets"), {
      index: false,
      redirect: false,
      fallthrough: false,
      setHeaders: (res) => res.setHeader("Cache-Control", `public, max-age=${ONE_YEAR_SECONDS}, immutable`),
    }),
  );
  router.use(servePrerenderedPage(pages));
  router.use(
    express.static(clientDir, {
      index: false,
      redirect: false,
      setHeaders: (res) => res.setHeader("Cache-Control", "public, max-age=3600"),
    }),
  );
  return router;
}

type SendStatusPage = (res: Response, kind: StatusPageKind) => void;

/**
 * The photo library's files, from its folder or bucket: named by their
 * content, so immutable and cached for a year, as the build's assets are.
 * Any other name under /photos, or another method, gets the 404 page.
 */
function photoFiles(photos: () => Promise<PhotoLibrary | undefined>, sendStatusPage: SendStatusPage): RequestHandler {
  return async (req, res, next) => {
    try {
      const library = req.method === "GET" || req.method === "HEAD" ? await photos() : undefined;
      // The path below /photos, as sent: a name needing any decoding is no name of the library's.
      const file = library && (await library.file(req.path.slice(1)));
      if (!file) return sendStatusPage(res, "not-found");
      res.setHeader("Content-Type", file.type);
      res.setHeader("Content-Length", String(file.bytes));
      res.setHeader("Cache-Control", `public, max-age=${ONE_YEAR_SECONDS}, immutable`);
      if (req.method === "HEAD") {
        file.body.destroy();
        return void res.end();
      }
      file.body.once("error", (error) => {
        if (res.headersSent) return void res.destroy();
        res.removeHeader("Content-Length");
        next(error);
      });
      // A visitor who leaves mid-file leaves no read of the folder or bucket open.
      res.once("close", () => file.body.destroy());
      file.body.pipe(res);
    } catch (error) {
      next(error);
    }
  };
}

const htmlType = "text/html; charset=utf-8";

/**
 * Answers with a status page and its status: the prerendered file, or where
 * there is none (development) the page rendered by React Router.
 */
function statusPageSender(
  files: () => Map<string, PrerenderedPage>,
  render: (res: Response, kind: StatusPageKind) => Promise<void>,
): SendStatusPage {
  return (res, kind) => {
    const { status, heading } = statusPages[kind];
    res.status(status).setHeader("Cache-Control", "no-store");
    const page = files().get(kind);
    if (!page) {
      render(res, kind).catch(() => {
        if (!res.headersSent) res.type("text/plain").send(heading);
      });
      return;
    }
    res.setHeader("Content-Security-Policy", page.contentSecurityPolicy);
    sendKept(res.req, res, page.body, htmlType).catch(() => {
      if (!res.headersSent) res.type("text/plain").send(heading);
    });
  };
}

/**
 * A request for a prerendered page, without a query, gets its file. With a query
 * (such as /contact?service=box) the page is rendered, so the query can shape it.
 */
function servePrerenderedPage(pages: Map<string, PrerenderedPage>) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const [pathname, query] = splitUrl(req.originalUrl);
    if (query !== undefined || pathname === undefined) return next();
    const page = pages.get(safeDecode(pathname) ?? "");
    if (!page) return next();
    res.setHeader("Cache-Control", "no-cache");
    res.setHeader("Content-Security-Policy", page.contentSecurityPolicy);
    sendKept(req, res, page.body, htmlType).catch(next);
  };
}

/** A form posted to one of the site's editors (an item's, its history's). */
const isSiteEditorPost = (req: Request) => req.method === "POST" && req.path.startsWith(`${staffPaths.site}/`);

const previewPath = staffPaths.sitePreview;

/**
 * A page of the public site with every draft applied, for signed-in staff only
 * (anyone else is sent to sign in, as everywhere under /inbox). It lives under
 * /inbox, so it is never stored by a browser or proxy nor indexed; its links to
 * other pages stay in the preview.
 */
function preview(
  published: Pick<NonNullable<AppOptions["published"]>, "preview" | "pages">,
  contextFor: (req: Request, site: PublishedContent) => Promise<RouterContextProvider | undefined>,
  render: (path: string, context?: RouterContextProvider) => Promise<globalThis.Response>,
): RequestHandler {
  return async (req, res, next) => {
    try {
      const content = await published.preview(
        new globalThis.Request(`${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`, {
          headers: { cookie: req.headers.cookie ?? "" },
        }),
      );
      // The same answer as every staff address gives without a session.
      if (!content) return void res.status(303).setHeader("Location", staffPaths.signIn).end();
      const page = `/${((req.params as { page?: string[] }).page ?? []).join("/")}`;
      const response = await render(page, await contextFor(req, content));
      // The pages the drafts give the site in every language, a service or a translation drafted since included.
      const publicPages = new Set(published.pages(content));
      const html = (await response.text()).replace(
        /href="(\/[^"#?]*)([#?][^"]*)?"/g,
        (link, path: string, rest = "") =>
          publicPages.has(path) ? `href="${previewPath}${path === "/" ? "" : path}${rest}"` : link,
      );
      res.status(response.status);
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      const policy = response.headers.get("Content-Security-Policy");
      if (policy) res.setHeader("Content-Security-Policy", policy);
      res.send(html);
    } catch (error) {
      next(error);
    }
  };
}

/** The files the build made besides pages that name the company's site address. */
const PRERENDERED_FILES = ["/sitemap.xml", "/robots.txt"];

/** A request's path, decoded, when it has no query: a query makes a page rendered for it, not served as kept. */
function pathWithoutQuery(req: Request): string | undefined {
  const [pathname, query] = splitUrl(req.originalUrl);
  return query !== undefined || pathname === undefined ? undefined : safeDecode(pathname);
}

function splitUrl(url: string): [string | undefined, string | undefined] {
  const index = url.indexOf("?");
  return index === -1 ? [url, undefined] : [url.slice(0, index), url.slice(index + 1)];
}

function safeDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

const defaultPolicy = contentSecurityPolicy();
const permissionsPolicy = "camera=(), microphone=(), geolocation=(), payment=(), usb=()";

/**
 * Headers on every response. Pages replace the default policy with one that
 * lists their own inline scripts (prerendered: here; rendered: entry.server).
 */
function securityHeaders(config: ServerSettings) {
  return (req: Request, res: Response, next: NextFunction) => {
    res.setHeader("Content-Security-Policy", defaultPolicy);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Permissions-Policy", permissionsPolicy);
    res.setHeader("X-Frame-Options", "DENY");
    if (config.hsts && req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}

/**
 * Every answer in the staff area (/inbox and below), redirects and refusals
 * included, is kept by no browser or proxy and indexed by no search engine.
 * Handlers further on set caching of their own, so here it is held at no-store.
 */
function staffAreaHeaders(req: Request, res: Response, next: NextFunction) {
  // Decided on the path the router will match, so "/%69nbox" is the staff area too.
  if (!isStaffPath(canonicalPath(req.path))) return next();
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) => setHeader(name, name.toLowerCase() === "cache-control" ? "no-store" : value);
  setHeader("Cache-Control", "no-store");
  setHeader("X-Robots-Tag", "noindex, nofollow");
  next();
}

function logRequests(log: ServerLog) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      log.request({
        requestId: scopeOf(req, log).requestId,
        method: req.method,
        ...loggablePath(req.originalUrl),
        status: res.statusCode,
        durationMs: Number(process.hrtime.bigint() - started) / 1e6,
        clientAddress: req.ip,
      });
    });
    next();
  };
}

/** The visitor closed the connection before the answer was sent: nobody's failure, and nobody to tell. */
function visitorLeft(error: unknown): boolean {
  return (error as { code?: unknown }).code === "ECONNABORTED";
}

/** Anything that escapes the handlers above gets a status page in the frame, never a stack trace. */
function lastResort(sendStatusPage: SendStatusPage, log: ServerLog) {
  return (error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const status = httpStatusOf(error);
    if (visitorLeft(error)) {
      res.destroy();
      return;
    }
    if (status >= 500) scopeOf(req, log).log.error(error);
    if (res.headersSent) {
      res.end();
      return;
    }
    sendStatusPage(
      res,
      status === 404 ? "not-found" : status === 413 ? "too-large" : status < 500 ? "bad-request" : "server-error",
    );
  };
}

function httpStatusOf(error: unknown): number {
  if (typeof error === "object" && error !== null) {
    const status =
      (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
    if (typeof status === "number" && status >= 400 && status < 600) return status;
  }
  return 500;
}
