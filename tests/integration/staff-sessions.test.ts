import { describe, expect, test } from "vitest";
import { goodPassword, linkIn, uniqueStaffEmail } from "../support/staff-command.ts";
import { goodFields, sendInquiry } from "./support/contact-form.ts";
import {
  account,
  ask,
  cleanUpStaffSites,
  form,
  inStore,
  session,
  signIn,
  site,
  staffCommand,
} from "./support/staff-sites.ts";

cleanUpStaffSites();

describe("the session cookie, as the server sends it", () => {
  test("over http: HttpOnly, SameSite=Lax, Path=/, no Domain, not Secure; signing out takes it away", async () => {
    const server = await site();
    const response = await signIn(server, await account(server));
    const [setCookie = "", known] = response.headers.getSetCookie();
    expect(setCookie).toMatch(/^staff-session=[\w-]{43}; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
    // Beside it, the mark of a browser that signed in (decision 14).
    expect(known).toMatch(/^staff-known=\d+\.[\w-]{43}; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Strict$/);
    const cookie = setCookie.split(";")[0] ?? "";
    const out = await ask(server, "/inbox/sign-out", form({}), { cookie });
    expect(out.headers.get("set-cookie")).toBe("staff-session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax");
  });

  test("over https through a trusted proxy: Secure, with the __Host- prefix, and only that cookie is read", async () => {
    const server = await site({ TRUST_PROXY: "1" });
    const https = { "X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9" };
    const response = await signIn(server, await account(server), https);
    const [setCookie = "", known] = response.headers.getSetCookie();
    expect(known).toMatch(
      /^__Host-staff-known=\d+\.[\w-]{43}; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Strict; Secure$/,
    );
    expect(setCookie).toMatch(
      /^__Host-staff-session=[\w-]{43}; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax; Secure$/,
    );
    const id = /=([\w-]{43})/.exec(setCookie)?.[1];
    expect((await ask(server, "/inbox/account", {}, { ...https, cookie: `__Host-staff-session=${id}` })).status).toBe(
      200,
    );
    // The same id under the name any page on the way could set is not read over https,
    expect((await ask(server, "/inbox/account", {}, { ...https, cookie: `staff-session=${id}` })).status).toBe(303);
    // nor is the https cookie read over plain http.
    expect((await ask(server, "/inbox/account", {}, { cookie: `__Host-staff-session=${id}` })).status).toBe(303);
  });
});

describe("one-time links", () => {
  test("a link is refused after 24 hours", async () => {
    const server = await site();
    const link = new URL(linkIn((await staffCommand(server, "add", uniqueStaffEmail(), "Asha")).stdout)).pathname;
    await inStore(server, (db) => db.run("UPDATE staff_links SET expires_at = ?", [Date.now() - 1]));
    expect((await ask(server, link)).status).toBe(404);
    const password = goodPassword();
    expect((await ask(server, link, form({ password, repeat: password }))).status).toBe(404);
  });
});

describe("the server's log", () => {
  test("holds no password, link, token or session id after every sign-in flow", async () => {
    const server = await site({ QUIET: "0" });
    const secrets: string[] = [];
    const keep = (...values: string[]) => {
      secrets.push(...values);
      return values[0] ?? "";
    };

    const email = uniqueStaffEmail();
    const link = keep(linkIn((await staffCommand(server, "add", email, "Asha Verma")).stdout));
    const pathname = new URL(link).pathname;
    keep(pathname.split("/").at(-1) ?? "");
    const password = keep(goodPassword());
    await ask(server, pathname);
    await ask(server, pathname, form({ password, repeat: keep(`${password}-typo`) }));
    await ask(server, pathname, form({ password, repeat: password }));
    await signIn(server, { email, password: keep("wrong-password-typed") });
    await signIn(server, { email: keep("oops-my-password-in-the-address-field"), password });
    const cookie = keep(await session(server, { email, password }));
    keep(cookie.split("=")[1] ?? "");
    await ask(server, "/inbox/account", {}, { cookie });
    const fresh = keep(goodPassword());
    const changed = await ask(
      server,
      "/inbox/account",
      form({ intent: "change-password", current: password, password: fresh, repeat: fresh }),
      { cookie },
    );
    const second = keep((changed.headers.get("set-cookie") ?? "").split(";")[0] ?? "");
    keep(second.split("=")[1] ?? "");
    await ask(server, "/inbox/passkeys/sign-in-options", { method: "POST" });
    await ask(server, "/inbox/sign-out", form({}), { cookie: second });
    const reset = keep(linkIn((await staffCommand(server, "reset", email)).stdout));
    keep(new URL(reset).pathname.split("/").at(-1) ?? "");
    await ask(server, new URL(reset).pathname);

    await server.waitForLog(/POST \/inbox\/sign-out 303/);
    const log = server.logs.join("\n");
    // The log was on and saw the flows, the links among them.
    expect(log).toContain("GET /inbox/set-password/… 200");
    expect(log).toContain("POST /inbox/sign-in 303");
    for (const secret of secrets.filter((value) => value.length >= 8)) expect(log).not.toContain(secret);

    // Nor does the audit log, which names who did what.
    const audit = JSON.stringify(await inStore(server, (db) => db.all("SELECT * FROM audit_log")));
    expect(audit).toContain('"action":"signed in"');
    for (const secret of secrets.filter((value) => value.length >= 8)) expect(audit).not.toContain(secret);
  });
});

describe("a staff address spelled with escapes", () => {
  test("is sent to its one spelling before anything runs, as staff-only as the plain one, with or without a session", async () => {
    const server = await site();
    const reference = await sendInquiry(server.url, goodFields({ name: "Meera Pillai" }));
    const cookie = await session(server, await account(server));
    const plain = `/inbox/${reference}`;
    // (A client resolves "/about/../inbox" itself before sending; the unit tests cover dot segments.)
    for (const spelled of [
      `/%69nbox/${reference}`,
      `/%69%6E%62%6F%78/${reference}`,
      `/inbox/%45NQ${reference.slice(3)}`,
    ]) {
      for (const headers of [{}, { Cookie: cookie }] as Record<string, string>[]) {
        for (const init of [{}, form({ intent: "status", status: "won" })]) {
          const response = await ask(server, spelled, init, headers);
          const what = `${init.method ?? "GET"} ${spelled} ${"Cookie" in headers ? "signed in" : "signed out"}`;
          expect(response.status, what).toBe(301);
          expect(response.headers.get("location"), what).toBe(plain);
          expect(response.headers.get("cache-control"), what).toBe("no-store");
          expect(response.headers.get("x-robots-tag"), what).toBe("noindex, nofollow");
          expect(await response.text(), what).not.toContain("Meera");
        }
      }
    }
    // The post under another spelling changed nothing; the plain address still shows the inquiry as New.
    const page = await ask(server, plain, {}, { Cookie: cookie });
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const html = await page.text();
    expect(html).toContain("Meera Pillai");
    expect(html).toMatch(/<option value="new" selected="">/);
  });
});
