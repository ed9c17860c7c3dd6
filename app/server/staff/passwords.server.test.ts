import * as crypto from "node:crypto";
import { afterEach, describe, expect, test, vi } from "vitest";
import { createPasswordHasher, HashingBusyError, passwordCost } from "./passwords.server.ts";

vi.mock("node:crypto", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:crypto")>();
  return { ...actual, scrypt: vi.fn(actual.scrypt) };
});

// A cheap cost keeps the tests quick; the real cost is checked once below.
const cheap = { log2N: 10, r: 8, p: 1 };

afterEach(() => vi.mocked(crypto.scrypt).mockClear());

describe("password hashes", () => {
  test("are scrypt with OWASP's cost (N = 2^17, r = 8, p = 1), a 16-byte salt of their own, and the cost written in", async () => {
    expect(passwordCost).toEqual({ log2N: 17, r: 8, p: 1 });
    const hasher = createPasswordHasher();
    const stored = await hasher.hash("lantern-monsoon-ledger");
    expect(stored).toMatch(/^scrypt\$ln=17,r=8,p=1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await hasher.verify("lantern-monsoon-ledger", stored)).toEqual({ ok: true, needsRehash: false });
  });

  test("the same password twice gives two different hashes, and each checks", async () => {
    const hasher = createPasswordHasher(cheap);
    const [first, second] = [await hasher.hash("same password here"), await hasher.hash("same password here")];
    expect(first).not.toBe(second);
    expect((await hasher.verify("same password here", first)).ok).toBe(true);
    expect((await hasher.verify("same password here", second)).ok).toBe(true);
  });

  test("a wrong password, a damaged hash or none at all does not check", async () => {
    const hasher = createPasswordHasher(cheap);
    const stored = await hasher.hash("lantern-monsoon-ledger");
    expect((await hasher.verify("lantern-monsoon-ledgeR", stored)).ok).toBe(false);
    expect((await hasher.verify("lantern-monsoon-ledger", "plain text")).ok).toBe(false);
    expect((await hasher.verify("lantern-monsoon-ledger", null)).ok).toBe(false);
    expect((await hasher.verify("", undefined)).ok).toBe(false);
  });

  test("accents typed as one character or as two are the same password", async () => {
    const hasher = createPasswordHasher(cheap);
    const composed = "café-au-lait-monsoon".normalize("NFC");
    const decomposed = composed.normalize("NFD");
    expect(decomposed).not.toBe(composed);
    expect((await hasher.verify(decomposed, await hasher.hash(composed))).ok).toBe(true);
  });

  test("a hash made with an older cost still checks, and asks to be made again", async () => {
    const older = await createPasswordHasher({ log2N: 9, r: 8, p: 1 }).hash("lantern-monsoon-ledger");
    const hasher = createPasswordHasher(cheap);
    expect(await hasher.verify("lantern-monsoon-ledger", older)).toEqual({ ok: true, needsRehash: true });
    expect(await hasher.verify("wrong", older)).toEqual({ ok: false, needsRehash: false });
  });

  test("without an account to check against, the same hash is computed all the same, at the same cost", async () => {
    const hasher = createPasswordHasher(cheap);
    const stored = await hasher.hash("lantern-monsoon-ledger");
    const scrypt = vi.mocked(crypto.scrypt);
    const costOf = (call: unknown[]) => call[3] as crypto.ScryptOptions;

    scrypt.mockClear();
    await hasher.verify("guess", stored);
    const withAccount = scrypt.mock.calls.map(costOf);
    scrypt.mockClear();
    await hasher.verify("guess", undefined);
    const withoutAccount = scrypt.mock.calls.map(costOf);

    expect(withAccount).toHaveLength(1);
    expect(withoutAccount).toEqual(withAccount);
    expect(withoutAccount[0]?.N).toBe(2 ** cheap.log2N);
  });
});

describe("the line of password checks", () => {
  test("is bounded: with every turn taken and the line full, a check is refused at once, and the others finish", async () => {
    const hasher = createPasswordHasher({ log2N: 14, r: 8, p: 1 }, { maxRunning: 1, maxWaiting: 2 });
    const stored = await hasher.hash("lantern-monsoon-ledger");
    const checks = [1, 2, 3].map(() => hasher.verify("lantern-monsoon-ledger", stored));
    let finished = 0;
    for (const check of checks) void check.then(() => finished++);
    await expect(hasher.verify("guess", stored)).rejects.toBeInstanceOf(HashingBusyError);
    // At once: refused before even the running check is done, not after waiting in line.
    expect(finished).toBe(0);
    expect((await Promise.all(checks)).map((check) => check.ok)).toEqual([true, true, true]);
    // The line drained, a check is taken again.
    expect((await hasher.verify("guess", stored)).ok).toBe(false);
  });
});
