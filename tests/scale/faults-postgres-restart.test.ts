import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { SiteServer } from "../support/start-site.ts";
import {
  faultScene,
  inParallel,
  type Outcome,
  openSubmission,
  report,
  type Submission,
  send,
} from "./support/faults.ts";
import { readStored } from "./support/instances.ts";
import { type PrivatePostgres, startPrivatePostgres } from "./support/private-postgres.ts";

// PostgreSQL stopped and started under load: on a server of the test's own, so the
// server every other test shares stays up.
let postgres: PrivatePostgres;
const scene = faultScene(() => postgres.url);

beforeAll(async () => {
  postgres = await startPrivatePostgres();
});

afterAll(async () => {
  await postgres?.remove();
});

describe("PostgreSQL restarted, with two instances on it", () => {
  test("PostgreSQL restarted under load: a clear 503 with the form kept during the gap, then recovery", async () => {
    const databaseUrl = await scene.freshDatabase();
    const servers = await scene.instances(2, databaseUrl, {});
    const attempts: { server: SiteServer; submission: Submission; outcome: Outcome }[] = [];
    let stopLoad = false;

    const load = Promise.all(
      Array.from({ length: 6 }, async (_, worker) => {
        for (let i = 0; !stopLoad && attempts.length < 2000; i++) {
          const server = servers[(worker + i) % 2] as SiteServer;
          const submission = await openSubmission(server);
          attempts.push({ server, submission, outcome: await send(server, submission) });
        }
      }),
    );
    await sleep(1000);
    await postgres.stop();
    await sleep(1000);
    // Staff opening the inbox meanwhile (with a session cookie the store must look
    // up) get the branded page with a 503 and a time to come back, not a 500.
    const inbox = await fetch(`${servers[0]?.url}/inbox`, {
      headers: { Cookie: `staff-session=${"a".repeat(43)}` },
      redirect: "manual",
    });
    const inboxPage = await inbox.text();
    await sleep(2000);
    await postgres.start();
    await sleep(3000);
    stopLoad = true;
    await load;

    const byStatus = new Map<string, number>();
    for (const { outcome } of attempts) {
      const key = "error" in outcome ? "connection error" : String(outcome.status);
      byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
    }
    // Nothing but taken (303) or "try again" (503); never a 500, never a dropped connection.
    expect([...byStatus.keys()].toSorted()).toEqual(["303", "503"]);
    const refused = attempts.filter(({ outcome }) => "status" in outcome && outcome.status === 503);
    for (const { submission, outcome } of refused) {
      // The contact page, in the site's frame, saying what happened, with what they typed.
      const body = "body" in outcome ? outcome.body : "";
      expect(body).toContain("<main");
      expect(body).toMatch(/Please try again in a minute/);
      expect(body).toContain(submission.fields.name);
    }

    expect(inbox.status).toBe(503);
    expect(inbox.headers.get("retry-after")).toBe("30");
    expect(inboxPage).toContain("Error 503");
    expect(inboxPage).toContain("<main");

    // Both instances are ready again without a restart of their own.
    for (const server of servers) {
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    }

    // Each refused visitor sends again and is taken; every 303 is stored once.
    const retried = await inParallel(
      refused.map(
        ({ server, submission }) =>
          () =>
            send(server, submission),
      ),
      6,
    );
    expect(retried.map((outcome) => ("status" in outcome ? outcome.status : outcome.error))).toEqual(
      retried.map(() => 303),
    );
    const stored = await readStored(databaseUrl);
    expect(stored.references).toHaveLength(attempts.length);
    expect(stored.duplicateSubmissions).toBe(0);
    report("PostgreSQL restarted", {
      submissions: attempts.length,
      "answered 303": byStatus.get("303") ?? 0,
      "503 during the gap": refused.length,
      "answered 500": byStatus.get("500") ?? 0,
      stored: stored.references.length,
      lost: attempts.length - stored.references.length,
    });
  });
});
