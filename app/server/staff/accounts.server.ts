import { randomBytes } from "node:crypto";
import { type Database, retryWhileBusy } from "../store/db.server.ts";
import { queueStaffNotice } from "./notices.server.ts";
import { passwordCost } from "./passwords.server.ts";
import { DEFAULT_STAFF_ROLE, type StaffRole } from "./roles.ts";

export type StaffAccount = {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
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
  role: StaffRole;
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
  role: row.role,
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

/** What asking for a role change came to: the last owner is never made staff, or the site would have none. */
export type RoleChange = "changed" | "unchanged" | "last-owner";

export type StaffAccounts = ReturnType<typeof createStaffAccounts>;

export function createStaffAccounts(db: Database) {
  const write = <T>(work: () => Promise<T>) => retryWhileBusy(work);
  const endSessions = "DELETE FROM staff_sessions WHERE staff_id = ?";

  return {
    async add(entry: { email: string; name: string; role?: StaffRole }, now = Date.now()): Promise<StaffAccount> {
      const email = normalizeEmail(entry.email);
      const row = await write(() =>
        db.get<StaffRow>(
          `INSERT INTO staff (email, name, role, webauthn_user_id, created_at) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (email) DO NOTHING RETURNING *`,
          [email, entry.name.trim(), entry.role ?? DEFAULT_STAFF_ROLE, randomBytes(32).toString("base64url"), now],
        ),
      );
      if (!row) throw new StaffAccountExistsError(email);
      return fromRow(row);
    },

    async byEmail(email: string): Promise<StaffAccount | undefined> {
      const row = await db.get<StaffRow>("SELECT * FROM staff WHERE email = ?", [normalizeEmail(email)]);
      return row ? fromRow(row) : undefined;
    },

    async byId(id: number): Promise<StaffAccount | undefined> {
      const row = await db.get<StaffRow>("SELECT * FROM staff WHERE id = ?", [id]);
      return row ? fromRow(row) : undefined;
    },

    async list(): Promise<StaffListEntry[]> {
      const rows = await db.all<StaffRow & { passkeys: number }>(
        `SELECT staff.*, (SELECT count(*) FROM staff_passkeys WHERE staff_id = staff.id) AS passkeys
         FROM staff ORDER BY email`,
      );
      return rows.map((row) => ({ ...fromRow(row), passkeys: row.passkeys }));
    },

    /**
     * Gives the account this role, unless that would leave no owner. Checked and
     * changed in one transaction, so two owners made staff at once cannot both
     * pass the check. A session reads the role on each request: the change
     * holds from the account's next request on.
     */
    async setRole(id: number, role: StaffRole): Promise<RoleChange> {
      return write(() =>
        db.transaction(async (tx): Promise<RoleChange> => {
          const current = await tx.get<{ role: StaffRole }>("SELECT role FROM staff WHERE id = ?", [id]);
          if (!current || current.role === role) return "unchanged";
          if (current.role === "owner") {
            const other = await tx.get("SELECT 1 AS found FROM staff WHERE role = 'owner' AND id <> ? LIMIT 1", [id]);
            if (!other) return "last-owner";
          }
          await tx.run("UPDATE staff SET role = ? WHERE id = ?", [role, id]);
          return "changed";
        }),
      );
    },

    /** Removes the account with its sessions, passkeys and links. */
    async remove(id: number): Promise<boolean> {
      return (await write(() => db.run("DELETE FROM staff WHERE id = ?", [id]))) > 0;
    },

    /** A new password, every session of the account ends with the old one, and its owner is told. */
    async setPassword(id: number, passwordHash: string, now = Date.now()): Promise<void> {
      await write(() =>
        db.transaction(async (tx) => {
          await tx.run("UPDATE staff SET password_hash = ?, password_changed_at = ? WHERE id = ?", [
            passwordHash,
            now,
            id,
          ]);
          await tx.run(endSessions, [id]);
          await queueStaffNotice(tx, { staffId: id, kind: "password-changed", detail: "account page" }, now);
        }),
      );
    },

    /** The old password stops working and every session ends, until a new password is set. */
    async clearPassword(id: number, now = Date.now()): Promise<void> {
      await write(() =>
        db.transaction(async (tx) => {
          await tx.run("UPDATE staff SET password_hash = NULL, password_changed_at = ? WHERE id = ?", [now, id]);
          await tx.run(endSessions, [id]);
        }),
      );
    },

    /** The same password under the current cost, when the stored hash was made with an older one. */
    async rehash(id: number, previousHash: string, passwordHash: string): Promise<void> {
      await write(() =>
        db.run("UPDATE staff SET password_hash = ? WHERE id = ? AND password_hash = ?", [
          passwordHash,
          id,
          previousHash,
        ]),
      );
    },

    /** Whether any password was hashed at the standard cost: a database of real accounts. */
    async holdsStandardHashes(): Promise<boolean> {
      const row = await db.get("SELECT 1 AS found FROM staff WHERE password_hash LIKE ? LIMIT 1", [
        `scrypt$ln=${passwordCost.log2N},%`,
      ]);
      return row !== undefined;
    },

    async signedIn(id: number, now = Date.now()): Promise<void> {
      await write(() => db.run("UPDATE staff SET last_sign_in_at = ? WHERE id = ?", [now, id]));
    },
  };
}
