/**
 * The slots of one runtime: at most `total` jobs at once, and of a kind with
 * a limit of its own at most that many. A job takes a slot when it is claimed
 * and gives it back when it ends.
 */
export function createSlots(total: number) {
  const byKind = new Map<string, number>();
  let taken = 0;
  const waiting: (() => void)[] = [];

  return {
    /** Slots free for a job of any kind. */
    free: () => Math.max(0, total - taken),
    /** Slots free for a job of this kind, within its own limit when it has one. */
    freeFor(kind: string, limit?: number): number {
      const own = limit === undefined ? total : limit - (byKind.get(kind) ?? 0);
      return Math.max(0, Math.min(total - taken, own));
    },
    /** Takes a slot for a job of this kind; answers how to give it back (once). */
    take(kind: string): () => void {
      taken++;
      byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
      let given = false;
      return () => {
        if (given) return;
        given = true;
        taken--;
        byKind.set(kind, (byKind.get(kind) ?? 1) - 1);
        if (taken > 0) return;
        for (const resolve of waiting.splice(0)) resolve();
      };
    },
    /** Settles once no slot is taken. */
    allFree(): Promise<void> {
      if (taken === 0) return Promise.resolve();
      return new Promise((resolve) => waiting.push(resolve));
    },
  };
}
