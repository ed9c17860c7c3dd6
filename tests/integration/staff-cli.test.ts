import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { Database } from "../../app/server/store/db.server.ts";
import { openStore } from "../../app/server/store/open-store.server.ts";
import { linkIn, runStaffCommand } from "../support/staff-command.ts";
import { newTestStoreLocation, type TestStoreLocation } from "../support/test-store.ts";

let dataDir: string;
let store: TestStoreLocation;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "staff-cli-"));
  store = await newTestStoreLocation("staff-cli");
});

afterEach(async () => {
  await store.remove();
  await rm(dataDir, { recursive: true, force: true });
});

const staff = (...args: string[]) => runStaffCommand(args, dataDir, store.env);

/** What the command left in the store, read after it has finished. */
async function inStore<T>(read: (db: Database) => Promise<T>): Promise<T> {
  const db = await openStore(store.location);
  try {
    return await read(db);
  } finally {
    await db.close();
  }
}

function auditActions() {
  return inStore((db) =>
    db.all<{ actor: string; action: string; detail: string | null }>(
      "SELECT actor, action, detail FROM audit_log ORDER BY id",
    ),
  );
}

/** SQLite's file is made only when needed; a PostgreSQL database is there all along. */
function noDatabaseMade(): boolean {
  return !("sqliteFile" in store.location) || !existsSync(store.location.sqliteFile);
}

