import { describe, expect, test } from "vitest";
import { goodPassword, linkIn, uniqueStaffEmail } from "../support/staff-command.ts";
import {
  account,
  answer,
  ask,
  cleanUpStaffSites,
  form,
  idHash,
  inStore,
  refusal,
  type Site,
  session,
  signIn,
  site,
  staffCommand,
} from "./support/staff-sites.ts";

cleanUpStaffSites();

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
