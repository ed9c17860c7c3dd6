import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request, Response } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { postedFormOf } from "./file-posts.ts";

type Options = {
  /** The build, or a function that gives the current one (development reloads it on every change). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode?: string;
  getLoadContext?: (req: Request) => RouterContextProvider | Promise<RouterContextProvider>;
  /** The context of a render the server makes itself (a status page, a page for a publication): no visitor's request. */
  renderContext?: () => RouterContextProvider | Promise<RouterContextProvider>;
};

/**
 * Hands a request to React Router and writes its answer. Headers are set, not
 * appended, so a header React Router sends replaces the server's default: a
 * rendered page's Content-Security-Policy, which lists its own inline scripts,
 * takes the place of the default one, and a response never carries two.
 */
export function reactRouterHandler({ build, mode, getLoadContext, renderContext }: Options) {
  const handle = createRequestHandler(build, mode);
  const handler = async (req: Request, res: Response, next: NextFunction) => {
    try {
      const response = await handle(toFetchRequest(req, res), await getLoadContext?.(req));
      await send(res, response);
    } catch (error) {
      next(error);
    }
  };
  /** Renders a page of the site by its path, as it stands now. */
  const renderPath = async (path: string, context?: RouterContextProvider) =>
    handle(new globalThis.Request(new URL(path, "http://localhost")), context ?? (await renderContext?.()));
  /** Renders a page of the site by its path and sends it with the given status (for a status page with no file). */
  handler.render = async (path: string, res: Response, status: number) => {
    const response = await renderPath(path);
    await send(res.status(status), new globalThis.Response(response.body, { status, headers: response.headers }));
  };
  handler.renderResponse = renderPath;
  return handler;
}

/**
 * The request as React Router reads it. Its address is the one Express sees,
 * so the scheme and host come from a trusted proxy's headers and from nowhere
 * else (TRUST_PROXY); the path was already made canonical.
 */
function toFetchRequest(req: Request, res: Response): globalThis.Request {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
  }
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  const posted = postedFormOf(req);
  if (posted) {
    // A multipart post whose files are stored already: the action reads its fields as an ordinary form.
    headers.set("content-type", "application/x-www-form-urlencoded");
    headers.set("content-length", String(Buffer.byteLength(posted.body)));
    init.body = posted.body;
  } else if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new globalThis.Request(new URL(req.originalUrl, `${req.protocol}://${req.host}`), init);
}

async function send(res: Response, response: globalThis.Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    // The visitor went away mid-answer; there is no one left to tell.
    if (!res.destroyed && !res.writableEnded) throw error;
  }
}
