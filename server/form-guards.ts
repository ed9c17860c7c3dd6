import type { NextFunction, Request, Response } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a form post that another site's page makes a visitor's browser send.
 * Browsers say where a request comes from (Sec-Fetch-Site, Origin); a request
 * that says neither is not from a browser page, so it cannot be a forgery.
 */
export function refuseCrossSitePosts(req: Request, res: Response, next: NextFunction) {
  if (SAFE_METHODS.has(req.method)) return next();
  const fetchSite = req.get("sec-fetch-site");
  const origin = req.get("origin");
  const crossSite =
    (fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none") ||
    (origin !== undefined && originHost(origin) !== req.host);
  if (!crossSite) return next();
  res
    .status(403)
    .type("text/plain")
    .send("This form can only be sent from this website's own pages. Please open the contact page and send it there.");
}

function originHost(origin: string): string | undefined {
  if (origin === "null") return undefined;
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

/**
 * Answers 413 before reading a body that says it is larger than any form of
 * ours can be. A body that does not say its size is counted as it is read
 * (app/server/form-body.server.ts).
 */
export function limitBodySize(limitBytes: number) {
  return (req: Request, res: Response, next: NextFunction) => {
    const length = Number(req.get("content-length"));
    if (!(length > limitBytes)) return next();
    res
      .status(413)
      .type("text/plain")
      .send(`The form is too large: at most ${Math.floor(limitBytes / 1024)} kB is accepted. Please shorten it.`);
  };
}
