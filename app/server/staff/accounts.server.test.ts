import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { afterEach, describe, expect, test } from "vitest";
import { newTestStoreLocation, openTestStore, type TestStoreLocation } from "../../../tests/support/test-store.ts";
import type { StoreLocation } from "../store/db.server.ts";
import { openStore } from "../store/open-store.server.ts";
import { postgresMigrations } from "../store/postgres-migrations.server.ts";
import { sqliteMigrations } from "../store/sqlite-migrations.server.ts";
import { createStaffAccounts } from "./accounts.server.ts";
import { createStaffSessions } from "./sessions.server.ts";

const opened: { remove(): Promise<void> }[] = [];

afterEach(async () => {
  for (const db of opened.splice(0)) await db.remove();
});

async function setUp() {
  const db = await openTestStore("accounts");
  opened.push(db);
  return { db, accounts: createStaffAccounts(db) };
}

describe("staff accounts' roles", () => {
  test("a new account is staff unless made an owner, and the role is stored and read back", async () => {
    const { accounts } = await setUp();
    const ravi = await accounts.add({ email: "ravi@example.com", name: "Ravi Kumar" });
    const asha = await accounts.add({ email: "asha@example.com", name: "Asha Verma", role: "owner" });
    expect(ravi.role).toBe("staff");
    expect(asha.role).toBe("owner");
    expect((await accounts.byEmail("ravi@example.com"))?.role).toBe("staff");
    expect((await accounts.byId(asha.id))?.role).toBe("owner");
    expect((await accounts.list()).map(({ email, role }) => ({ email, role }))).toEqual([
      { email: "asha@example.com", role: "owner" },
      { email: "ravi@example.com", role: "staff" },
    ]);
  });

  test("the store refuses a role that is not one", async () => {
    const { db, accounts } = await setUp();
    const ravi = await accounts.add({ email: "ravi@example.com", name: "Ravi Kumar" });
    await expect(db.run("UPDATE staff SET role = 'admin' WHERE id = ?", [ravi.id])).rejects.toThrow();
  });

  test("a role changes both ways, and a session sees the change from its next request", async () => {
    const { db, accounts } = await setUp();
    const sessions = createStaffSessions(db);
    await accounts.add({ email: "asha@example.com", name: "Asha Verma", role: "owner" });
    const ravi = await accounts.add({ email: "ravi@example.com", name: "Ravi Kumar" });
    const { id } = await sessions.start(ravi.id);
    expect((await sessions.find(id))?.member.role).toBe("staff");

    expect(await accounts.setRole(ravi.id, "owner")).toBe("changed");
    expect((await sessions.find(id))?.member.role).toBe("owner");
    expect(await accounts.setRole(ravi.id, "owner")).toBe("unchanged");
    expect(await accounts.setRole(ravi.id, "staff")).toBe("changed");
    expect((await accounts.byId(ravi.id))?.role).toBe("staff");
  });

  test("the last owner is never made staff; one of two owners may be", async () => {
    const { accounts } = await setUp();
    const asha = await accounts.add({ email: "asha@example.com", name: "Asha Verma", role: "owner" });
    await accounts.add({ email: "ravi@example.com", name: "Ravi Kumar" });
    expect(await accounts.setRole(asha.id, "staff")).toBe("last-owner");
    expect((await accounts.byId(asha.id))?.role).toBe("owner");

    const meera = await accounts.add({ email: "meera@example.com", name: "Meera Nair", role: "owner" });
    expect(await accounts.setRole(asha.id, "staff")).toBe("changed");
    expect(await accounts.setRole(meera.id, "staff")).toBe("last-owner");
  });

  test("two owners made staff at the same moment leave one owner", async () => {
    const { accounts } = await setUp();
    const asha = await accounts.add({ email: "asha@example.com", name: "Asha Verma", role: "owner" });
    const meera = await accounts.add({ email: "meera@example.com", name: "Meera Nair", role: "owner" });
    const outcomes = await Promise.all([accounts.setRole(asha.id, "staff"), accounts.setRole(meera.id, "staff")]);
    expect(outcomes.toSorted()).toEqual(["changed", "last-owner"]);
    expect((await accounts.list()).filter((account) => account.role === "owner")).toHaveLength(1);
  });
});

describe("schema step 22 on a database that already has accounts", () => {
  const places: TestStoreLocation[] = [];
  afterEach(async () => {
    for (const place of places.splice(0)) await place.remove();
  });

  test("every account made before it is an owner; one added after is staff", async () => {
    const place = await newTestStoreLocation("accounts-step-21");
    places.push(place);
    await storeBeforeStep22(place.location, [
      ["asha@example.com", "Asha Verma", "owner-handle-1"],
      ["ravi@example.com", "Ravi Kumar", "owner-handle-2"],
    ]);
    const db = await openStore(place.location);
    try {
      const accounts = createStaffAccounts(db);
      expect((await accounts.list()).map((account) => account.role)).toEqual(["owner", "owner"]);
      expect((await accounts.add({ email: "meera@example.com", name: "Meera Nair" })).role).toBe("staff");
    } finally {
      await db.close();
    }
  });
});

/** A store as step 21 left it, holding these accounts: the steps before 22 applied as the engines apply them. */
async function storeBeforeStep22(location: StoreLocation, staff: [string, string, string][]): Promise<void> {
  const before = (steps: readonly { version: number; name: string; sql: string }[]) =>
    steps.filter((step) => step.version < 22);
  const schemaMigrations =
    "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)";
  // PostgreSQL's numbered placeholders; SQLite numbers its own with "?" in place of "$".
  const insertStaff = "INSERT INTO staff (email, name, webauthn_user_id, created_at) VALUES ($1, $2, $3, 0)";
  const recorded = "INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, '2026-01-01T00:00:00Z')";
  if ("sqliteFile" in location) {
    const old = new DatabaseSync(location.sqliteFile);
    const sqlite = (sql: string) => old.prepare(sql.replaceAll("$", "?"));
    old.exec(`${schemaMigrations} STRICT`);
    for (const step of before(sqliteMigrations)) {
      old.exec(step.sql);
      sqlite(recorded).run(step.version, step.name);
    }
    for (const row of staff) sqlite(insertStaff).run(...row);
    old.close();
    return;
  }
  const old = new pg.Client({ connectionString: location.postgresUrl });
  await old.connect();
  try {
    await old.query(schemaMigrations);
    for (const step of before(postgresMigrations)) {
      await old.query(step.sql);
      await old.query(recorded, [step.version, step.name]);
    }
    for (const row of staff) await old.query(insertStaff, row);
  } finally {
    await old.end();
  }
}
