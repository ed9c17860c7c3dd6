import type { NextFunction, Request, Response } from "express";

/**
 * The one address of a page, from whatever path a request names: runs of
 * slashes and backslashes become one slash (a browser reads "//host" and
 * "/\host" in a Location as another site), a trailing slash or "/index.html"
 * goes, and the home page is "/".
 */
export function canonicalPath(pathname: string): string {
  const collapsed = pathname.replace(/[\\/]+/g, "/");
  const withoutIndex = collapsed.replace(/\/index\.html$/i, "/");
  return withoutIndex.replace(/\/+$/, "") || "/";
}

const PROBE_ORIGIN = "http://site.invalid";

/** True when a Location header holding this value keeps the browser on this site. */
export function staysOnSite(location: string): boolean {
  if (!location.startsWith("/") || /^\/[\\/]/.test(location)) return false;
  try {
    return new URL(location, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}

/**
 * The path and query a request names, read as a path on this site. A proxy
 * may send the absolute form ("GET http://host/about HTTP/1.1"); its scheme
 * and host are dropped, so nothing after this sees another host in the URL.
 */
function requestTarget(url: string): { pathname: string; search: string } | undefined {
  if (url.startsWith("/")) {
    const index = url.indexOf("?");
    return index === -1 ? { pathname: url, search: "" } : { pathname: url.slice(0, index), search: url.slice(index) };
  }
  try {
    const absolute = new URL(url);
    if (absolute.protocol !== "http:" && absolute.protocol !== "https:") return undefined;
    return { pathname: absolute.pathname, search: absolute.search };
  } catch {
    return undefined;
  }
}

/**
 * One address per page: a GET or HEAD for any other spelling of it is sent to
 * the canonical one with a 301, built from the parsed path alone, so no
 * redirect can lead off the site. Other methods go on with the path as sent.
 */
export function canonicalAddress(refuse: (res: Response) => void) {
  return (req: Request, res: Response, next: NextFunction) => {
    const target = requestTarget(req.url);
    if (!target) {
      refuse(res);
      return;
    }
    const asked = target.pathname + target.search;
    if (asked !== req.url) {
      req.url = asked;
      req.originalUrl = asked;
    }
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const canonical = canonicalPath(target.pathname);
    if (canonical === target.pathname) return next();
    const location = canonical + target.search;
    res.redirect(301, staysOnSite(location) ? location : "/");
  };
}
