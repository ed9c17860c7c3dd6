import type { DatabaseSync } from "node:sqlite";
import { retryWhileBusy } from "./db.server.ts";
import { STAFF_WRITE_PATIENCE_MS } from "./staff-accounts.server.ts";

export type PasskeySummary = { credentialId: string; name: string; createdAt: number; lastUsedAt: number | null };

export type StoredPasskey = {
  credentialId: string;
  staffId: number;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
};

type PasskeyRow = {
  credential_id: string;
  staff_id: number;
  name: string;
  public_key: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string;
  created_at: number;
  last_used_at: number | null;
};

export type ChallengePurpose = "sign-in" | "add-passkey";

/** A passkey ceremony must be finished within this time. */
export const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;

/**
 * Unfinished sign-in ceremonies the database keeps at most; beyond it, new
 * ones are refused until old ones run out, so no one can fill the disk by
 * asking for challenges.
 */
const MAX_OPEN_CHALLENGES = 1000;

export type StaffPasskeys = ReturnType<typeof createStaffPasskeys>;

export function createStaffPasskeys(db: DatabaseSync) {
  const listFor = db.prepare(
    "SELECT credential_id, name, created_at, last_used_at FROM staff_passkeys WHERE staff_id = ? ORDER BY created_at",
  );
  const byId = db.prepare("SELECT * FROM staff_passkeys WHERE credential_id = ?");
  const insert = db.prepare(
    `INSERT INTO staff_passkeys (credential_id, staff_id, name, public_key, counter, transports, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (credential_id) DO NOTHING`,
  );
  const used = db.prepare("UPDATE staff_passkeys SET counter = ?, last_used_at = ? WHERE credential_id = ?");
  const remove = db.prepare("DELETE FROM staff_passkeys WHERE staff_id = ? AND credential_id = ?");

  const write = <T>(work: () => T) => retryWhileBusy(work, { patienceMs: STAFF_WRITE_PATIENCE_MS });

  return {
    listFor(staffId: number): PasskeySummary[] {
      return (listFor.all(staffId) as PasskeyRow[]).map((row) => ({
        credentialId: row.credential_id,
        name: row.name,
        createdAt: row.created_at,
        lastUsedAt: row.last_used_at,
      }));
    },

    byCredentialId(credentialId: string): StoredPasskey | undefined {
      const row = byId.get(credentialId) as PasskeyRow | undefined;
      if (!row) return undefined;
      return {
        credentialId: row.credential_id,
        staffId: row.staff_id,
        publicKey: new Uint8Array(row.public_key),
        counter: row.counter,
        transports: JSON.parse(row.transports) as string[],
      };
    },

    /** False when the credential is already registered (to anyone). */
    async add(
      passkey: Omit<StoredPasskey, "publicKey"> & { publicKey: Uint8Array; name: string },
      now = Date.now(),
    ): Promise<boolean> {
      const result = await write(() =>
        insert.run(
          passkey.credentialId,
          passkey.staffId,
          passkey.name,
          passkey.publicKey,
          passkey.counter,
          JSON.stringify(passkey.transports),
          now,
        ),
      );
      return result.changes === 1;
    },

    async used(credentialId: string, counter: number, now = Date.now()): Promise<void> {
      await write(() => used.run(counter, now, credentialId));
    },

    async remove(staffId: number, credentialId: string): Promise<boolean> {
      return (await write(() => remove.run(staffId, credentialId))).changes === 1;
    },
  };
}

export type StaffChallenges = ReturnType<typeof createStaffChallenges>;

/**
 * The random challenges of passkey ceremonies under way, kept in the
 * database so that any server process can finish what another began. Each
 * is good for one answer, within five minutes.
 */
export function createStaffChallenges(db: DatabaseSync) {
  const dropExpired = db.prepare("DELETE FROM staff_challenges WHERE expires_at <= ?");
  const count = db.prepare("SELECT count(*) AS n FROM staff_challenges");
  const insert = db.prepare(
    "INSERT INTO staff_challenges (challenge, purpose, staff_id, expires_at) VALUES (?, ?, ?, ?)",
  );
  const take = db.prepare(
    "DELETE FROM staff_challenges WHERE challenge = ? AND purpose = ? AND expires_at > ? RETURNING staff_id",
  );

  const write = <T>(work: () => T) => retryWhileBusy(work, { patienceMs: STAFF_WRITE_PATIENCE_MS });

  return {
    /** False when too many ceremonies are open already. */
    async keep(challenge: string, purpose: ChallengePurpose, staffId: number | null, now = Date.now()) {
      return write(() => {
        dropExpired.run(now);
        if ((count.get() as { n: number }).n >= MAX_OPEN_CHALLENGES) return false;
        insert.run(challenge, purpose, staffId, now + CHALLENGE_LIFETIME_MS);
        return true;
      });
    },

    /** Uses the challenge up; answers whom it was issued to (null for a sign-in), or undefined when it is not good. */
    async take(
      challenge: string,
      purpose: ChallengePurpose,
      now = Date.now(),
    ): Promise<{ staffId: number | null } | undefined> {
      const row = (await write(() => take.get(challenge, purpose, now))) as { staff_id: number | null } | undefined;
      return row ? { staffId: row.staff_id } : undefined;
    },
  };
}
