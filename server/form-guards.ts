import type { NextFunction, Request, Response } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

type Refuse = (res: Response) => void;

/**
 * Refuses a form post that another site's page makes a visitor's browser send.
 * Browsers say where a request comes from (Sec-Fetch-Site, Origin); a request
 * that says neither is not from a browser page, so it cannot be a forgery.
 *
 * A post from this site's own https page that reaches us as plain http (a proxy
 * that ends TLS without saying so) is ours all the same: it is let through,
 * with a warning for whoever runs the server, rather than losing the message.
 */
export function refuseCrossSitePosts(refuse: Refuse, warn: (message: string) => void = console.warn) {
  let warned = false;
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const fetchSite = req.get("sec-fetch-site");
    const origin = parseOrigin(req.get("origin"));
    const crossSite =
      (fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none") ||
      (origin !== undefined && origin.host !== req.host);
    if (crossSite) {
      refuse(res);
      return;
    }
    if (origin && origin.protocol !== `${req.protocol}:`) {
      if (!warned) {
        warned = true;
        warn(
          `A form was sent from an ${origin.protocol.slice(0, -1)} page but reached this server over ${req.protocol}: ` +
            "behind a proxy that ends TLS, set TRUST_PROXY and have the proxy send X-Forwarded-Proto (see README).",
        );
      }
      // Checked above; React Router's own origin check would compare it against a
      // scheme the proxy did not pass on, and refuse the visitor's message.
      delete req.headers.origin;
    }
    next();
  };
}

function parseOrigin(origin: string | undefined): URL | undefined {
  if (origin === undefined) return undefined;
  // "null" (a sandboxed or file page) names no site, so it cannot be ours.
  if (origin === "null") return new URL("null:");
  try {
    return new URL(origin);
  } catch {
    return new URL("null:");
  }
}

/**
 * Answers 413 before reading a body that says it is larger than any form of
 * ours can be. A body that does not say its size is counted as it is read
 * (app/server/forms/form-body.server.ts).
 */
export function limitBodySize(limitBytes: number, refuse: Refuse) {
  return (req: Request, res: Response, next: NextFunction) => {
    const length = Number(req.get("content-length"));
    if (!(length > limitBytes)) return next();
    refuse(res);
  };
}
