import { createHash, randomBytes } from "node:crypto";
import { type Database, retryWhileBusy } from "../store/db.server.ts";
import { queueStaffNotice } from "./notices.server.ts";
import { LINK_LIFETIME_HOURS } from "./password-limits.ts";

/** A link to set a password works for a day, once. */
export const LINK_LIFETIME_MS = LINK_LIFETIME_HOURS * 60 * 60 * 1000;

export type LinkPurpose = "add" | "reset";

export type ValidLink = { staffId: number; purpose: LinkPurpose; expiresAt: number };

/** Only the hash of a secret is stored: a copy of the database lets no one in. */
export function secretHash(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("base64url");
}

/** 256 random bits, base64url: nothing to guess, and safe in a URL and a cookie. */
export function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

export type StaffLinks = ReturnType<typeof createStaffLinks>;

export function createStaffLinks(db: Database) {
  const dropOthers = "DELETE FROM staff_links WHERE staff_id = ? AND used_at IS NULL";
  const write = <T>(work: () => Promise<T>) => retryWhileBusy(work);

  return {
    /**
     * A new link's secret, for the printed address. An account has one link at
     * a time: a new one replaces any the person has not used yet.
     */
    async issue(staffId: number, purpose: LinkPurpose, now = Date.now()): Promise<string> {
      const token = newSecret();
      await write(() =>
        db.transaction(async (tx) => {
          await tx.run("DELETE FROM staff_links WHERE expires_at < ?", [now - LINK_LIFETIME_MS]);
          await tx.run(dropOthers, [staffId]);
          await tx.run(
            "INSERT INTO staff_links (token_hash, staff_id, purpose, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
            [secretHash(token), staffId, purpose, now, now + LINK_LIFETIME_MS],
          );
        }),
      );
      return token;
    },

    /** The link's account while the link is unused and in date. */
    async find(token: string, now = Date.now()): Promise<ValidLink | undefined> {
      if (!/^[\w-]{43}$/.test(token)) return undefined;
      const row = await db.get<{ staff_id: number; purpose: LinkPurpose; expires_at: number }>(
        "SELECT staff_id, purpose, expires_at FROM staff_links WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?",
        [secretHash(token), now],
      );
      return row ? { staffId: row.staff_id, purpose: row.purpose, expiresAt: row.expires_at } : undefined;
    },

    /**
     * Sets the account's password and uses the link up, in one transaction, so
     * two posts of one link cannot both succeed; every session of the account
     * ends with the old password. False when the link was no longer good.
     */
    async setPassword(token: string, staffId: number, passwordHash: string, now = Date.now()): Promise<boolean> {
      return write(() =>
        db.transaction(async (tx) => {
          const used = await tx.get<{ purpose: LinkPurpose }>(
            `UPDATE staff_links SET used_at = ?
             WHERE token_hash = ? AND staff_id = ? AND used_at IS NULL AND expires_at > ?
             RETURNING purpose`,
            [now, secretHash(token), staffId, now],
          );
          if (!used) return false;
          await tx.run("UPDATE staff SET password_hash = ?, password_changed_at = ? WHERE id = ?", [
            passwordHash,
            now,
            staffId,
          ]);
          await tx.run("DELETE FROM staff_sessions WHERE staff_id = ?", [staffId]);
          await tx.run(dropOthers, [staffId]);
          // A new account's first password changes nothing its owner had; a reset does.
          if (used.purpose === "reset")
            await queueStaffNotice(tx, { staffId, kind: "password-changed", detail: "reset link" }, now);
          return true;
        }),
      );
    },
  };
}
