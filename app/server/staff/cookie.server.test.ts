import { describe, expect, test } from "vitest";
import { clearedSessionCookie, sessionCookie, sessionIdFrom } from "./cookie.server.ts";

const id = "a".repeat(43);
const http = (cookie?: string) => new Request("http://127.0.0.1:3000/inbox", cookie ? { headers: { cookie } } : {});
const https = (cookie?: string) => new Request("https://www.example.com/inbox", cookie ? { headers: { cookie } } : {});

describe("the session cookie", () => {
  test("over plain http: HttpOnly, SameSite=Lax, the whole host, until the session's last moment", () => {
    expect(sessionCookie(http(), id, 61_000, 1000)).toBe(
      `staff-session=${id}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax`,
    );
    expect(clearedSessionCookie(http())).toBe("staff-session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax");
  });

  test("over https: Secure, and the __Host- prefix, so no other host or plain-http page can set it", () => {
    expect(sessionCookie(https(), id, 61_000, 1000)).toBe(
      `__Host-staff-session=${id}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax; Secure`,
    );
    expect(clearedSessionCookie(https())).toBe(
      "__Host-staff-session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure",
    );
  });

  test("is read only under the name the scheme uses, and only when it looks like a session id", () => {
    expect(sessionIdFrom(http(`theme=dark; staff-session=${id}`))).toBe(id);
    expect(sessionIdFrom(https(`staff-session=${id}`))).toBeUndefined();
    expect(sessionIdFrom(https(`__Host-staff-session=${id}`))).toBe(id);
    expect(sessionIdFrom(http(`__Host-staff-session=${id}`))).toBeUndefined();
    expect(sessionIdFrom(http("staff-session=short"))).toBeUndefined();
    expect(sessionIdFrom(http(`staff-session=${id.slice(1)}'`))).toBeUndefined();
    expect(sessionIdFrom(http())).toBeUndefined();
  });
});
