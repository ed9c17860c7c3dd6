import { afterEach, describe, expect, test, vi } from "vitest";
import { staffContent } from "../../../tests/support/area-words.ts";
import { openTestStore } from "../../../tests/support/test-store.ts";
import { createAuditLog } from "../inbox/audit.server.ts";
import { sessionIdFrom } from "./cookie.server.ts";
import { changePassword, setPasswordThroughLink } from "./password-change.server.ts";
import { signInWithPassword } from "./sign-in.server.ts";
import { createStaffServices } from "./staff.server.ts";

const password = "lantern-monsoon-ledger";
const request = new Request("http://127.0.0.1/inbox/sign-in", { method: "POST" });

const opened: { remove(): Promise<void> }[] = [];

afterEach(async () => {
  for (const db of opened.splice(0)) await db.remove();
});

async function setUp() {
  const db = await openTestStore("sign-in");
  opened.push(db);
  const staff = createStaffServices(db, createAuditLog(db), staffContent, { passwordCost: { log2N: 10, r: 8, p: 1 } });
  const asha = await staff.accounts.add({ email: "asha@example.com", name: "Asha Verma" });
  const token = await staff.links.issue(asha.id, "add");
  expect(await setPasswordThroughLink(token, { password, repeat: password }, staff)).toEqual({ kind: "done" });
  const actions = async () => (await staff.audit.recent(1000)).reverse().map((entry) => [entry.actor, entry.action]);
  return { db, staff, asha, actions };
}

function cookieOf(outcome: Awaited<ReturnType<typeof signInWithPassword>>): string {
  if (outcome.kind !== "signed-in") throw new Error(`refused: ${outcome.message}`);
  return outcome.setCookies[0] ?? "";
}

describe("signing in with a password", () => {
  test("the right password starts a session, recorded in the audit log", async () => {
    const { staff, asha, actions } = await setUp();
    const setCookie = cookieOf(
      await signInWithPassword({ email: " ASHA@example.com", password }, request, "203.0.113.7", staff),
    );
    const id = sessionIdFrom(new Request("http://127.0.0.1/", { headers: { cookie: setCookie.split(";")[0] ?? "" } }));
    expect((await staff.sessions.find(id ?? ""))?.member.id).toBe(asha.id);
    expect(await actions()).toContainEqual(["asha@example.com", "signed in"]);
    expect((await staff.audit.recent(1))[0]?.detail).toBe("with a password, from 203.0.113.7");
  });

  test("a wrong password and an unknown address get the same answer, after checking a password hash alike", async () => {
    const { staff, actions } = await setUp();
    const verify = vi.spyOn(staff.passwords, "verify");
    const wrong = await signInWithPassword(
      { email: "asha@example.com", password: "wrong-password" },
      request,
      "a",
      staff,
    );
    const unknown = await signInWithPassword({ email: "nobody@example.com", password }, request, "b", staff);
    expect(wrong).toEqual(unknown);
    expect(wrong).toMatchObject({ kind: "refused", status: 400 });
    expect(verify).toHaveBeenCalledTimes(2);
    expect(verify.mock.calls[1]?.[1]).toBeUndefined();
    expect(await actions()).toEqual(
      expect.arrayContaining([
        ["asha@example.com", "sign-in failed"],
        ["unknown", "sign-in failed"],
      ]),
    );
  });

  test("the sixth attempt after five failures waits, without a password being checked; the wait is recorded once", async () => {
    const { staff, actions } = await setUp();
    for (let i = 1; i <= 5; i++) {
      const outcome = await signInWithPassword(
        { email: "asha@example.com", password: `wrong-${i}` },
        request,
        `10.0.0.${i}`,
        staff,
      );
      expect(outcome).toMatchObject({ kind: "refused", status: 400 });
    }
    const verify = vi.spyOn(staff.passwords, "verify");
    const sixth = await signInWithPassword({ email: "asha@example.com", password }, request, "10.0.0.6", staff);
    expect(sixth).toMatchObject({ kind: "refused", status: 429, retryAfterSeconds: 60 });
    expect(verify).not.toHaveBeenCalled();
    await signInWithPassword({ email: "asha@example.com", password }, request, "10.0.0.7", staff);
    expect((await actions()).filter(([, action]) => action === "sign-in locked")).toEqual([
      ["asha@example.com", "sign-in locked"],
    ]);
    expect((await actions()).filter(([, action]) => action === "sign-in failed")).toHaveLength(5);
  });

  test("an unknown address waits after five failures just as an account does", async () => {
    const { staff } = await setUp();
    for (let i = 1; i <= 5; i++)
      await signInWithPassword({ email: "nobody@example.com", password }, request, `10.0.1.${i}`, staff);
    const sixth = await signInWithPassword({ email: "nobody@example.com", password }, request, "10.0.1.6", staff);
    expect(sixth).toMatchObject({ kind: "refused", status: 429 });
  });

  test("an empty form is refused without counting", async () => {
    const { staff } = await setUp();
    for (let i = 0; i < 8; i++) {
      expect(await signInWithPassword({ email: "asha@example.com", password: "" }, request, "a", staff)).toMatchObject({
        status: 400,
        message: "Enter your e-mail address and your password.",
      });
    }
    cookieOf(await signInWithPassword({ email: "asha@example.com", password }, request, "a", staff));
  });

  test("a browser that signed in to the account before passes the account's wait; any other waits", async () => {
    const { staff } = await setUp();
    const signedIn = await signInWithPassword({ email: "asha@example.com", password }, request, "203.0.113.1", staff);
    if (signedIn.kind !== "signed-in") throw new Error("not signed in");
    const mark = signedIn.setCookies.find((cookie) => cookie.startsWith("staff-known="))?.split(";")[0] ?? "";
    expect(mark).toMatch(/^staff-known=1\.[\w-]{43}$/);
    // Someone elsewhere fails five times with her address, from five networks: her account waits.
    for (let i = 1; i <= 5; i++) {
      await signInWithPassword({ email: "asha@example.com", password: "guess" }, request, `198.51.${i}.9`, staff);
    }
    const elsewhere = await signInWithPassword({ email: "asha@example.com", password }, request, "192.0.2.7", staff);
    expect(elsewhere).toMatchObject({ kind: "refused", status: 429 });
    const fromHerBrowser = new Request(request.url, { method: "POST", headers: { cookie: mark } });
    expect(
      await signInWithPassword({ email: "asha@example.com", password }, fromHerBrowser, "192.0.2.8", staff),
    ).toMatchObject({
      kind: "signed-in",
    });
    // A mark is one account's: it does not pass another's wait, nor does a forged one.
    expect(await staff.throttle.isKnownBrowser(mark.split("=")[1], 2)).toBe(false);
    expect(await staff.throttle.isKnownBrowser(`1.${"A".repeat(43)}`, 1)).toBe(false);
  });
});

