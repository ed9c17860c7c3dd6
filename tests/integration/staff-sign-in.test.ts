import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, test } from "vitest";
import { NOTE_MAX_LENGTH } from "../../app/server/inbox/statuses.ts";
import type { Database } from "../../app/server/store/db.server.ts";
import { openStore } from "../../app/server/store/open-store.server.ts";
import { staffSignInText } from "../../app/staff/content/sign-in.ts";
import { goodPassword, linkIn, runStaffCommand, uniqueStaffEmail } from "../support/staff-command.ts";
import { type SiteServer, startSite } from "../support/start-site.ts";
import { newTestStoreLocation, type TestStoreLocation } from "../support/test-store.ts";
import { goodFields, sendInquiry } from "./support/contact-form.ts";

const buildDir = inject("siteBuildDir");
const dirs: string[] = [];
const stores: TestStoreLocation[] = [];
const servers: SiteServer[] = [];

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await Promise.all(stores.map((store) => store.remove()));
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

type Site = SiteServer & { dataDir: string; store: TestStoreLocation };

/** The server on a store of its own, on the engine under test. */
async function site(env: Record<string, string> = {}): Promise<Site> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "staff-sign-in-"));
  dirs.push(dataDir);
  const store = await newTestStoreLocation("staff-sign-in");
  stores.push(store);
  const server = await startSite({ buildDir, dataDir, env: { ...store.env, ...env } });
  servers.push(server);
  return Object.assign(server, { dataDir, store });
}

/** `npm run staff` on the site's store, as an administrator of that server would run it. */
function staffCommand(server: Site, ...args: string[]) {
  return runStaffCommand(args, server.dataDir, server.store.env);
}

function form(fields: Record<string, string>): RequestInit {
  return {
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  };
}

