import { type Database, retryWhileBusy } from "../store/db.server.ts";
import { queueStaffNotice } from "./notices.server.ts";

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
  /** SQLite answers a Uint8Array, PostgreSQL a Buffer. */
  public_key: Uint8Array;
  counter: number;
  transports: string;
  created_at: number;
  last_used_at: number | null;
};

export type ChallengePurpose = "sign-in" | "add-passkey";

/** A passkey ceremony must be finished within this time. */
export const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;

/**
 * Unfinished ceremonies one client (an IPv4 address or IPv6 /64), one wider
 * network (/24 or /48) and everyone together may hold. A person needs one at a
 * time; a client asking for more waits until its own run out, so it cannot use
 * up what others need, and the total only keeps the table small.
 */
export const challengeLimits = { perClient: 10, perNetwork: 50, total: 1000, perAccount: 5 } as const;

/** Who asked for a challenge: the client counted by the rate limit's rule, and a secret of the browser's. */
export type ChallengeOwner = { client: string; network: string; binding: string };

export type KeptChallenge = "kept" | "too many from this client" | "too many open";

export type StaffPasskeys = ReturnType<typeof createStaffPasskeys>;

export function createStaffPasskeys(db: Database) {
  const write = <T>(work: () => Promise<T>) => retryWhileBusy(work);

  return {
    async listFor(staffId: number): Promise<PasskeySummary[]> {
      const rows = await db.all<PasskeyRow>(
        "SELECT credential_id, name, created_at, last_used_at FROM staff_passkeys WHERE staff_id = ? ORDER BY created_at",
        [staffId],
      );
      return rows.map((row) => ({
        credentialId: row.credential_id,
        name: row.name,
        createdAt: row.created_at,
        lastUsedAt: row.last_used_at,
      }));
    },

    async byCredentialId(credentialId: string): Promise<StoredPasskey | undefined> {
      const row = await db.get<PasskeyRow>("SELECT * FROM staff_passkeys WHERE credential_id = ?", [credentialId]);
      if (!row) return undefined;
      return {
        credentialId: row.credential_id,
        staffId: row.staff_id,
        // A plain Uint8Array, which the WebAuthn library takes, from either engine's answer.
        publicKey: new Uint8Array(row.public_key),
        counter: row.counter,
        transports: JSON.parse(row.transports) as string[],
      };
    },

    /** Stores the passkey and tells its owner; false when the credential is already registered (to anyone). */
    async add(
      passkey: Omit<StoredPasskey, "publicKey"> & { publicKey: Uint8Array; name: string },
      now = Date.now(),
    ): Promise<boolean> {
      return write(() =>
        db.transaction(async (tx) => {
          const added = await tx.run(
            `INSERT INTO staff_passkeys (credential_id, staff_id, name, public_key, counter, transports, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (credential_id) DO NOTHING`,
            [
              passkey.credentialId,
              passkey.staffId,
              passkey.name,
              passkey.publicKey,
              passkey.counter,
              JSON.stringify(passkey.transports),
              now,
            ],
          );
          if (added !== 1) return false;
          await queueStaffNotice(tx, { staffId: passkey.staffId, kind: "passkey-added", detail: passkey.name }, now);
          return true;
        }),
      );
    },

    async used(credentialId: string, counter: number, now = Date.now()): Promise<void> {
      await write(() =>
        db.run("UPDATE staff_passkeys SET counter = ?, last_used_at = ? WHERE credential_id = ?", [
          counter,
          now,
          credentialId,
        ]),
      );
    },

    /** Removes every passkey of an account (a reset, or its owner's choice); answers how many went. */
    async removeAll(staffId: number): Promise<number> {
      return write(() => db.run("DELETE FROM staff_passkeys WHERE staff_id = ?", [staffId]));
    },

    async remove(staffId: number, credentialId: string): Promise<boolean> {
      const removed = await write(() =>
        db.run("DELETE FROM staff_passkeys WHERE staff_id = ? AND credential_id = ?", [staffId, credentialId]),
      );
      return removed === 1;
    },
  };
}

export type StaffChallenges = ReturnType<typeof createStaffChallenges>;

/**
 * The random challenges of passkey ceremonies under way, kept in the
 * database so that any server process can finish what another began. Each
 * is good for one answer, within five minutes.
 */
export function createStaffChallenges(db: Database) {
  const write = <T>(work: () => Promise<T>) => retryWhileBusy(work);

  return {
    /**
     * Keeps a challenge for its owner, unless the owner (a client asking to sign
     * in, or an account adding a passkey) holds too many open ones already.
     * Adding a passkey is counted per account only, so no flood of sign-in
     * requests can stop it.
     */
    async keep(
      challenge: string,
      purpose: ChallengePurpose,
      staffId: number | null,
      owner: ChallengeOwner,
      now = Date.now(),
    ): Promise<KeptChallenge> {
      // Counted and added in one transaction, so requests on several instances at once cannot pass a limit together.
      return write(() =>
        db.transaction(async (tx) => {
          await tx.run("DELETE FROM staff_challenges WHERE expires_at <= ?", [now]);
          const count = async (where: string, params: unknown[]) =>
            (await tx.get<{ n: number }>(`SELECT count(*) AS n FROM staff_challenges WHERE ${where}`, params))?.n ?? 0;
          if (purpose === "add-passkey") {
            if ((await count("purpose = 'add-passkey' AND staff_id = ?", [staffId])) >= challengeLimits.perAccount) {
              return "too many from this client";
            }
          } else {
            if ((await count("client_key = ?", [owner.client])) >= challengeLimits.perClient) {
              return "too many from this client";
            }
            if ((await count("network_key = ?", [owner.network])) >= challengeLimits.perNetwork) {
              return "too many from this client";
            }
            if ((await count("purpose = 'sign-in'", [])) >= challengeLimits.total) return "too many open";
          }
          await tx.run(
            `INSERT INTO staff_challenges (challenge, purpose, staff_id, expires_at, client_key, network_key, binding)
             VALUES (?, ?, ?, ?, ?, ?, ?)`,
            [challenge, purpose, staffId, now + CHALLENGE_LIFETIME_MS, owner.client, owner.network, owner.binding],
          );
          return "kept";
        }),
      );
    },

    /**
     * Uses the challenge up; answers whom it was issued to (null for a sign-in),
     * or undefined when it is not good, or was given to another browser (an
     * answer relayed from elsewhere).
     */
    async take(
      challenge: string,
      purpose: ChallengePurpose,
      binding: string,
      now = Date.now(),
    ): Promise<{ staffId: number | null } | undefined> {
      const row = await write(() =>
        db.get<{ staff_id: number | null }>(
          `DELETE FROM staff_challenges
           WHERE challenge = ? AND purpose = ? AND binding = ? AND expires_at > ? RETURNING staff_id`,
          [challenge, purpose, binding, now],
        ),
      );
      return row ? { staffId: row.staff_id } : undefined;
    },
  };
}
