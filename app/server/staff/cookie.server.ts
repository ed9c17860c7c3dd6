import { createHash, randomBytes } from "node:crypto";

/**
 * The session cookie. Over HTTPS it is "__Host-staff-session": browsers keep
 * such a cookie only when it is Secure, for the whole host (Path=/) and for no
 * other (no Domain), so neither a neighbouring subdomain nor a plain-http
 * page can plant or overwrite it. Over plain http (development, tests on
 * 127.0.0.1) the prefix is not allowed, and the name is "staff-session".
 * Always HttpOnly (no script reads it) and SameSite=Lax (another site's
 * form or script sends it on no post).
 */

const SECURE_NAME = "__Host-staff-session";
const PLAIN_NAME = "staff-session";

function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

function cookieName(request: Request): string {
  return isHttps(request) ? SECURE_NAME : PLAIN_NAME;
}

function attributes(request: Request, maxAgeSeconds: number): string {
  return `Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${isHttps(request) ? "; Secure" : ""}`;
}

/** The Set-Cookie header that gives this browser the session, until its last possible moment. */
export function sessionCookie(request: Request, id: string, expiresAt: number, now = Date.now()): string {
  const maxAgeSeconds = Math.max(0, Math.floor((expiresAt - now) / 1000));
  return `${cookieName(request)}=${id}; ${attributes(request, maxAgeSeconds)}`;
}

/** The Set-Cookie header that takes the session cookie away. */
export function clearedSessionCookie(request: Request): string {
  return `${cookieName(request)}=; ${attributes(request, 0)}`;
}

/**
 * The session id the request carries, read only under the name this scheme
 * uses: over HTTPS a cookie without the prefix could have been set by anyone
 * on the way, so it is not looked at.
 */
export function sessionIdFrom(request: Request): string | undefined {
  return tokenCookie(request, cookieName(request));
}

/** A cookie holding one of our 32-byte tokens (43 base64url characters), under exactly this name. */
function tokenCookie(request: Request, name: string): string | undefined {
  for (const pair of (request.headers.get("cookie") ?? "").split(";")) {
    const split = pair.indexOf("=");
    if (split === -1 || pair.slice(0, split).trim() !== name) continue;
    const value = pair.slice(split + 1).trim();
    if (/^[\w-]{43}$/.test(value)) return value;
  }
  return undefined;
}

/**
 * The mark of a browser that has signed in to an account before. A password
 * typed there passes that account's lock (its client's and network's counts
 * still hold), so no one can keep a person out by failing sign-ins with their
 * address from elsewhere. A year long; Strict, sent by the site's own pages only.
 */
function knownBrowserCookieName(request: Request): string {
  return isHttps(request) ? "__Host-staff-known" : "staff-known";
}

export function knownBrowserCookie(request: Request, mark: string): string {
  const year = 365 * 24 * 60 * 60;
  return `${knownBrowserCookieName(request)}=${mark}; Path=/; Max-Age=${year}; HttpOnly; SameSite=Strict${isHttps(request) ? "; Secure" : ""}`;
}

/** The mark this browser carries, if any (checked by the throttle, which holds the key). */
export function knownBrowserFrom(request: Request): string | undefined {
  for (const pair of (request.headers.get("cookie") ?? "").split(";")) {
    const split = pair.indexOf("=");
    if (split === -1 || pair.slice(0, split).trim() !== knownBrowserCookieName(request)) continue;
    const value = pair.slice(split + 1).trim();
    if (/^\d{1,15}\.[\w-]{43}$/.test(value)) return value;
  }
  return undefined;
}

/**
 * The browser's secret for passkey ceremonies: a challenge is kept under its
 * hash and can be answered only with it, so a challenge one browser asked for
 * is of no use to another (an answer relayed from a lookalike page, or a
 * flood of requests sharing out others' challenges). Strict: sent only by the
 * site's own pages.
 */
function ceremonyCookieName(request: Request): string {
  return isHttps(request) ? "__Host-staff-ceremony" : "staff-ceremony";
}

/** The binding a new challenge is kept under, and the cookie that gives the browser its secret (again, for longer). */
export function ceremonyFor(request: Request, lifetimeMs: number): { binding: string; setCookie: string } {
  const secret = tokenCookie(request, ceremonyCookieName(request)) ?? randomBytes(32).toString("base64url");
  const maxAgeSeconds = Math.ceil(lifetimeMs / 1000);
  return {
    binding: bindingOf(secret),
    setCookie: `${ceremonyCookieName(request)}=${secret}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${isHttps(request) ? "; Secure" : ""}`,
  };
}

/** The binding of the browser that sent this answer; undefined without its secret. */
export function ceremonyBindingFrom(request: Request): string | undefined {
  const secret = tokenCookie(request, ceremonyCookieName(request));
  return secret === undefined ? undefined : bindingOf(secret);
}

function bindingOf(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("base64url");
}