describe("changing and setting passwords", () => {
  test("a change needs the current password, keeps to the rules, and ends every other session", async () => {
    const { staff, asha } = await setUp();
    const other = await staff.sessions.start(asha.id);
    const account = await staff.accounts.byId(asha.id);
    if (!account) throw new Error("no account");
    const fresh = "monsoon-lantern-harbour";
    expect(
      await changePassword(account, { current: "wrong", password: fresh, repeat: fresh }, request, "a", staff),
    ).toMatchObject({
      status: 400,
      field: "current",
    });
    expect(
      await changePassword(account, { current: password, password: "short", repeat: "short" }, request, "a", staff),
    ).toMatchObject({
      status: 400,
      field: "new",
    });
    const changed = await changePassword(
      account,
      { current: password, password: fresh, repeat: fresh },
      request,
      "a",
      staff,
    );
    expect(changed.kind).toBe("signed-in");
    expect(await staff.sessions.find(other.id)).toBeUndefined();
    expect((await signInWithPassword({ email: "asha@example.com", password }, request, "a", staff)).kind).toBe(
      "refused",
    );
    expect((await signInWithPassword({ email: "asha@example.com", password: fresh }, request, "a", staff)).kind).toBe(
      "signed-in",
    );
  });

  test("a link's password must be typed twice alike, and the link forgets the account's failed sign-ins", async () => {
    const { staff, asha } = await setUp();
    for (let i = 1; i <= 5; i++)
      await signInWithPassword({ email: "asha@example.com", password: "x" }, request, `10.0.2.${i}`, staff);
    const token = await staff.links.issue(asha.id, "reset");
    const fresh = "harbour-lantern-monsoon";
    expect(await setPasswordThroughLink(token, { password: fresh, repeat: `${fresh}!` }, staff)).toMatchObject({
      status: 400,
    });
    expect(await setPasswordThroughLink(token, { password: fresh, repeat: fresh }, staff)).toEqual({ kind: "done" });
    expect(await setPasswordThroughLink(token, { password: fresh, repeat: fresh }, staff)).toEqual({
      kind: "invalid-link",
    });
    expect(
      (await signInWithPassword({ email: "asha@example.com", password: fresh }, request, "10.0.2.9", staff)).kind,
    ).toBe("signed-in");
  });
});
