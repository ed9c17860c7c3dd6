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
  const name = cookieName(request);
  for (const pair of (request.headers.get("cookie") ?? "").split(";")) {
    const split = pair.indexOf("=");
    if (split === -1 || pair.slice(0, split).trim() !== name) continue;
    const value = pair.slice(split + 1).trim();
    if (/^[\w-]{43}$/.test(value)) return value;
  }
  return undefined;
}
