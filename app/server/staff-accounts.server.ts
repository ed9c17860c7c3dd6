import { randomBytes } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import { retryWhileBusy, transaction } from "./db.server.ts";

export type StaffAccount = {
  id: number;
  email: string;
  name: string;
  /** Null until the person sets one through their link. */
  passwordHash: string | null;
  passwordChangedAt: number | null;
  /** The random handle passkeys know the account by (base64url), never the e-mail address. */
  webauthnUserId: string;
  createdAt: number;
  lastSignInAt: number | null;
};

export type StaffListEntry = StaffAccount & { passkeys: number };

type StaffRow = {
  id: number;
  email: string;
  name: string;
  password_hash: string | null;
  password_changed_at: number | null;
  webauthn_user_id: string;
  created_at: number;
  last_sign_in_at: number | null;
};

const fromRow = (row: StaffRow): StaffAccount => ({
  id: row.id,
  email: row.email,
  name: row.name,
  passwordHash: row.password_hash,
  passwordChangedAt: row.password_changed_at,
  webauthnUserId: row.webauthn_user_id,
  createdAt: row.created_at,
  lastSignInAt: row.last_sign_in_at,
});

/** E-mail addresses are one account however they are capitalised or padded. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && /^[^\s@<>",]+@[^\s@<>",]+\.[^\s@<>",]+$/.test(value);
}

export class StaffAccountExistsError extends Error {
  constructor(email: string) {
    super(`There is already an account for ${email}.`);
    this.name = "StaffAccountExistsError";
  }
}

/** A write to the staff tables waits out a busy database about as long as a form post does. */
export const STAFF_WRITE_PATIENCE_MS = 5000;

export type StaffAccounts = ReturnType<typeof createStaffAccounts>;

export function createStaffAccounts(db: DatabaseSync) {
  const insert = db.prepare(
    "INSERT INTO staff (email, name, webauthn_user_id, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (email) DO NOTHING RETURNING *",
  );
  const byEmail = db.prepare("SELECT * FROM staff WHERE email = ?");
  const byId = db.prepare("SELECT * FROM staff WHERE id = ?");
  const list = db.prepare(
    `SELECT staff.*, (SELECT count(*) FROM staff_passkeys WHERE staff_id = staff.id) AS passkeys
     FROM staff ORDER BY email`,
  );
  const remove = db.prepare("DELETE FROM staff WHERE id = ?");
  const setPassword = db.prepare("UPDATE staff SET password_hash = ?, password_changed_at = ? WHERE id = ?");
  const rehash = db.prepare("UPDATE staff SET password_hash = ? WHERE id = ? AND password_hash = ?");
  const clearPassword = db.prepare("UPDATE staff SET password_hash = NULL, password_changed_at = ? WHERE id = ?");
  const signedIn = db.prepare("UPDATE staff SET last_sign_in_at = ? WHERE id = ?");
  const endSessions = db.prepare("DELETE FROM staff_sessions WHERE staff_id = ?");

  return {
    async add(entry: { email: string; name: string }, now = Date.now()): Promise<StaffAccount> {
      const email = normalizeEmail(entry.email);
      const row = await retryWhileBusy(
        () => insert.get(email, entry.name.trim(), randomBytes(32).toString("base64url"), now) as StaffRow | undefined,
        { patienceMs: STAFF_WRITE_PATIENCE_MS },
      );
      if (!row) throw new StaffAccountExistsError(email);
      return fromRow(row);
    },

    byEmail(email: string): StaffAccount | undefined {
      const row = byEmail.get(normalizeEmail(email)) as StaffRow | undefined;
      return row ? fromRow(row) : undefined;
    },

    byId(id: number): StaffAccount | undefined {
      const row = byId.get(id) as StaffRow | undefined;
      return row ? fromRow(row) : undefined;
    },

    list(): StaffListEntry[] {
      return (list.all() as (StaffRow & { passkeys: number })[]).map((row) => ({
        ...fromRow(row),
        passkeys: row.passkeys,
      }));
    },

    /** Removes the account with its sessions, passkeys and links. */
    async remove(id: number): Promise<boolean> {
      return (await retryWhileBusy(() => remove.run(id), { patienceMs: STAFF_WRITE_PATIENCE_MS })).changes > 0;
    },

    /** A new password, and every session of the account ends with the old one. */
    async setPassword(id: number, passwordHash: string, now = Date.now()): Promise<void> {
      await retryWhileBusy(
        () =>
          transaction(db, () => {
            setPassword.run(passwordHash, now, id);
            endSessions.run(id);
          }),
        { patienceMs: STAFF_WRITE_PATIENCE_MS },
      );
    },

    /** The old password stops working and every session ends, until a new password is set. */
    async clearPassword(id: number, now = Date.now()): Promise<void> {
      await retryWhileBusy(
        () =>
          transaction(db, () => {
            clearPassword.run(now, id);
            endSessions.run(id);
          }),
        { patienceMs: STAFF_WRITE_PATIENCE_MS },
      );
    },

    /** The same password under the current cost, when the stored hash was made with an older one. */
    async rehash(id: number, previousHash: string, passwordHash: string): Promise<void> {
      await retryWhileBusy(() => rehash.run(passwordHash, id, previousHash), { patienceMs: STAFF_WRITE_PATIENCE_MS });
    },

    async signedIn(id: number, now = Date.now()): Promise<void> {
      await retryWhileBusy(() => signedIn.run(now, id), { patienceMs: STAFF_WRITE_PATIENCE_MS });
    },
  };
}
