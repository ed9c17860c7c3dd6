import { type Database, retryWhileBusy } from "../store/db.server.ts";
import { newSecret, secretHash } from "./links.server.ts";
import type { StaffRole } from "./roles.ts";

/** A session ends after 12 hours without a request… */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** …and 30 days after sign-in, however busy. */
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** How stale "last seen" may get before a request writes it again: not a write for every request. */
const TOUCH_AFTER_MS = 60 * 1000;

/**
 * How long a sign-in, or a password typed again, counts as proof of who holds
 * the session: a step that could outlive the session (adding a passkey) needs
 * one this fresh, so a stolen cookie alone cannot plant a way back in.
 */
export const FRESH_PROOF_MS = 5 * 60 * 1000;

/** The person signed in, with their role as it stands at this request (a change holds from the next one). */
export type StaffMember = { id: number; email: string; name: string; role: StaffRole };

export type ActiveSession = { member: StaffMember; idHash: string; provedAt: number };

type SessionRow = {
  id_hash: string;
  staff_id: number;
  email: string;
  name: string;
  role: StaffRole;
  last_seen_at: number;
  proved_at: number;
};

export type StaffSessions = ReturnType<typeof createStaffSessions>;

/**
 * Sessions live on the server, each known by the hash of a random id that
 * only the browser's cookie holds. Ending one is deleting its row: a copy of
 * the cookie is worth nothing from then on.
 */
export function createStaffSessions(db: Database) {
  const write = <T>(work: () => Promise<T>) => retryWhileBusy(work);

  return {
    /** A new session; answers the id for the cookie, which is stored nowhere else. */
    async start(staffId: number, now = Date.now()): Promise<{ id: string; expiresAt: number }> {
      const id = newSecret();
      const expiresAt = now + SESSION_MAX_AGE_MS;
      await write(async () => {
        await db.run("DELETE FROM staff_sessions WHERE last_seen_at <= ? OR expires_at <= ?", [
          now - SESSION_IDLE_MS,
          now,
        ]);
        await db.run(
          `INSERT INTO staff_sessions (id_hash, staff_id, created_at, last_seen_at, expires_at, proved_at)
           VALUES (?, ?, ?, ?, ?, ?)`,
          [secretHash(id), staffId, now, now, expiresAt, now],
        );
      });
      return { id, expiresAt };
    },

    /** The signed-in person of a live session, which this request keeps alive. */
    async find(id: string, now = Date.now()): Promise<ActiveSession | undefined> {
      const idHash = secretHash(id);
      // A session older than the account's last password change is one the change ended.
      const row = await write(() =>
        db.get<SessionRow>(
          `SELECT s.id_hash, s.staff_id, s.last_seen_at, s.proved_at, staff.email, staff.name, staff.role
           FROM staff_sessions s JOIN staff ON staff.id = s.staff_id
           WHERE s.id_hash = ? AND s.last_seen_at > ? AND s.expires_at > ?
             AND (staff.password_changed_at IS NULL OR staff.password_changed_at <= s.created_at)`,
          [idHash, now - SESSION_IDLE_MS, now],
        ),
      );
      if (!row) return undefined;
      if (now - row.last_seen_at > TOUCH_AFTER_MS) {
        // Keeping a session alive may wait for a busy database, but never fails the request.
        await write(() => db.run("UPDATE staff_sessions SET last_seen_at = ? WHERE id_hash = ?", [now, idHash])).catch(
          () => {},
        );
      }
      return {
        idHash,
        member: { id: row.staff_id, email: row.email, name: row.name, role: row.role },
        provedAt: Number(row.proved_at),
      };
    },

    /** The session's holder has just proved who they are again (their password, typed on the account page). */
    async proved(id: string, now = Date.now()): Promise<void> {
      await write(() => db.run("UPDATE staff_sessions SET proved_at = ? WHERE id_hash = ?", [now, secretHash(id)]));
    },

    async end(id: string): Promise<void> {
      await write(() => db.run("DELETE FROM staff_sessions WHERE id_hash = ?", [secretHash(id)]));
    },

    /** Signs the account out on every device; answers how many sessions ended. */
    async endAll(staffId: number): Promise<number> {
      return write(() => db.run("DELETE FROM staff_sessions WHERE staff_id = ?", [staffId]));
    },
  };
}
