import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { type Lock, type Locker, MemoryLocker, type RequestRelease } from "@tus/server";
import type { Database } from "../store/db.server.ts";
import type { ArtworkRefusalWords } from "./artwork-kinds.ts";

/** How long a lease lasts unless renewed: an instance that dies lets go of its uploads this long after. */
export const UPLOAD_LEASE_MS = 30_000;
/** How long a piece waits for another to let go before it is refused. */
export const UPLOAD_LOCK_WAIT_MS = 3_000;

/**
 * One writer at a time for each upload, across every instance of one store.
 * tus's own lock is per process: within it, a piece that arrives again (a
 * page resuming after a lost connection) asks the one before to stop, as tus
 * intends. Across instances, a lease on the upload's row says which instance
 * writes it, renewed while it does; a piece on another instance waits briefly
 * for the lease and is otherwise refused, so two never write one file.
 */
export function createUploadLocker(
  db: Database,
  words: Pick<ArtworkRefusalWords, "unavailable">,
  options: { leaseMs?: number; waitMs?: number; now?: () => number } = {},
): Locker {
  /** What tus answers a piece that another instance is still writing: 423 Locked. */
  const heldElsewhere = { status_code: 423, body: words.unavailable };
  const { leaseMs = UPLOAD_LEASE_MS, waitMs = UPLOAD_LOCK_WAIT_MS, now = Date.now } = options;
  const local = new MemoryLocker({ acquireLockTimeout: waitMs });

  const take = (id: string, token: string) =>
    db.run(
      `UPDATE uploads SET lease_token = ?, lease_until = ?
       WHERE id = ? AND (lease_token IS NULL OR lease_token = ? OR lease_until < ?)`,
      [token, now() + leaseMs, id, token, now()],
    );

  async function lease(id: string, signal: AbortSignal): Promise<string> {
    const token = randomBytes(12).toString("hex");
    const deadline = now() + waitMs;
    for (let pauseMs = 20; ; pauseMs = Math.min(pauseMs * 2, 250)) {
      if ((await take(id, token)) > 0) return token;
      // No row at all: nothing to guard here, and the handler answers 404 for it.
      if (!(await db.get("SELECT id FROM uploads WHERE id = ?", [id]))) return token;
      if (signal.aborted || now() + pauseMs > deadline) throw heldElsewhere;
      await sleep(pauseMs);
    }
  }

  return {
    newLock(id: string): Lock {
      const inProcess = local.newLock(id);
      let token: string | undefined;
      let renewal: NodeJS.Timeout | undefined;
      return {
        async lock(signal: AbortSignal, requestRelease: RequestRelease) {
          await inProcess.lock(signal, requestRelease);
          try {
            token = await lease(id, signal);
          } catch (error) {
            await inProcess.unlock();
            throw error;
          }
          const held = token;
          renewal = setInterval(() => void take(id, held).catch(() => undefined), leaseMs / 3);
          renewal.unref();
        },
        async unlock() {
          clearInterval(renewal);
          if (token) {
            await db
              .run("UPDATE uploads SET lease_token = NULL, lease_until = NULL WHERE id = ? AND lease_token = ?", [
                id,
                token,
              ])
              .catch(() => undefined);
          }
          await inProcess.unlock();
        },
      };
    },
  };
}
