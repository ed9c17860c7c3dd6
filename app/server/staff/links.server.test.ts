import { afterEach, describe, expect, test } from "vitest";
import { openTestStore } from "../../../tests/support/test-store.ts";
import { createStaffAccounts, StaffAccountExistsError } from "./accounts.server.ts";
import { createStaffLinks, LINK_LIFETIME_MS } from "./links.server.ts";
import { createStaffSessions } from "./sessions.server.ts";

const opened: { remove(): Promise<void> }[] = [];

afterEach(async () => {
  for (const db of opened.splice(0)) await db.remove();
});

async function setUp() {
  const db = await openTestStore("links");
  opened.push(db);
  const accounts = createStaffAccounts(db);
  const asha = await accounts.add({ email: "Asha@Example.com", name: " Asha Verma " }, 0);
  return { db, accounts, links: createStaffLinks(db), sessions: createStaffSessions(db), asha };
}

describe("staff accounts and their one-time links", () => {
  test("an address is one account however it is written", async () => {
    const { accounts, asha } = await setUp();
    expect(asha).toMatchObject({ email: "asha@example.com", name: "Asha Verma", passwordHash: null });
    expect((await accounts.byEmail(" ASHA@example.COM "))?.id).toBe(asha.id);
    await expect(accounts.add({ email: "asha@EXAMPLE.com", name: "Someone Else" })).rejects.toThrow(
      StaffAccountExistsError,
    );
  });

  test("a link works for 24 hours; only its hash is stored", async () => {
    expect(LINK_LIFETIME_MS).toBe(24 * 60 * 60_000);
    const { db, links, asha } = await setUp();
    const token = await links.issue(asha.id, "add", 0);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(JSON.stringify(await db.all("SELECT * FROM staff_links"))).not.toContain(token);
    expect(await links.find(token, LINK_LIFETIME_MS - 1)).toMatchObject({ staffId: asha.id, purpose: "add" });
    expect(await links.find(token, LINK_LIFETIME_MS)).toBeUndefined();
    expect(await links.find("not-a-token", 0)).toBeUndefined();
  });

  test("a link sets the password once, and ends every session", async () => {
    const { accounts, links, sessions, asha } = await setUp();
    const token = await links.issue(asha.id, "add", 0);
    const session = await sessions.start(asha.id, 0);
    expect(await links.setPassword(token, asha.id, "first-hash", 10)).toBe(true);
    expect(await accounts.byId(asha.id)).toMatchObject({ passwordHash: "first-hash", passwordChangedAt: 10 });
    expect(await sessions.find(session.id, 11)).toBeUndefined();
    expect(await links.setPassword(token, asha.id, "second-hash", 20)).toBe(false);
    expect(await links.find(token, 20)).toBeUndefined();
    expect((await accounts.byId(asha.id))?.passwordHash).toBe("first-hash");
  });

  test("an expired link sets nothing", async () => {
    const { accounts, links, asha } = await setUp();
    const token = await links.issue(asha.id, "reset", 0);
    expect(await links.setPassword(token, asha.id, "late-hash", LINK_LIFETIME_MS)).toBe(false);
    expect((await accounts.byId(asha.id))?.passwordHash).toBeNull();
  });

  test("a newer link replaces the one not yet used", async () => {
    const { links, asha } = await setUp();
    const older = await links.issue(asha.id, "add", 0);
    const newer = await links.issue(asha.id, "reset", 1);
    expect(await links.find(older, 2)).toBeUndefined();
    expect(await links.find(newer, 2)).toMatchObject({ purpose: "reset" });
  });

  test("a reset clears the password and ends every session at once", async () => {
    const { accounts, links, sessions, asha } = await setUp();
    await links.setPassword(await links.issue(asha.id, "add", 0), asha.id, "hash", 1);
    const session = await sessions.start(asha.id, 2);
    await accounts.clearPassword(asha.id, 3);
    expect((await accounts.byId(asha.id))?.passwordHash).toBeNull();
    expect(await sessions.find(session.id, 4)).toBeUndefined();
  });
});
