import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Queries } from "../store/db.server.ts";

/**
 * The hidden token each contact form carries: when the server handed it out and
 * a random nonce, signed. It measures how long the form took to fill in, and
 * recognises the same form sent twice.
 */
export type FormToken = { issuedAt: number; nonce: string };

/** How far apart the clocks of several server instances may be. */
const CLOCK_SKEW_MS = 60_000;

function sign(body: string, secret: Buffer): string {
  return createHmac("sha256", secret).update(body).digest("base64url");
}

export function issueFormToken(secret: Buffer, now: number = Date.now()): string {
  const body = `${now.toString(36)}.${randomBytes(12).toString("base64url")}`;
  return `${body}.${sign(body, secret)}`;
}

/**
 * The token's content when this server signed it and it is no older than
 * maxAgeMs; undefined for anything else, an expired token included.
 */
export function verifyFormToken(
  token: string,
  secret: Buffer,
  options: { maxAgeMs: number; now?: number } = { maxAgeMs: Number.POSITIVE_INFINITY },
): FormToken | undefined {
  const match = /^([0-9a-z]{1,12})\.([\w-]{16})\.([\w-]{43})$/.exec(token);
  if (!match) return undefined;
  const [, time = "", nonce = "", signature = ""] = match;
  const expected = Buffer.from(sign(`${time}.${nonce}`, secret));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const issuedAt = Number.parseInt(time, 36);
  const age = (options.now ?? Date.now()) - issuedAt;
  // A token from the future was not issued by a clock this server trusts.
  if (age > options.maxAgeMs || age < -CLOCK_SKEW_MS) return undefined;
  return { issuedAt, nonce };
}

/**
 * The key under which a submission is stored once: the same form (nonce) with the
 * same content. A form reused for a different message is a different submission.
 */
export function submissionKey(nonce: string, fields: Record<string, string>): string {
  const hash = createHash("sha256").update(nonce);
  for (const name of Object.keys(fields).sort()) hash.update(`\u0000${name}\u0000${fields[name]}`);
  return hash.digest("base64url");
}

/**
 * The key forms are signed with when FORM_SECRET is not set: made by the
 * first start and kept in the store, so that a form opened before a restart,
 * a deploy or on another instance of the same store is still taken when sent.
 */
export async function storedFormSecret(db: Queries): Promise<Buffer> {
  await db.run("INSERT INTO site_secrets (name, value) VALUES ('form tokens', ?) ON CONFLICT (name) DO NOTHING", [
    randomBytes(32).toString("hex"),
  ]);
  const row = await db.get<{ value: string }>("SELECT value FROM site_secrets WHERE name = 'form tokens'");
  if (!row) throw new Error("The store kept no key for signing forms");
  return Buffer.from(row.value, "hex");
}
