import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, expect, test, vi } from "vitest";
import { newTestStoreLocation } from "../../../tests/support/test-store.ts";
import { createAuditLog } from "../inbox/audit.server.ts";
import { startJobRuntime } from "../jobs/runtime.server.ts";
import type { Database } from "../store/db.server.ts";
import { openStore } from "../store/open-store.server.ts";
import { createContentStore } from "./content-store.server.ts";
import { SCHEDULED_PUBLISHING, scheduledPublishingJob } from "./scheduled-publishing.server.ts";

// The job that publishes scheduled drafts, run by two instances' runtimes on
// one store (the engine under test), each looking every 50 ms.

const cleanUps: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
});

const seeds = { company: { phone: "+91 98765 43210" } };
const quiet = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });

/** An instance: its connection, content store, runtime and the job, with how often it refreshed its content. */
function instance(db: Database) {
  const content = createContentStore({ db, seeds });
  const refresh = vi.fn(async () => undefined);
  const jobs = startJobRuntime({ db, log: quiet(), idleMs: 60_000 });
  cleanUps.push(() => jobs.stop());
  const job = scheduledPublishingJob({
    db,
    content,
    published: { refresh },
    audit: createAuditLog(db),
    log: quiet(),
    everyMs: 50,
    keptMs: 60_000,
  });
  jobs.every(SCHEDULED_PUBLISHING, job.periods, job.handler);
  return { content, refresh };
}

async function until(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Still waiting for ${what}`);
    await sleep(20);
  }
}

test("a draft whose time comes is published once, by one of two instances, which shows it at once and records it; old looks are forgotten", async () => {
  const place = await newTestStoreLocation("scheduled-publishing", { migrated: true });
  cleanUps.push(() => place.remove());
  const [one, two] = await Promise.all([openStore(place.location), openStore(place.location)]);
  cleanUps.push(async () => {
    await one.close();
    await two.close();
  });
  // A look finished long ago, as a week of them would be: kept only for the last minute here.
  await one.run(
    "INSERT INTO jobs (kind, once_key, payload, next_attempt_at, state, finished_at) VALUES (?, 'long ago', 'null', 0, 'done', 0)",
    [SCHEDULED_PUBLISHING],
  );
  const owner = await one.get<{ id: number | string }>(
    "INSERT INTO staff (email, name, webauthn_user_id, created_at, role) VALUES ('asha@example.in', 'Asha', 'asha', 0, 'owner') RETURNING id",
  );
  const [first, second] = [instance(one), instance(two)];
  await first.content.seed();
  await first.content.saveDraft("company", { phone: "new" }, { basedOn: 1, by: Number(owner?.id) });
  const at = Date.now() + 300;
  await first.content.schedulePublish(["company"], at, Number(owner?.id));

  await until(async () => (await first.content.revision()) > 0, "the publication");
  expect(Date.now()).toBeGreaterThanOrEqual(at);
  expect(await second.content.bodies()).toEqual({ company: { phone: "new" } });
  // Several more looks by each instance find nothing more to publish.
  await sleep(300);
  expect(await first.content.revision()).toBe(1);
  expect(first.refresh.mock.calls.length + second.refresh.mock.calls.length).toBe(1);
  const [entry] = await createAuditLog(one).recent(1);
  expect(entry).toMatchObject({
    actor: "system",
    action: "site published as scheduled",
    detail: "company (publication 1)",
  });
  const longAgo = await one.get<{ n: number | string }>(
    "SELECT count(*) AS n FROM jobs WHERE kind = ? AND once_key = 'long ago'",
    [SCHEDULED_PUBLISHING],
  );
  expect(Number(longAgo?.n)).toBe(0);
  expect((await first.content.state("company")).published.publishedBy).toEqual({ id: Number(owner?.id), name: "Asha" });
});
