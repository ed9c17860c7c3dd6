import type { AuditLog } from "../inbox/audit.server.ts";
import { createJobQueue } from "../jobs/job-queue.server.ts";
import { everyMs, type JobHandler, type Periods } from "../jobs/runtime.server.ts";
import { type Database, retryWhileBusy } from "../store/db.server.ts";
import type { ContentStore } from "./content-store.server.ts";

/** The job runtime's kind for the look at the schedule. */
export const SCHEDULED_PUBLISHING = "scheduled-publishing";

/**
 * How often the schedule is looked at: a scheduled draft is published at most
 * this long after its time (and the look takes a few milliseconds). Each look
 * is a period of the runtime, run by one instance.
 */
const SCHEDULE_LOOK_EVERY_MS = 5000;

/**
 * How long a finished look is kept. The runtime keeps a period's row a week,
 * so that a late instance cannot run it again; at one look every 5 s that
 * would be 120,000 rows to sweep past at every look. A look run twice
 * publishes nothing twice, so an hour's (720) is plenty.
 */
const FINISHED_LOOKS_KEPT_MS = 60 * 60_000;

type Log = Pick<Console, "info" | "warn" | "error">;

/**
 * The periodic job that publishes the drafts whose time has come. The runtime
 * gives each period to one instance; the store's publication is safe even if
 * two ran at once. Visitors of this instance see the publication at once, and
 * other instances within their content watch's period, as after one made from
 * the staff page.
 */
export function scheduledPublishingJob(options: {
  db: Database;
  content: ContentStore;
  /** What visitors of this instance see: read again after a publication. */
  published: { refresh(): Promise<unknown> };
  audit: Pick<AuditLog, "record">;
  log?: Log;
  everyMs?: number;
  keptMs?: number;
}): { periods: Periods; handler: JobHandler } {
  const { db, content, published, audit, log = console } = options;
  const queue = createJobQueue(db);
  const period = options.everyMs ?? SCHEDULE_LOOK_EVERY_MS;
  const handler: JobHandler = {
    label: () => "The scheduled publication of the site's drafts",
    leaseMs: 60_000,
    // A look that failed is followed by the next period's look in any case.
    retry: { baseMs: 1000, maxMs: period, maxAttempts: 2 },
    async run(_job, signal) {
      const made = await retryWhileBusy(() => content.publishDue(), { signal });
      const keptMs = options.keptMs ?? FINISHED_LOOKS_KEPT_MS;
      await retryWhileBusy(() => queue.forgetFinished(SCHEDULED_PUBLISHING, Date.now() - keptMs), { signal });
      if (made.length === 0) return;
      try {
        await published.refresh();
      } catch (error) {
        // Published all the same: the content watch finds it at its next look.
        log.warn(`The scheduled publication is made; this instance will show it shortly: ${(error as Error).message}`);
      }
      for (const { publication, items } of made) {
        log.info(`Published as scheduled: ${items.join(", ")} (publication ${publication}).`);
        await audit.record({
          actor: "system",
          action: "site published as scheduled",
          detail: `${items.join(", ")} (publication ${publication})`,
        });
      }
    },
  };
  return { periods: everyMs(period), handler };
}
