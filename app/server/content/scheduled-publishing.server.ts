import type { AuditLog } from "../inbox/audit.server.ts";
import { everyMs, type JobHandler, type Periods } from "../jobs/runtime.server.ts";
import { retryWhileBusy } from "../store/db.server.ts";
import type { ContentStore } from "./content-store.server.ts";

/** The job runtime's kind for the look at the schedule. */
export const SCHEDULED_PUBLISHING = "scheduled-publishing";

/**
 * How often the schedule is looked at: a scheduled draft is published at most
 * this long after its time (and the look takes a few milliseconds). Each look
 * is a period of the runtime, run by one instance.
 */
export const SCHEDULE_LOOK_EVERY_MS = 5000;

type Log = Pick<Console, "info" | "warn" | "error">;

/**
 * The periodic job that publishes the drafts whose time has come. The runtime
 * gives each period to one instance; the store's publication is safe even if
 * two ran at once. Visitors of this instance see the publication at once, and
 * other instances within their content watch's period, as after one made from
 * the staff page.
 */
export function scheduledPublishingJob(options: {
  content: ContentStore;
  /** What visitors of this instance see: read again after a publication. */
  published: { refresh(): Promise<unknown> };
  audit: Pick<AuditLog, "record">;
  log?: Log;
  everyMs?: number;
}): { periods: Periods; handler: JobHandler } {
  const { content, published, audit, log = console } = options;
  const period = options.everyMs ?? SCHEDULE_LOOK_EVERY_MS;
  const handler: JobHandler = {
    label: () => "The scheduled publication of the site's drafts",
    leaseMs: 60_000,
    // A look that failed is followed by the next period's look in any case.
    retry: { baseMs: 1000, maxMs: period, maxAttempts: 2 },
    async run(_job, signal) {
      const made = await retryWhileBusy(() => content.publishDue(), { signal });
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
