import { describe, expect, test } from "vitest";
import { NOTE_MAX_LENGTH } from "../../app/server/inbox/statuses.ts";
import { staffSignInText } from "../../app/staff/content/sign-in.ts";
import { goodFields, sendInquiry } from "./support/contact-form.ts";
import { account, ask, cleanUpStaffSites, form, inStore, type Site, session, site } from "./support/staff-sites.ts";

cleanUpStaffSites();

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
