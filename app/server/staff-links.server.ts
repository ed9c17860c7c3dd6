import { createHash, randomBytes } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import { retryWhileBusy, transaction } from "./db.server.ts";
import { STAFF_WRITE_PATIENCE_MS } from "./staff-accounts.server.ts";

/** A link to set a password works for a day, once. */
export const LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

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

export function createStaffLinks(db: DatabaseSync) {
  const insert = db.prepare(
    "INSERT INTO staff_links (token_hash, staff_id, purpose, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
  );
  const dropOthers = db.prepare("DELETE FROM staff_links WHERE staff_id = ? AND used_at IS NULL");
  const dropOld = db.prepare("DELETE FROM staff_links WHERE expires_at < ?");
  const find = db.prepare(
    "SELECT staff_id, purpose, expires_at FROM staff_links WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?",
  );
  const use = db.prepare(
    "UPDATE staff_links SET used_at = ? WHERE token_hash = ? AND staff_id = ? AND used_at IS NULL AND expires_at > ?",
  );
  const setPassword = db.prepare("UPDATE staff SET password_hash = ?, password_changed_at = ? WHERE id = ?");
  const endSessions = db.prepare("DELETE FROM staff_sessions WHERE staff_id = ?");

  return {
    /**
     * A new link's secret, for the printed address. An account has one link at
     * a time: a new one replaces any the person has not used yet.
     */
    async issue(staffId: number, purpose: LinkPurpose, now = Date.now()): Promise<string> {
      const token = newSecret();
      await retryWhileBusy(
        () =>
          transaction(db, () => {
            dropOld.run(now - LINK_LIFETIME_MS);
            dropOthers.run(staffId);
            insert.run(secretHash(token), staffId, purpose, now, now + LINK_LIFETIME_MS);
          }),
        { patienceMs: STAFF_WRITE_PATIENCE_MS },
      );
      return token;
    },

    /** The link's account while the link is unused and in date. */
    find(token: string, now = Date.now()): ValidLink | undefined {
      if (!/^[\w-]{43}$/.test(token)) return undefined;
      const row = find.get(secretHash(token), now) as
        | { staff_id: number; purpose: LinkPurpose; expires_at: number }
        | undefined;
      return row ? { staffId: row.staff_id, purpose: row.purpose, expiresAt: row.expires_at } : undefined;
    },

    /**
     * Sets the account's password and uses the link up, in one transaction, so
     * two posts of one link cannot both succeed; every session of the account
     * ends with the old password. False when the link was no longer good.
     */
    async setPassword(token: string, staffId: number, passwordHash: string, now = Date.now()): Promise<boolean> {
      return retryWhileBusy(
        () =>
          transaction(db, () => {
            if (use.run(now, secretHash(token), staffId, now).changes !== 1) return false;
            setPassword.run(passwordHash, now, staffId);
            endSessions.run(staffId);
            dropOthers.run(staffId);
            return true;
          }),
        { patienceMs: STAFF_WRITE_PATIENCE_MS },
      );
    },
  };
}
