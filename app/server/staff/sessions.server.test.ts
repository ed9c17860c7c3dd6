import { afterEach, describe, expect, test } from "vitest";
import { openTestStore } from "../../../tests/support/test-store.ts";
import { createStaffAccounts } from "./accounts.server.ts";
import { createStaffSessions, SESSION_IDLE_MS, SESSION_MAX_AGE_MS } from "./sessions.server.ts";

const HOUR = 60 * 60_000;

const opened: { remove(): Promise<void> }[] = [];

afterEach(async () => {
  for (const db of opened.splice(0)) await db.remove();
});

async function setUp() {
  const db = await openTestStore("sessions");
  opened.push(db);
  const accounts = createStaffAccounts(db);
  const sessions = createStaffSessions(db);
  const asha = await accounts.add({ email: "asha@example.com", name: "Asha Verma" }, 0);
  return { db, accounts, sessions, asha };
}

describe("staff sessions", () => {
  test("a session is known by a random id that only the cookie holds; the database keeps its hash", async () => {
    const { db, sessions, asha } = await setUp();
    const { id, expiresAt } = await sessions.start(asha.id, 1000);
    expect(id).toMatch(/^[\w-]{43}$/);
    expect(expiresAt).toBe(1000 + SESSION_MAX_AGE_MS);
    expect((await sessions.find(id, 2000))?.member).toEqual({
      id: asha.id,
      email: "asha@example.com",
      name: "Asha Verma",
      role: "staff",
    });
    expect(JSON.stringify(await db.all("SELECT * FROM staff_sessions"))).not.toContain(id);
    expect(await sessions.find(`${id.slice(0, -1)}x`, 2000)).toBeUndefined();
  });

  test("ends after 12 hours without a request, and each request keeps it alive", async () => {
    expect(SESSION_IDLE_MS).toBe(12 * HOUR);
    const { sessions, asha } = await setUp();
    const { id } = await sessions.start(asha.id, 0);
    expect(await sessions.find(id, 11 * HOUR)).toBeDefined();
    expect(await sessions.find(id, 22 * HOUR)).toBeDefined();
    expect(await sessions.find(id, 34 * HOUR + 1)).toBeUndefined();
  });

  test("ends 30 days after sign-in, however busy", async () => {
    expect(SESSION_MAX_AGE_MS).toBe(30 * 24 * HOUR);
    const { sessions, asha } = await setUp();
    const { id } = await sessions.start(asha.id, 0);
    let now = 0;
    while (now + 11 * HOUR < SESSION_MAX_AGE_MS) {
      now += 11 * HOUR;
      expect(await sessions.find(id, now)).toBeDefined();
    }
    expect(await sessions.find(id, SESSION_MAX_AGE_MS)).toBeUndefined();
  });

  test("signing out ends one session; everywhere ends them all; a new password ends them all", async () => {
    const { accounts, sessions, asha } = await setUp();
    const [phone, laptop, tablet] = [
      await sessions.start(asha.id, 0),
      await sessions.start(asha.id, 0),
      await sessions.start(asha.id, 0),
    ];
    await sessions.end(phone.id);
    expect(await sessions.find(phone.id, 1)).toBeUndefined();
    expect(await sessions.find(laptop.id, 1)).toBeDefined();
    expect(await sessions.endAll(asha.id)).toBe(2);
    expect(await sessions.find(tablet.id, 1)).toBeUndefined();

    const kept = await sessions.start(asha.id, 10);
    await accounts.setPassword(asha.id, "scrypt$ln=10,r=8,p=1$c2FsdA$a2V5", 20);
    expect(await sessions.find(kept.id, 30)).toBeUndefined();
  });

  test("a removed account's sessions end with it", async () => {
    const { accounts, sessions, asha } = await setUp();
    const { id } = await sessions.start(asha.id, 0);
    await accounts.remove(asha.id);
    expect(await sessions.find(id, 1)).toBeUndefined();
  });
});
