import type http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RequestHandler } from "express";
import type { RouterContextProvider, ServerBuild } from "react-router";
import type { RequestScope } from "../app/request-context.server.ts";
import type { PublishedContent } from "../app/server/content/published-site.server.ts";
import type { PhotoLibrary } from "../app/server/photos/photo-library.server.ts";
import type { Readiness } from "../app/server/readiness.server.ts";
import type { UploadServices } from "../app/server/uploads/uploads.server.ts";
import type { Log } from "./log.ts";

/**
 * What app/entry.server.tsx adds to the server build: the inquiry store and
 * mail queue, shared by the HTTP server and the contact action.
 */
export type SiteServices = {
  /**
   * Opens the store (applying migrations) and starts the mail queue, which
   * write to the given log; rejects with a message for the operator.
   */
  startSiteServices: (log?: Log, options?: { imageTool?: string }) => Promise<void>;
  stopSiteServices: () => Promise<void>;
  /** For GET /readyz: whether the store answers and the mail queue is moving. */
  readiness: () => Promise<Readiness>;
  createLoadContext: (scope: RequestScope) => RouterContextProvider;
  /** Artwork uploads (resumable, and files in a form post), or undefined when they are off. */
  uploadServices: () => UploadServices | undefined;
  /** The photographs the company uploaded, whose files are served at /photos. */
  photoLibrary: () => PhotoLibrary | undefined;
  /** The latest publication of the company's content (0: none, the build's pages are current). */
  publishedRevision: () => number;
  /** Every page address the site has now in each language (or with this content, such as a preview's). */
  sitePagePaths: (content?: PublishedContent) => readonly string[];
  onPublished: (listener: (revision: number) => void) => () => void;
  /** The content with its drafts, for a request from signed-in staff; undefined for anyone else. */
  previewContent: (request: globalThis.Request) => Promise<PublishedContent | undefined>;
};

export type SiteBuild = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** The services of the build that answers the request, so a reloaded module and its context agree. */
  services: () => Promise<SiteServices>;
  files: { clientDir: string } | { devAssets: RequestHandler };
  close: () => Promise<void>;
};

function servicesOf(build: ServerBuild, where: string): SiteServices {
  const entry = build.entry.module as typeof build.entry.module & Partial<SiteServices>;
  if (
    !entry.startSiteServices ||
    !entry.stopSiteServices ||
    !entry.readiness ||
    !entry.createLoadContext ||
    !entry.uploadServices ||
    !entry.photoLibrary ||
    !entry.publishedRevision ||
    !entry.sitePagePaths ||
    !entry.onPublished ||
    !entry.previewContent
  ) {
    throw new Error(`The server build at ${where} is out of date: run "npm run build" again.`);
  }
  return entry as SiteServices;
}

/** The production build in buildDir: made by `npm run build`, loaded once. */
export async function productionBuild(buildDir: string): Promise<SiteBuild> {
  const serverBuildFile = path.join(buildDir, "server", "index.js");
  const where = path.relative(process.cwd(), buildDir) || ".";
  let build: ServerBuild;
  try {
    build = await import(pathToFileURL(serverBuildFile).href);
  } catch (error) {
    throw new Error(`No server build at ${path.join(where, "server", "index.js")}: run "npm run build" first.`, {
      cause: error,
    });
  }
  const services = servicesOf(build, where);
  return {
    build,
    services: async () => services,
    files: { clientDir: path.join(buildDir, "client") },
    close: async () => {},
  };
}

/**
 * Development: Vite, as middleware of the same HTTP server, compiles modules on
 * request and reloads the browser's islands in place (its websocket shares the
 * server's port); React Router's build is loaded through Vite for each request,
 * so a change shows at the next load.
 */
export async function developmentBuild(server: http.Server): Promise<SiteBuild> {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true, hmr: { server } }, appType: "custom" });
  const build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  return {
    build,
    services: async () => servicesOf(await build(), "the development server"),
    files: { devAssets: vite.middlewares },
    close: () => vite.close(),
  };
}