/** A request to the site, redirects left for the test to look at. */
function ask(server: Site, pathname: string, init: RequestInit = {}, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${pathname}`, {
    ...init,
    redirect: "manual",
    headers: { ...(init.headers as Record<string, string> | undefined), ...headers },
  });
}

type Account = { email: string; password: string };

/** An account as staff make one: npm run staff -- add, then the password set through the printed link. */
async function account(server: Site): Promise<Account> {
  const email = uniqueStaffEmail();
  const password = goodPassword();
  const added = await staffCommand(server, "add", email, "Asha Verma");
  const set = await ask(server, new URL(linkIn(added.stdout)).pathname, form({ password, repeat: password }));
  expect(set.status).toBe(303);
  return { email, password };
}

function signIn(server: Site, { email, password }: Account, headers: Record<string, string> = {}) {
  return ask(server, "/inbox/sign-in", form({ email, password }), headers);
}

/** Signs in and answers the cookie to send back: "name=value". */
async function session(server: Site, who: Account, headers: Record<string, string> = {}): Promise<string> {
  const response = await signIn(server, who, headers);
  expect(response.status).toBe(303);
  return (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
}

/** How the server knows a session: the SHA-256 of the id in its cookie. */
function idHash(cookie: string): string {
  return createHash("sha256")
    .update(cookie.split("=")[1] ?? "", "utf8")
    .digest("base64url");
}

/** The site's store, opened beside the server for a test to change or read it directly. */
async function inStore<T>(server: Site, work: (db: Database) => Promise<T>): Promise<T> {
  const db = await openStore(server.store.location, { busyWaitMs: 5000 });
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

/** What an answer says, in the parts a refusal must keep the same. */
async function answer(response: Response) {
  return {
    status: response.status,
    location: response.headers.get("location"),
    setCookie: response.headers.get("set-cookie"),
    body: await response.text(),
  };
}

const refusal = { status: 303, location: "/inbox/sign-in", setCookie: null, body: "" };

describe("staff addresses without a session", () => {
  test("every address of the sign-in part that needs a session answers the same redirect, and nothing else", async () => {
    const server = await site();
    const who = await account(server);
    const signedOut = await session(server, who);
    await ask(server, "/inbox/sign-out", form({}), { cookie: signedOut });
    const expired = await session(server, who);
    await inStore(server, (db) =>
      db.run("UPDATE staff_sessions SET last_seen_at = last_seen_at - 13 * 3600 * 1000 WHERE id_hash = ?", [
        idHash(expired),
      ]),
    );

    const requests: [string, string, RequestInit][] = [
      ["GET", "/inbox/account", {}],
      ["POST", "/inbox/account", form({ intent: "remove-passkey", credential: "x" })],
      ["GET", "/inbox/passkeys/add-options", {}],
      ["POST", "/inbox/passkeys/add-options", { method: "POST" }],
      ["GET", "/inbox/passkeys/add", {}],
      ["POST", "/inbox/passkeys/add", { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } }],
      ["GET", "/inbox/sign-out", {}],
      ["POST", "/inbox/sign-out", form({ everywhere: "1" })],
    ];
    const cookies = {
      none: undefined,
      "made up": `staff-session=${"A".repeat(43)}`,
      malformed: "staff-session=../../etc",
      "signed out": signedOut,
      "12 hours idle": expired,
    };
    for (const [method, pathname, init] of requests) {
      for (const [kind, cookie] of Object.entries(cookies)) {
        const response = await ask(server, pathname, { ...init, method }, cookie ? { cookie } : {});
        expect(await answer(response), `${method} ${pathname}, cookie ${kind}`).toEqual(refusal);
      }
    }
  });

  test("a session ends after 12 hours idle and 30 days in all; its cookie is then refused", async () => {
    const server = await site();
    const who = await account(server);
    const cookie = await session(server, who);
    expect((await ask(server, "/inbox/account", {}, { cookie })).status).toBe(200);

    const lastSeen = (at: number) =>
      inStore(server, (db) => db.run("UPDATE staff_sessions SET last_seen_at = ?", [at]));
    await lastSeen(Date.now() - 12 * 3600 * 1000 + 60_000);
    expect((await ask(server, "/inbox/account", {}, { cookie })).status, "idle for 11 h 59 min").toBe(200);
    await lastSeen(Date.now() - 12 * 3600 * 1000 - 1000);
    expect(await answer(await ask(server, "/inbox/account", {}, { cookie })), "idle for 12 h").toEqual(refusal);

    const fresh = await session(server, who);
    await inStore(server, (db) => db.run("UPDATE staff_sessions SET expires_at = ?", [Date.now() - 1]));
    expect(await answer(await ask(server, "/inbox/account", {}, { cookie: fresh })), "30 days on").toEqual(refusal);
  });
});

describe("cross-site posts", () => {
  const crossSite: Record<string, string>[] = [
    { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    { Origin: "https://evil.example" },
    { "Sec-Fetch-Site": "same-site" },
    { Origin: "null" },
  ];

  test("a post from another site's page to any sign-in action is refused, and changes nothing", async () => {
    const server = await site();
    const who = await account(server);
    const cookie = await session(server, who);
    const other = uniqueStaffEmail();
    const link = new URL(linkIn((await staffCommand(server, "add", other, "Ravi Kumar")).stdout)).pathname;
    const fresh = goodPassword();
    const json = (body: unknown): RequestInit => ({
      method: "POST",
      body: JSON.stringify(body),
      headers: { "Content-Type": "application/json" },
    });

    const posts: [string, RequestInit, Record<string, string>][] = [
      ["/inbox/sign-in", form(who), {}],
      [link, form({ password: fresh, repeat: fresh }), {}],
      ["/inbox/sign-out", form({ everywhere: "1" }), { cookie }],
      [
        "/inbox/account",
        form({ intent: "change-password", current: who.password, password: fresh, repeat: fresh }),
        { cookie },
      ],
      ["/inbox/passkeys/sign-in-options", { method: "POST" }, {}],
      ["/inbox/passkeys/sign-in", json({ id: "x" }), {}],
      ["/inbox/passkeys/add-options", { method: "POST" }, { cookie }],
      ["/inbox/passkeys/add", json({ name: "x", response: {} }), { cookie }],
    ];
    for (const [pathname, init, headers] of posts) {
      for (const origin of crossSite) {
        const response = await ask(server, pathname, init, { ...headers, ...origin });
        expect(response.status, `${pathname} with ${JSON.stringify(origin)}`).toBe(403);
        expect(response.headers.get("set-cookie"), pathname).toBeNull();
        expect(await response.text()).toContain("This form was sent from another website");
      }
    }
    // Nothing happened: the session lives, the password is the old one, the link still works.
    expect((await ask(server, "/inbox/account", {}, { cookie })).status).toBe(200);
    expect((await signIn(server, who)).status).toBe(303);
    expect((await ask(server, link)).status).toBe(200);
  });
});

describe("the wait after failed sign-ins", () => {
  /** Five failures from one client that writes a different address at the front of X-Forwarded-For each time. */
  async function forgedFailures(server: Site, proxySaw: string): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++) {
      const response = await signIn(
        server,
        { email: uniqueStaffEmail("guess"), password: "not-the-password" },
        { "X-Forwarded-For": `198.51.100.${i}, ${proxySaw}` },
      );
      statuses.push(response.status);
    }
    return statuses;
  }

  test("without a trusted proxy, X-Forwarded-For is not read: the sixth failure waits", async () => {
    const server = await site();
    expect(await forgedFailures(server, "203.0.113.7")).toEqual([400, 400, 400, 400, 400, 429]);
  });

  test("behind a trusted proxy, the address it saw counts, not one the client wrote", async () => {
    const server = await site({ TRUST_PROXY: "1" });
    const who = await account(server);
    expect(await forgedFailures(server, "203.0.113.7")).toEqual([400, 400, 400, 400, 400, 429]);
    // That client waits, right password or not, passkey or password.
    const waiting = await signIn(server, who, { "X-Forwarded-For": "203.0.113.7" });
    expect(waiting.status).toBe(429);
    expect(Number(waiting.headers.get("retry-after"))).toBeGreaterThan(0);
    const options = await ask(
      server,
      "/inbox/passkeys/sign-in-options",
      { method: "POST" },
      { "X-Forwarded-For": "203.0.113.7" },
    );
    expect(options.status).toBe(429);
    // Another client does not.
    expect((await signIn(server, who, { "X-Forwarded-For": "203.0.113.8" })).status).toBe(303);

    const actions = await inStore(server, (db) =>
      db.all<{ action: string; detail: string }>("SELECT action, detail FROM audit_log WHERE action LIKE 'sign-in%'"),
    );
    expect(actions.filter((entry) => entry.action === "sign-in failed")).toHaveLength(5);
    expect(actions).toContainEqual(
      expect.objectContaining({
        action: "sign-in locked",
        detail: expect.stringContaining("from 203.0.113.7 waits until"),
      }),
    );
  });

  test("a burst of wrong passwords sent at once gets five tries, no more", async () => {
    const server = await site();
    const who = await account(server);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => signIn(server, { email: who.email, password: "a-wrong-password" })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429, 429, 429]);
  });
});

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

describe("passkey challenges", () => {
  const options = (server: Site, from: string, headers: Record<string, string> = {}) =>
    ask(server, "/inbox/passkeys/sign-in-options", { method: "POST" }, { "X-Forwarded-For": from, ...headers });

  test("one client gets a few at a time, whatever it writes in X-Forwarded-For; others and passkey adding go on", async () => {
    const server = await site({ TRUST_PROXY: "loopback" });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await options(server, `198.51.100.${i}, 203.0.113.7`)).status);
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
    const refused = await options(server, "203.0.113.7");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);

    const other = await options(server, "192.0.2.44");
    expect(other.status).toBe(200);
    expect(other.headers.get("set-cookie")).toMatch(
      /^staff-ceremony=[\w-]{43}; Path=\/; Max-Age=300; HttpOnly; SameSite=Strict$/,
    );
    expect(((await other.json()) as { options?: { challenge?: string } }).options?.challenge).toBeTruthy();

    const cookie = await session(server, await account(server));
    const adding = await ask(
      server,
      "/inbox/passkeys/add-options",
      { method: "POST" },
      { Cookie: cookie, "X-Forwarded-For": "203.0.113.7" },
    );
    expect(adding.status).toBe(200);
  });

  test("a new /64 for every request does not get around the limit: the /48 counts too", async () => {
    const server = await site({ TRUST_PROXY: "loopback" });
    const statuses: number[] = [];
    for (let i = 0; i < 52; i++) statuses.push((await options(server, `2001:db8:7:${i.toString(16)}::1`)).status);
    expect(statuses.slice(0, 50).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(50)).toEqual([429, 429]);
    expect((await options(server, "2001:db8:8::1")).status).toBe(200);
  });
});

describe("signing out everywhere", () => {
  test("can take the account's passkeys away too, so a passkey planted with a stolen session stops working", async () => {
    const server = await site();
    const who = await account(server);
    const plant = (cookieHolder: string) =>
      inStore(server, async (db) => {
        const row = await db.get<{ id: number }>("SELECT id FROM staff WHERE email = ?", [who.email]);
        await db.run(
          `INSERT INTO staff_passkeys (credential_id, staff_id, name, public_key, counter, transports, created_at)
           VALUES (?, ?, ?, ?, 0, '[]', 0)`,
          [cookieHolder, row?.id, cookieHolder, new Uint8Array([1, 2, 3])],
        );
      });
    const count = () =>
      inStore(server, async (db) => (await db.get<{ n: number }>("SELECT count(*) AS n FROM staff_passkeys"))?.n);

    await plant("kept");
    const plain = await ask(server, "/inbox/sign-out", form({ everywhere: "1" }), {
      Cookie: await session(server, who),
    });
    expect(plain.headers.get("location")).toBe("/inbox/sign-in?notice=signed-out-everywhere");
    expect(await count()).toBe(1);

    await plant("planted");
    const cookie = await session(server, who);
    const page = await (await ask(server, "/inbox/account", {}, { Cookie: cookie })).text();
    expect(page).toContain('name="passkeys" value="remove"');
    const withPasskeys = await ask(server, "/inbox/sign-out", form({ everywhere: "1", passkeys: "remove" }), {
      Cookie: cookie,
    });
    expect(withPasskeys.status).toBe(303);
    expect(withPasskeys.headers.get("location")).toBe("/inbox/sign-in?notice=signed-out-everywhere-passkeys-removed");
    expect(await count()).toBe(0);
    expect((await ask(server, "/inbox", {}, { Cookie: cookie })).status).toBe(303);
  });
});

describe("visitor text in the inbox", () => {
  test("is isolated, so characters that reorder text cannot rearrange the page around it", async () => {
    const server = await site();
    const name = "Asha \u202Efdp.exe\u202C Verma";
    const subject = "Boxes \u2067urgent\u2069";
    const reference = await sendInquiry(server.url, goodFields({ name, msg_subject: subject }));
    const cookie = await session(server, await account(server));
    const list = await (await ask(server, "/inbox", {}, { Cookie: cookie })).text();
    expect(list).toContain(`<bdi>${name}</bdi>`);
    expect(list).toContain(`<span class="inbox-item__subject" dir="auto">${subject}</span>`);
    const page = await (await ask(server, `/inbox/${reference}`, {}, { Cookie: cookie })).text();
    expect(page).toContain(`: <bdi>${name}</bdi></h1>`);
    expect(page).toContain(`<dd dir="auto">${subject}</dd>`);
  });
});

describe("a staff form", () => {
  test("holds a note at its longest in any script; a larger body is refused with 400 and changes nothing", async () => {
    const server = await site();
    const reference = await sendInquiry(server.url, goodFields({ name: "Meera Pillai" }));
    const who = await account(server);
    const cookie = await session(server, who);
    const notes = () =>
      inStore(server, async (db) =>
        (await db.all<{ body: string }>("SELECT body FROM inquiry_notes")).map((row) => row.body),
      );
    const post = (fields: Record<string, string>) =>
      ask(server, `/inbox/${reference}`, form(fields), { Cookie: cookie });

    // Devanagari: three bytes a character in UTF-8, nine once percent-encoded.
    const longest = "ह".repeat(NOTE_MAX_LENGTH);
    expect((await post({ intent: "note", note: longest })).status).toBe(303);
    expect(await notes()).toEqual([longest]);

    const tooLarge = await post({ intent: "note", note: "Called", status: "x".repeat(40 * 1024) });
    expect(tooLarge.status).toBe(400);
    expect(await tooLarge.text()).not.toContain("A note can be at most");
    expect(await notes()).toEqual([longest]);

    const signIn = await ask(server, "/inbox/sign-in", form({ ...who, password: "x".repeat(40 * 1024) }));
    expect(signIn.status).toBe(400);
    expect(await signIn.text()).toContain(staffSignInText.unreadable);
  });
});

describe("the CSV export", () => {
  test("is a post from the list: a visit, or another site's form, exports nothing and writes nothing", async () => {
    const server = await site();
    await sendInquiry(server.url, goodFields({ name: "Neha Rao" }));
    const cookie = await session(server, await account(server));
    const exports = () =>
      inStore(server, async (db) => (await db.all("SELECT * FROM audit_log WHERE action = 'exported CSV'")).length);

    const visit = await ask(server, "/inbox/export.csv?status=new", {}, { Cookie: cookie });
    expect(visit.status).toBe(303);
    expect(visit.headers.get("location")).toBe("/inbox?status=new");
    expect(await visit.text()).not.toContain("Neha");

    const crossSite = await ask(server, "/inbox/export.csv", form({ status: "new" }), {
      Cookie: cookie,
      Origin: "https://evil.example",
      "Sec-Fetch-Site": "cross-site",
    });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.text()).not.toContain("Neha");
    expect(await exports()).toBe(0);

    const own = await ask(server, "/inbox/export.csv", form({ status: "new" }), { Cookie: cookie });
    expect(own.status).toBe(200);
    expect(own.headers.get("content-disposition")).toMatch(/^attachment; filename="inquiries-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(await own.text()).toContain("Neha Rao");
    expect(await exports()).toBe(1);
  });
});

describe("adding a passkey", () => {
  test("needs a proof of who holds the session from the last few minutes: a stolen cookie alone adds none", async () => {
    const server = await site();
    const who = await account(server);
    const cookie = await session(server, who);
    const addOptions = () => ask(server, "/inbox/passkeys/add-options", { method: "POST" }, { Cookie: cookie });
    expect((await addOptions()).status).toBe(200);

    // The same cookie, its sign-in long past: as a thief who copied it would hold it.
    await inStore(server, (db) => db.run("UPDATE staff_sessions SET proved_at = 0"));
    const refused = await addOptions();
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: expect.stringContaining("password") });
    const add = await ask(
      server,
      "/inbox/passkeys/add",
      { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } },
      { Cookie: cookie },
    );
    expect(add.status).toBe(403);
    const page = await (await ask(server, "/inbox/account", {}, { Cookie: cookie })).text();
    expect(page).toContain('name="intent" value="confirm-password"');
    expect(page).not.toContain('data-island="passkey-add"');

    const confirm = (current: string) =>
      ask(server, "/inbox/account", form({ intent: "confirm-password", current }), { Cookie: cookie });
    expect((await confirm("not-my-password")).status).toBe(400);
    expect((await addOptions()).status).toBe(403);
    const confirmed = await confirm(who.password);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toBe("/inbox/account?notice=confirmed");
    expect((await addOptions()).status).toBe(200);
  });
});