describe("npm run staff", () => {
  test("add makes the first account on a fresh install and prints a one-time link on the site's address", async () => {
    const { code, stdout } = await staff("add", "Asha@Example.com", "Asha", "Verma");
    expect(code).toBe(0);
    expect(stdout).toContain("Added Asha Verma <asha@example.com> as staff.");
    expect(stdout).toContain("it works once, for 24 hours");
    expect(linkIn(stdout)).toMatch(/^https:\/\/www\.example\.com\/inbox\/set-password\/[\w-]{43}$/);
    expect(await auditActions()).toEqual([
      { actor: "system", action: "staff added", detail: "asha@example.com as staff" },
      { actor: "system", action: "password link issued", detail: "add for asha@example.com" },
    ]);
  });

  test("add --owner makes an owner; without it the account is staff", async () => {
    const owner = await staff("add", "asha@example.com", "--owner", "Asha", "Verma");
    expect(owner.code).toBe(0);
    expect(owner.stdout).toContain("Added Asha Verma <asha@example.com> as owner.");
    await staff("add", "ravi@example.com", "Ravi Kumar");
    expect(await inStore((db) => db.all("SELECT email, name, role FROM staff ORDER BY email"))).toEqual([
      { email: "asha@example.com", name: "Asha Verma", role: "owner" },
      { email: "ravi@example.com", name: "Ravi Kumar", role: "staff" },
    ]);
    expect((await auditActions()).filter((entry) => entry.action === "staff added")).toEqual([
      { actor: "system", action: "staff added", detail: "asha@example.com as owner" },
      { actor: "system", action: "staff added", detail: "ravi@example.com as staff" },
    ]);
  });

  test("role makes staff an owner and back, and the audit log keeps each change", async () => {
    await staff("add", "asha@example.com", "Asha Verma", "--owner");
    await staff("add", "ravi@example.com", "Ravi Kumar");
    const promoted = await staff("role", "RAVI@example.com", "owner");
    expect(promoted).toMatchObject({
      code: 0,
      stdout: "Ravi Kumar <ravi@example.com> is now an owner, from their next page on.\n",
    });
    expect((await staff("role", "ravi@example.com", "owner")).stdout).toContain("is already an owner");
    expect((await staff("role", "asha@example.com", "staff")).code).toBe(0);
    const { stdout } = await staff("list");
    expect(stdout).toContain("asha@example.com  Asha Verma  (staff)\n");
    expect(stdout).toContain("ravi@example.com  Ravi Kumar  (owner)\n");
    expect((await auditActions()).filter((entry) => entry.action === "staff role changed")).toEqual([
      { actor: "system", action: "staff role changed", detail: "ravi@example.com: staff → owner" },
      { actor: "system", action: "staff role changed", detail: "asha@example.com: owner → staff" },
    ]);
  });

  test("role refuses to make the last owner staff, and records nothing", async () => {
    await staff("add", "asha@example.com", "Asha Verma", "--owner");
    await staff("add", "ravi@example.com", "Ravi Kumar");
    const refused = await staff("role", "asha@example.com", "staff");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("Asha Verma <asha@example.com> is the only owner, and the site needs one.");
    expect(refused.stderr).toContain("npm run staff -- role <their email> owner");
    expect(await inStore((db) => db.get("SELECT role FROM staff WHERE email = 'asha@example.com'"))).toEqual({
      role: "owner",
    });
    expect((await auditActions()).map((entry) => entry.action)).not.toContain("staff role changed");
  });

  test("role takes one of the two roles, and --owner goes only with add", async () => {
    await staff("add", "asha@example.com", "Asha Verma", "--owner");
    for (const wrong of [["admin"], [], ["owner", "staff"]]) {
      const answer = await staff("role", "asha@example.com", ...wrong);
      expect(answer.code).toBe(2);
      expect(answer.stderr).toContain("Give the role after the e-mail address: owner or staff.");
    }
    const option = await staff("role", "asha@example.com", "--owner");
    expect(option.code).toBe(2);
    expect(option.stderr).toContain("takes no option but --owner (when adding)");
    expect(await staff("role", "nobody@example.com", "owner")).toMatchObject({ code: 1 });
  });

  test("list shows each account, its role, whether its password is set, its passkeys and its last sign-in", async () => {
    await staff("add", "ravi@example.com", "Ravi Kumar");
    await staff("add", "asha@example.com", "Asha\u001b[2J Verma");
    const { code, stdout } = await staff("list");
    expect(code).toBe(0);
    expect(stdout).toContain("2 staff accounts");
    expect(stdout).toMatch(
      /asha@example\.com {2}Asha\\u\{1b\}\[2J Verma {2}\(staff\)\n {4}NO PASSWORD YET \(waiting for the link\), 0 passkeys; added \d{4}-\d\d-\d\d \d\d:\d\d, last sign-in never/,
    );
    expect(stdout.indexOf("asha@")).toBeLessThan(stdout.indexOf("ravi@"));
    expect(stdout).not.toContain("\u001b");
  });

  test("an address is added once, however it is written", async () => {
    await staff("add", "asha@example.com", "Asha Verma");
    const again = await staff("add", "ASHA@example.com", "Asha V");
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("There is already an account for asha@example.com.");
    expect(again.stderr).toContain("npm run staff -- reset asha@example.com");
    expect(again.stdout).toBe("");
  });

  test("reset prints a new link, and the link printed before stops working", async () => {
    const first = linkIn((await staff("add", "asha@example.com", "Asha Verma")).stdout);
    const { code, stdout } = await staff("reset", "asha@example.com");
    expect(code).toBe(0);
    expect(stdout).toContain("no longer works, and they are signed out everywhere");
    const second = linkIn(stdout);
    expect(second).not.toBe(first);
    expect(await inStore((db) => db.all("SELECT purpose FROM staff_links WHERE used_at IS NULL"))).toEqual([
      { purpose: "reset" },
    ]);
  });

  test("reset removes the account's passkeys too, and says so", async () => {
    await staff("add", "asha@example.com", "Asha Verma");
    await inStore(async (db) => {
      const { id } = (await db.get<{ id: number }>("SELECT id FROM staff WHERE email = ?", ["asha@example.com"])) ?? {};
      for (const credential of ["phone", "planted"]) {
        await db.run(
          `INSERT INTO staff_passkeys (credential_id, staff_id, name, public_key, counter, transports, created_at)
           VALUES (?, ?, ?, ?, 0, '[]', 0)`,
          [credential, id, credential, new Uint8Array([1, 2, 3])],
        );
      }
    });
    const { code, stdout } = await staff("reset", "asha@example.com");
    expect(code).toBe(0);
    expect(stdout).toContain("Their 2 passkeys were removed");
    expect(stdout).not.toContain("still work");
    expect(await inStore((db) => db.get("SELECT count(*) AS n FROM staff_passkeys"))).toEqual({ n: 0 });
    expect((await auditActions()).find((entry) => entry.action === "password reset")?.detail).toBe(
      "asha@example.com: password cleared, every session ended, 2 passkeys removed",
    );
  });

  test("remove takes the account away with its sessions, passkeys and links", async () => {
    await staff("add", "asha@example.com", "Asha Verma");
    expect((await staff("remove", "asha@example.com")).stdout).toContain("Removed Asha Verma <asha@example.com>");
    expect((await staff("list")).stdout).toContain("No staff accounts yet.");
    expect(await inStore((db) => db.get("SELECT count(*) AS n FROM staff_links"))).toEqual({ n: 0 });
    expect((await auditActions()).at(-1)).toEqual({
      actor: "system",
      action: "staff removed",
      detail: "asha@example.com",
    });
  });

  test("takes no options, so no password is ever typed on the command line", async () => {
    const { code, stderr } = await staff("add", "asha@example.com", "Asha", "--password", "hunter2hunter2");
    expect(code).toBe(2);
    expect(stderr).toContain("takes no option but --owner (when adding); a password is never given here");
    expect(noDatabaseMade()).toBe(true);
  });

  test("refuses what is not an e-mail address, a missing name, an unknown account or command", async () => {
    expect(await staff("add", "not-an-address", "Asha")).toMatchObject({ code: 2 });
    expect((await staff("add", "asha@example.com")).stderr).toContain("Give the person's name");
    await staff("add", "asha@example.com", "Asha Verma");
    expect(await staff("reset", "nobody@example.com")).toMatchObject({ code: 1 });
    expect((await staff("promote", "asha@example.com")).stderr).toContain('Unknown command "promote"');
    expect((await staff()).stdout).toContain("npm run staff -- add <email> <name> [--owner]");
  });

  test("list on a fresh install says so and makes no database", async () => {
    const { code, stdout } = await staff("list");
    expect(code).toBe(0);
    expect(stdout).toContain("No staff accounts yet");
    expect(noDatabaseMade()).toBe(true);
  });
});
