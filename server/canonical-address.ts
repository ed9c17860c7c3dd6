import type { NextFunction, Request, Response } from "express";

/**
 * The one address of a page, from whatever path a request names: runs of
 * slashes and backslashes become one slash (a browser reads "//host" and
 * "/\host" in a Location as another site), "." and ".." segments are
 * resolved, each segment is spelled with the fewest escapes (React Router
 * decodes a path before matching it, so "/%69nbox" would otherwise reach the
 * staff area under another name), a trailing slash or "/index.html" goes, and
 * the home page is "/".
 */
export function canonicalPath(pathname: string): string {
  const segments: string[] = [];
  for (const raw of pathname.split(/[\\/]+/)) {
    const segment = canonicalSegment(raw);
    if (segment === "" || segment === ".") continue;
    if (segment === "..") segments.pop();
    else segments.push(segment);
  }
  if (segments.at(-1)?.toLowerCase() === "index.html") segments.pop();
  return `/${segments.join("/")}`;
}

/** Characters a path segment holds as they are (RFC 3986's pchar); every other one is escaped. */
const PLAIN_IN_SEGMENT = /[A-Za-z0-9\-._~!$&'()*+,;=:@]/;

/**
 * A segment decoded, then escaped again where it must be, with upper-case hex.
 * One that does not decode (a stray "%", broken UTF-8) is left as sent: the
 * router refuses it the same way whatever we did.
 */
function canonicalSegment(raw: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return raw;
  }
  let out = "";
  for (const char of decoded) {
    out += PLAIN_IN_SEGMENT.test(char) ? char : encodeURIComponent(char);
  }
  return out;
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
 * redirect can lead off the site. Other methods go on with the path as sent
 * when it differs only by a trailing slash or "index.html"; one whose escapes
 * or segments name another path is sent to it too, before anything else
 * decides what the path is (the staff area's headers and frame among them).
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
    const canonical = canonicalPath(target.pathname);
    if (canonical === target.pathname) return next();
    if (req.method !== "GET" && req.method !== "HEAD" && canonical === plainlyTrimmed(target.pathname)) return next();
    const location = canonical + target.search;
    res.redirect(301, staysOnSite(location) ? location : "/");
  };
}

/** The path without the trailing slashes or "/index.html" that a form's own address may carry. */
function plainlyTrimmed(pathname: string): string {
  return pathname.replace(/\/index\.html$/i, "/").replace(/\/+$/, "") || "/";
}
