import { afterEach, describe, expect, test } from "vitest";
import { openTestStore } from "../../../tests/support/test-store.ts";
import { createStaffAccounts } from "./accounts.server.ts";
import { CHALLENGE_LIFETIME_MS, createStaffChallenges, createStaffPasskeys } from "./passkeys.server.ts";

const opened: { remove(): Promise<void> }[] = [];

afterEach(async () => {
  for (const db of opened.splice(0)) await db.remove();
});

async function setUp() {
  const db = await openTestStore("passkeys");
  opened.push(db);
  const accounts = createStaffAccounts(db);
  const asha = await accounts.add({ email: "asha@example.com", name: "Asha Verma" });
  return { accounts, passkeys: createStaffPasskeys(db), challenges: createStaffChallenges(db), asha };
}

const publicKey = new Uint8Array([1, 2, 3, 4]);

describe("passkeys and their challenges", () => {
  test("a passkey is stored once, belongs to one account, and goes with it", async () => {
    const { accounts, passkeys, asha } = await setUp();
    const passkey = {
      credentialId: "cred-1",
      staffId: asha.id,
      name: "Phone",
      publicKey,
      counter: 0,
      transports: ["internal"],
    };
    expect(await passkeys.add(passkey, 1000)).toBe(true);
    expect(await passkeys.add({ ...passkey, name: "Again" })).toBe(false);
    expect(await passkeys.byCredentialId("cred-1")).toEqual({
      credentialId: "cred-1",
      staffId: asha.id,
      publicKey,
      counter: 0,
      transports: ["internal"],
    });
    await passkeys.used("cred-1", 7, 2000);
    expect(await passkeys.listFor(asha.id)).toEqual([
      { credentialId: "cred-1", name: "Phone", createdAt: 1000, lastUsedAt: 2000 },
    ]);
    expect(await passkeys.remove(asha.id + 1, "cred-1")).toBe(false);
    await accounts.remove(asha.id);
    expect(await passkeys.byCredentialId("cred-1")).toBeUndefined();
  });

  test("a challenge answers once, for its purpose, within five minutes", async () => {
    const { challenges, asha } = await setUp();
    expect(await challenges.keep("c1", "add-passkey", asha.id, 0)).toBe(true);
    expect(await challenges.take("c1", "sign-in", 1)).toBeUndefined();
    expect(await challenges.take("c1", "add-passkey", 1)).toEqual({ staffId: asha.id });
    expect(await challenges.take("c1", "add-passkey", 2)).toBeUndefined();
    await challenges.keep("c2", "sign-in", null, 0);
    expect(await challenges.take("c2", "sign-in", CHALLENGE_LIFETIME_MS)).toBeUndefined();
  });

  // A thousand transactions one after another: on PostgreSQL each is a few round trips to the server.
  test("no more than a thousand ceremonies are open at once", { timeout: 30_000 }, async () => {
    const { challenges } = await setUp();
    for (let i = 0; i < 1000; i++) expect(await challenges.keep(`c${i}`, "sign-in", null, 0)).toBe(true);
    expect(await challenges.keep("one-too-many", "sign-in", null, 0)).toBe(false);
    // Once the old ones have run out, there is room again.
    expect(await challenges.keep("later", "sign-in", null, CHALLENGE_LIFETIME_MS)).toBe(true);
  });
});
