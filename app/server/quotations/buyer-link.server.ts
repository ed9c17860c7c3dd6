import { createHash, createHmac } from "node:crypto";
import type { Queries } from "../store/db.server.ts";

/**
 * The buyer's link holds a token made from the quotation and a secret of the
 * site's (kept in the store, made by migration 16): the mail, sent later by
 * any instance, makes it again, and the store keeps only its hash.
 */
export async function linkToken(db: Queries, quotationId: number, sentAt: number): Promise<string> {
  const secret = await db.get<{ value: string }>("SELECT value FROM site_secrets WHERE name = 'quotation links'");
  if (!secret) throw new Error("The store has no secret for quotation links");
  return createHmac("sha256", secret.value)
    .update(`quotation ${quotationId} ${sentAt}`)
    .digest("base64url")
    .slice(0, 32);
}

export function tokenHash(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export const QUOTATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/**
 * Every answer at a buyer's link, its page, its PDF and their 404s alike: not
 * stored, not indexed (nor that an address leads nowhere), and the link never
 * sent to another site as a referrer. (Not "no-referrer": the browser would
 * then send its forms with an Origin of "null", which this site refuses as
 * another site's.)
 */
export const buyerLinkHeaders = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "same-origin",
} as const;
