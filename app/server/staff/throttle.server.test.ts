import { afterEach, describe, expect, test } from "vitest";
import { newTestStoreLocation, openTestStore } from "../../../tests/support/test-store.ts";
import { openStore } from "../store/open-store.server.ts";
import { createSignInThrottle, signInThrottlePolicy, type ThrottleTicket, throttleKeys } from "./throttle.server.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const opened: { remove(): Promise<void> }[] = [];

afterEach(async () => {
  for (const db of opened.splice(0)) await db.remove();
});

async function throttleStore() {
  const db = await openTestStore("throttle");
  opened.push(db);
  return db;
}

async function throttle() {
  return createSignInThrottle(await throttleStore());
}

function allowed(ticket: ThrottleTicket): Extract<ThrottleTicket, { allowed: true }> {
  if (!ticket.allowed) throw new Error(`refused, ${ticket.retryAfterMs} ms to wait`);
  return ticket;
}

const account = "account:asha";
const client = throttleKeys.address("203.0.113.7");

describe("the sign-in throttle", () => {
  test("is five failures, then a minute's wait, doubling with each further failure up to an hour", async () => {
    expect(signInThrottlePolicy).toMatchObject({ freeFailures: 5, firstLockMs: MINUTE, maxLockMs: HOUR });
    const limit = await throttle();
    let now = 1_000_000;
    for (let failure = 1; failure <= 4; failure++)
      expect(allowed(await limit.begin([account], now)).locksIfFailed).toEqual([]);
    expect(allowed(await limit.begin([account], now)).locksIfFailed).toEqual([{ key: account, until: now + MINUTE }]);
    expect(await limit.begin([account], now + MINUTE - 1)).toEqual({ allowed: false, retryAfterMs: 1 });
    expect(await limit.waiting([account], now)).toBe(MINUTE);

    const waits: number[] = [];
    for (let failure = 6; failure <= 12; failure++) {
      now += HOUR;
      const [lock] = allowed(await limit.begin([account], now)).locksIfFailed;
      waits.push((lock?.until ?? now) - now);
    }
    expect(waits.map((ms) => ms / MINUTE)).toEqual([2, 4, 8, 16, 32, 60, 60]);
  });

  test("counts an attempt before its outcome is known, so a burst sent at once cannot pass the count", async () => {
    const limit = await throttle();
    const tickets = await Promise.all(Array.from({ length: 12 }, () => limit.begin([account, client], 5_000)));
    expect(tickets.filter((ticket) => ticket.allowed)).toHaveLength(5);
  });

  test("two instances on one store share the count: a burst split between them passes it no more", async () => {
    const place = await newTestStoreLocation("throttle-shared");
    const one = await openStore(place.location);
    const other = await openStore(place.location);
    opened.push({
      async remove() {
        await one.close();
        await other.close();
        await place.remove();
      },
    });
    const instances = [createSignInThrottle(one), createSignInThrottle(other)] as const;
    const tickets = await Promise.all(
      Array.from({ length: 12 }, (_, i) => instances[i % 2 === 0 ? 0 : 1].begin([account, client], 5_000)),
    );
    expect(tickets.filter((ticket) => ticket.allowed)).toHaveLength(5);
  });

  test("the e-mail address typed and the client each count on their own", async () => {
    const limit = await throttle();
    for (let i = 1; i <= 5; i++) allowed(await limit.begin([`account:guess${i}`, client], 0));
    // The client has failed five times, at five different addresses: it waits for any address.
    expect((await limit.begin(["account:new", client], 1)).allowed).toBe(false);
    // Another client may still try those addresses.
    expect((await limit.begin(["account:guess1", throttleKeys.address("198.51.100.1")], 1)).allowed).toBe(true);
  });

  test("a success clears the account's count and takes back only its own attempt from the client's", async () => {
    const limit = await throttle();
    for (let i = 1; i <= 4; i++) allowed(await limit.begin([`account:guess${i}`, client], 0));
    const ticket = allowed(await limit.begin([account, client], 0));
    // This fifth attempt would start the client's wait if it failed; it succeeds instead.
    expect(ticket.locksIfFailed.map((lock) => lock.key)).toEqual([client]);
    await limit.succeeded(ticket, account);
    expect(await limit.waiting([account, client], 1)).toBe(0);
    // The four failures at other addresses still count: one more and the client waits.
    allowed(await limit.begin(["account:guess5", client], 2));
    expect((await limit.begin(["account:guess6", client], 3)).allowed).toBe(false);
  });

  test("failures are forgotten a day after the last one", async () => {
    const limit = await throttle();
    for (let i = 1; i <= 5; i++) allowed(await limit.begin([account], 0));
    expect(allowed(await limit.begin([account], 24 * HOUR)).locksIfFailed).toEqual([]);
  });

  test("the address's key is the client's, with an IPv6 client's whole /64", () => {
    expect(throttleKeys.address("::ffff:203.0.113.7")).toBe("address:203.0.113.7");
    expect(throttleKeys.address("2001:db8:1:2:aaaa::1")).toBe(throttleKeys.address("2001:db8:1:2:bbbb::9"));
  });

  test("an e-mail address typed is kept as a keyed hash: the same for any case, never the text", async () => {
    const db = await throttleStore();
    const limit = createSignInThrottle(db);
    const key = await limit.accountKey(" Asha@Example.COM ");
    expect(key).toBe(await limit.accountKey("asha@example.com"));
    expect(key).not.toBe(await limit.accountKey("asha@example.in"));
    expect(key).toMatch(/^account:[\w-]{43}$/);
    allowed(await limit.begin([await limit.accountKey("my-secret-password"), client], 0));
    const stored = JSON.stringify(await db.all("SELECT * FROM sign_in_throttle"));
    expect(stored).not.toMatch(/asha|secret-password/i);
    // Another store has its own secret: a key says nothing outside the database it was made in.
    expect(key).not.toBe(await createSignInThrottle(await throttleStore()).accountKey("asha@example.com"));
  });
});

describe("a wider network", () => {
  test("its clients together get the network's free failures, then wait; another network does not", async () => {
    const limit = await throttle();
    const free = signInThrottlePolicy.networkFreeFailures;
    // A new /64 of one /48, and a new e-mail address, for every guess: only the network key repeats.
    for (let i = 0; i < free; i++) {
      allowed(await limit.begin([`account:guess${i}`, ...throttleKeys.client(`2001:db8:5:${i.toString(16)}::1`)], 0));
    }
    const next = await limit.begin(["account:another", ...throttleKeys.client("2001:db8:5:ffff::1")], 1);
    expect(next.allowed).toBe(false);
    expect((await limit.begin(["account:another", ...throttleKeys.client("2001:db8:6::1")], 1)).allowed).toBe(true);
  });

  test("a client waits after its own five, long before its network does", async () => {
    const limit = await throttle();
    for (let i = 1; i <= 5; i++)
      allowed(await limit.begin([`account:g${i}`, ...throttleKeys.client("203.0.113.7")], 0));
    expect((await limit.begin(["account:g6", ...throttleKeys.client("203.0.113.7")], 1)).allowed).toBe(false);
    expect((await limit.begin(["account:g6", ...throttleKeys.client("203.0.113.8")], 1)).allowed).toBe(true);
  });
});
