import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

/** scrypt's cost: N = 2^log2N, block size r, parallelism p. */
export type ScryptCost = { log2N: number; r: number; p: number };

/**
 * OWASP's recommendation for scrypt: N = 2^17, r = 8, p = 1, which takes
 * 128 MiB of memory and a few hundred milliseconds for each hash, so a stolen
 * database cannot be tried against billions of guesses on graphics cards.
 */
export const passwordCost: ScryptCost = { log2N: 17, r: 8, p: 1 };

/** A cost for test suites only (STAFF_PASSWORD_HASHING=fast-for-tests): 128 times cheaper. */
export const testPasswordCost: ScryptCost = { log2N: 10, r: 8, p: 1 };

const SALT_BYTES = 16;
const KEY_BYTES = 32;

/**
 * At most this many hashes are computed at once: each takes 128 MiB, so a
 * burst of sign-ins waits in line instead of running the server out of memory.
 */
const MAX_CONCURRENT_HASHES = 2;

/**
 * Hashes that may wait for a turn. Past it a new one is refused at once: an
 * unbounded line let anyone with many addresses make a real sign-in wait
 * behind their guesses for as long as they kept sending them.
 */
const MAX_WAITING_HASHES = 6;

/** Every hashing turn is taken and the line is full: the caller answers "busy, try again shortly". */
export class HashingBusyError extends Error {
  constructor() {
    super("Too many password checks are waiting; this one was refused.");
    this.name = "HashingBusyError";
  }
}

/** Passwords are compared as the same text however the keyboard composed their accents. */
function normalize(password: string): Buffer {
  return Buffer.from(password.normalize("NFC"), "utf8");
}

type ParsedHash = { cost: ScryptCost; salt: Buffer; key: Buffer };

/** "scrypt$ln=17,r=8,p=1$<salt>$<key>", salt and key in base64url: the cost travels with each hash. */
function format({ cost, salt, key }: ParsedHash): string {
  return `scrypt$ln=${cost.log2N},r=${cost.r},p=${cost.p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

function parse(stored: string): ParsedHash | undefined {
  const match = /^scrypt\$ln=(\d{1,2}),r=(\d{1,3}),p=(\d{1,3})\$([\w-]+)\$([\w-]+)$/.exec(stored);
  if (!match) return undefined;
  const [, log2N, r, p, salt = "", key = ""] = match;
  return {
    cost: { log2N: Number(log2N), r: Number(r), p: Number(p) },
    salt: Buffer.from(salt, "base64url"),
    key: Buffer.from(key, "base64url"),
  };
}

export type PasswordCheck = { ok: boolean; needsRehash: boolean };

export type PasswordHasher = {
  hash(password: string): Promise<string>;
  /**
   * Checks a password against a stored hash. Without one (no such account, or
   * no password set yet) it hashes all the same against a stand-in and says no,
   * so the answer takes as long whether the account exists or not.
   */
  verify(password: string, stored: string | null | undefined): Promise<PasswordCheck>;
};

export function createPasswordHasher(
  cost: ScryptCost = passwordCost,
  line: { maxRunning: number; maxWaiting: number } = {
    maxRunning: MAX_CONCURRENT_HASHES,
    maxWaiting: MAX_WAITING_HASHES,
  },
): PasswordHasher {
  let running = 0;
  const waiting: (() => void)[] = [];

  async function derive(password: Buffer, salt: Buffer, used: ScryptCost, length: number): Promise<Buffer> {
    if (running >= line.maxRunning) {
      if (waiting.length >= line.maxWaiting) throw new HashingBusyError();
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    running += 1;
    try {
      const N = 2 ** used.log2N;
      const options: ScryptOptions = { N, r: used.r, p: used.p, maxmem: 128 * N * used.r * used.p + 1024 * 1024 };
      return await new Promise<Buffer>((resolve, reject) =>
        scrypt(password, salt, length, options, (error, key) => (error ? reject(error) : resolve(key))),
      );
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  }

  const hash = async (password: string) => {
    const salt = randomBytes(SALT_BYTES);
    return format({ cost, salt, key: await derive(normalize(password), salt, cost, KEY_BYTES) });
  };

  return {
    hash,
    async verify(password, stored) {
      const parsed = stored ? parse(stored) : undefined;
      if (!parsed) {
        // The same work as a real check, with the current cost, and nothing to compare it with.
        await derive(normalize(password), randomBytes(SALT_BYTES), cost, KEY_BYTES);
        return { ok: false, needsRehash: false };
      }
      const key = await derive(normalize(password), parsed.salt, parsed.cost, parsed.key.length);
      const ok = key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
      const current = parsed.cost;
      const needsRehash =
        ok &&
        (current.log2N !== cost.log2N ||
          current.r !== cost.r ||
          current.p !== cost.p ||
          parsed.salt.length < SALT_BYTES);
      return { ok, needsRehash };
    },
  };
}
