import { afterEach, describe, expect, test } from "vitest";
import { openTestStore } from "../../../tests/support/test-store.ts";
import { createStaffAccounts } from "./accounts.server.ts";
import {
  CHALLENGE_LIFETIME_MS,
  challengeLimits,
  createStaffChallenges,
  createStaffPasskeys,
} from "./passkeys.server.ts";

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

  test("a challenge answers once, for its purpose, within five minutes, to the browser it was given to", async () => {
    const { challenges, asha } = await setUp();
    expect(await challenges.keep("c1", "add-passkey", asha.id, owner("b1"), 0)).toBe("kept");
    expect(await challenges.take("c1", "sign-in", "b1", 1)).toBeUndefined();
    expect(await challenges.take("c1", "add-passkey", "another browser", 1)).toBeUndefined();
    expect(await challenges.take("c1", "add-passkey", "b1", 1)).toEqual({ staffId: asha.id });
    expect(await challenges.take("c1", "add-passkey", "b1", 2)).toBeUndefined();
    await challenges.keep("c2", "sign-in", null, owner("b2"), 0);
    expect(await challenges.take("c2", "sign-in", "b2", CHALLENGE_LIFETIME_MS)).toBeUndefined();
  });

  test("one client holds a few open sign-in challenges at most; others, and passkey adding, go on", async () => {
    const { challenges, asha } = await setUp();
    const flood = { client: "203.0.113.7", network: "203.0.113.0/24", binding: "flood" };
    for (let i = 0; i < challengeLimits.perClient; i++) {
      expect(await challenges.keep(`f${i}`, "sign-in", null, flood, 0)).toBe("kept");
    }
    expect(await challenges.keep("f-more", "sign-in", null, flood, 0)).toBe("too many from this client");
    expect(await challenges.keep("other", "sign-in", null, owner("b"), 0)).toBe("kept");
    expect(await challenges.keep("add", "add-passkey", asha.id, owner("b"), 0)).toBe("kept");
    // Its own run out, the client may ask again.
    expect(await challenges.keep("f-later", "sign-in", null, flood, CHALLENGE_LIFETIME_MS)).toBe("kept");
  });

  test("many clients of one network count together: a /64 each does not get around the limit", async () => {
    const { challenges } = await setUp();
    const network = "2001:db8:1::/48";
    for (let i = 0; i < challengeLimits.perNetwork; i++) {
      const client = { client: `2001:db8:1:${i.toString(16)}::/64`, network, binding: `b${i}` };
      expect(await challenges.keep(`n${i}`, "sign-in", null, client, 0)).toBe("kept");
    }
    const fresh = { client: "2001:db8:1:ffff::/64", network, binding: "fresh" };
    expect(await challenges.keep("n-more", "sign-in", null, fresh, 0)).toBe("too many from this client");
    expect(await challenges.keep("elsewhere", "sign-in", null, owner("e"), 0)).toBe("kept");
  });

  test("an account adding passkeys holds a few open challenges at most", async () => {
    const { challenges, asha } = await setUp();
    for (let i = 0; i < challengeLimits.perAccount; i++) {
      expect(await challenges.keep(`a${i}`, "add-passkey", asha.id, owner("b"), 0)).toBe("kept");
    }
    expect(await challenges.keep("a-more", "add-passkey", asha.id, owner("b"), 0)).toBe("too many from this client");
  });

  // A thousand transactions one after another: on PostgreSQL each is a few round trips to the server.
  test("no more than a thousand sign-in ceremonies are open at once", { timeout: 60_000 }, async () => {
    const { challenges, asha } = await setUp();
    for (let i = 0; i < challengeLimits.total; i++) {
      const client = { client: `c${Math.floor(i / 10)}`, network: `n${Math.floor(i / 50)}`, binding: "b" };
      expect(await challenges.keep(`c${i}`, "sign-in", null, client, 0)).toBe("kept");
    }
    expect(await challenges.keep("one-too-many", "sign-in", null, owner("b"), 0)).toBe("too many open");
    expect(await challenges.keep("add", "add-passkey", asha.id, owner("b"), 0)).toBe("kept");
    // Once the old ones have run out, there is room again.
    expect(await challenges.keep("later", "sign-in", null, owner("b"), CHALLENGE_LIFETIME_MS)).toBe("kept");
  });
});

/** A client of its own, on a network of its own. */
function owner(binding: string) {
  return { client: `client-${binding}`, network: `network-${binding}`, binding };
}
