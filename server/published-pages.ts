import type { NextFunction, Request, Response } from "express";
import { contentTag, type KeptBody, keptBody, sendKept } from "./precompressed.ts";

/** A page rendered once for one publication, kept in memory and served as a prerendered file is. */
type RenderedPage = {
  revision: number;
  status: number;
  body: KeptBody;
  contentType: string;
  contentSecurityPolicy: string | null;
};

export type PublishedPagesOptions = {
  /** The latest publication's number: 0 while the build's own files are what visitors see. */
  revision: () => number;
  /** Renders an address of the site as it stands now (React Router, with the published content). */
  render: (path: string) => Promise<globalThis.Response>;
  /**
   * The addresses served as files: the build's, and the pages published since.
   * After each publication, these are rendered again, once each.
   */
  paths: () => readonly string[];
  log: Pick<Console, "warn" | "error">;
};

/**
 * The prerendered pages once the company has published a change: each is
 * rendered once per publication, on its first request or when the publication
 * arrives, and then served from memory like a file, never rendered per visit.
 * Before any publication the build's files are served, as they always were.
 */
export function publishedPages({ revision, render, paths, log }: PublishedPagesOptions) {
  const pages = new Map<string, Promise<RenderedPage>>();
  // The addresses as of one publication: the catalog may add or hide a page with each.
  let renderable = { revision: -1, paths: new Set<string>() };
  const renderableNow = () => {
    if (renderable.revision !== revision()) renderable = { revision: revision(), paths: new Set(paths()) };
    return renderable.paths;
  };

  function page(path: string): Promise<RenderedPage> {
    const now = revision();
    const kept = pages.get(path);
    const fresh = kept?.then((found) => (found.revision === now ? found : renderFor(path, now)));
    const promise = fresh ?? renderFor(path, now);
    pages.set(path, promise);
    // A failed render is tried again by the next request, not kept.
    promise.catch(() => {
      if (pages.get(path) === promise) pages.delete(path);
    });
    return promise;
  }

  async function renderFor(path: string, at: number): Promise<RenderedPage> {
    const response = await render(path);
    const body = Buffer.from(await response.arrayBuffer());
    return {
      revision: at,
      status: response.status,
      // Its encodings are made when first asked for (server/precompressed.ts), not with every page of a publication.
      body: keptBody(body, `p${at}-${contentTag(body)}`),
      contentType: response.headers.get("Content-Type") ?? "text/html; charset=utf-8",
      contentSecurityPolicy: response.headers.get("Content-Security-Policy"),
    };
  }

  return {
    /** Renders every page for the publication just made, one after another, so no visitor waits for one. */
    async renderAll(): Promise<number> {
      const started = Date.now();
      for (const path of renderableNow()) {
        try {
          await page(path);
        } catch (error) {
          log.warn(`The page ${path} could not be rendered for the publication: ${(error as Error).message}`);
        }
      }
      return Date.now() - started;
    },

    /** Answers a prerendered address from the latest publication; passes on while there is none. */
    middleware(pathOf: (req: Request) => string | undefined) {
      return async (req: Request, res: Response, next: NextFunction) => {
        if (revision() === 0 || (req.method !== "GET" && req.method !== "HEAD")) return next();
        const path = pathOf(req);
        if (path === undefined || !renderableNow().has(path)) return next();
        try {
          const found = await page(path);
          res.status(found.status);
          res.setHeader("Cache-Control", "no-cache");
          if (found.contentSecurityPolicy) res.setHeader("Content-Security-Policy", found.contentSecurityPolicy);
          await sendKept(req, res, found.body, found.contentType);
        } catch (error) {
          next(error);
        }
      };
    },
  };
}
