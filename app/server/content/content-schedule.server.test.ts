import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { newTestStoreLocation, openTestStore } from "../../../tests/support/test-store.ts";
import { retryWhileBusy } from "../store/db.server.ts";
import { openStore } from "../store/open-store.server.ts";
import { type ContentStore, createContentStore } from "./content-store.server.ts";

// Drafts scheduled for publication, on the engine under test (TEST_STORE).

let db: Awaited<ReturnType<typeof openTestStore>>;
let store: ContentStore;
let clock: number;
let asha: number;
let ravi: number;

const seeds = { company: { phone: "+91 98765 43210" }, faq: { items: ["one"] } };
const MINUTE = 60_000;

async function account(queries: { get: typeof db.get }, email: string, name: string): Promise<number> {
  const row = await queries.get<{ id: number | string }>(
    "INSERT INTO staff (email, name, webauthn_user_id, created_at, role) VALUES (?, ?, ?, 0, 'owner') RETURNING id",
    [email, name, email],
  );
  return Number(row?.id);
}

async function draft(item: "company" | "faq", body: unknown, by: number) {
  const { published, draft } = await store.state(item);
  const outcome = await store.saveDraft(item, body, { basedOn: (draft ?? published).version, by });
  if (!("saved" in outcome)) throw new Error("The draft was not saved");
  return outcome.saved;
}

beforeEach(async () => {
  db = await openTestStore("content-schedule");
  clock = Date.UTC(2026, 10, 26, 6);
  store = createContentStore({ db, seeds, now: () => clock });
  await store.seed();
  asha = await account(db, "asha@example.in", "Asha");
  ravi = await account(db, "ravi@example.in", "Ravi");
});

afterEach(async () => {
  await db.remove();
});

describe("drafts scheduled for publication", () => {
  test("a scheduled draft stays a draft until its time, then is published by whoever scheduled it", async () => {
    await draft("company", { phone: "new" }, ravi);
    const at = clock + 30 * MINUTE;
    expect(await store.schedulePublish(["company"], at, asha)).toEqual(["company"]);
    expect(await store.scheduled()).toEqual([
      { item: "company", version: 2, publishAt: at, scheduledBy: { id: asha, name: "Asha" } },
    ]);

    expect(await store.publishDue(at - 1)).toEqual([]);
    expect(await store.bodies()).toEqual(seeds);

    clock = at + 2000;
    const [made, ...more] = await store.publishDue();
    expect(more).toEqual([]);
    expect(made).toMatchObject({ items: ["company"], by: asha });
    expect(await store.revision()).toBe(made?.publication);
    expect(await store.bodies()).toMatchObject({ company: { phone: "new" } });
    expect((await store.state("company")).published).toMatchObject({
      version: 2,
      savedBy: { id: ravi, name: "Ravi" },
      publishedBy: { id: asha, name: "Asha" },
      publishedAt: clock,
      publishAt: null,
      scheduledBy: null,
    });
    expect(await store.scheduled()).toEqual([]);
    expect(await store.publishDue()).toEqual([]);
  });

  test("drafts scheduled together are published together, as one publication; an item without a draft is not scheduled", async () => {
    await draft("company", { phone: "new" }, asha);
    await draft("faq", { items: ["new"] }, asha);
    expect(await store.schedulePublish(["company", "faq"], clock + MINUTE, asha)).toEqual(["company", "faq"]);
    await store.publish(["faq"], asha);
    await draft("faq", { items: ["newer"] }, asha);
    // faq's draft is a new one, never scheduled; company has a draft, scheduled again for later.
    expect(await store.schedulePublish(["company"], clock + 2 * MINUTE, asha)).toEqual(["company"]);
    await store.discardDraft("faq");
    expect(await store.schedulePublish(["faq"], clock + 2 * MINUTE, asha)).toEqual([]);

    await draft("faq", { items: ["last"] }, asha);
    await store.schedulePublish(["faq"], clock + 2 * MINUTE, asha);
    clock += 2 * MINUTE;
    const made = await store.publishDue();
    expect(made).toEqual([{ publication: expect.any(Number), items: ["company", "faq"], by: asha }]);
    expect(await store.bodies()).toEqual({ company: { phone: "new" }, faq: { items: ["last"] } });
  });

  test("drafts whose time came, scheduled by two people, go out in one run, each publication recorded as its scheduler's", async () => {
    await draft("company", { phone: "new" }, asha);
    await draft("faq", { items: ["new"] }, ravi);
    await store.schedulePublish(["company"], clock + MINUTE, asha);
    await store.schedulePublish(["faq"], clock + 2 * MINUTE, ravi);
    clock += 10 * MINUTE;
    const made = await store.publishDue();
    expect(made.map(({ items, by }) => [items, by])).toEqual([
      [["company"], asha],
      [["faq"], ravi],
    ]);
    expect((await store.state("faq")).published.publishedBy).toEqual({ id: ravi, name: "Ravi" });
  });

  test("a scheduled draft saved again keeps its schedule: the newest draft is published at that time", async () => {
    await draft("company", { phone: "first" }, asha);
    const at = clock + MINUTE;
    await store.schedulePublish(["company"], at, asha);
    await draft("company", { phone: "second" }, ravi);
    expect(await store.scheduled()).toEqual([
      { item: "company", version: 3, publishAt: at, scheduledBy: { id: asha, name: "Asha" } },
    ]);
    expect((await store.version("company", 2))?.publishAt).toBeNull();

    clock = at;
    await store.publishDue();
    expect((await store.state("company")).published).toMatchObject({
      version: 3,
      body: { phone: "second" },
      publishedBy: { id: asha, name: "Asha" },
    });
  });

  test("a discarded draft takes its schedule with it; a cancelled one stays a draft", async () => {
    await draft("company", { phone: "discarded" }, asha);
    await draft("faq", { items: ["cancelled"] }, asha);
    await store.schedulePublish(["company", "faq"], clock + MINUTE, asha);

    await store.discardDraft("company");
    expect(await store.cancelSchedule("faq")).toBe(true);
    expect(await store.cancelSchedule("faq")).toBe(false);
    expect(await store.scheduled()).toEqual([]);

    // A draft saved after the discard was never scheduled.
    await draft("company", { phone: "later" }, asha);
    clock += 10 * MINUTE;
    expect(await store.publishDue()).toEqual([]);
    expect(await store.bodies()).toEqual(seeds);
    expect((await store.state("faq")).draft?.body).toEqual({ items: ["cancelled"] });
  });

  test("a scheduled draft published sooner by hand leaves nothing on the schedule", async () => {
    await draft("company", { phone: "new" }, asha);
    await store.schedulePublish(["company"], clock + MINUTE, asha);
    const publication = await store.publish(["company"], ravi);
    expect(await store.scheduled()).toEqual([]);
    clock += 10 * MINUTE;
    expect(await store.publishDue()).toEqual([]);
    expect(await store.revision()).toBe(publication);
    expect((await store.state("company")).published.publishedBy).toEqual({ id: ravi, name: "Ravi" });
  });

  test("an import of new drafts keeps the schedule of the drafts it replaces", async () => {
    await draft("company", { phone: "new" }, asha);
    await store.schedulePublish(["company"], clock + MINUTE, asha);
    await store.replaceDrafts({ company: { phone: "imported" } }, { by: null, publish: false });
    expect(await store.scheduled()).toMatchObject([{ item: "company", version: 3 }]);
  });
});

describe("two instances publishing what is due at once", () => {
  test("each due draft is published once, in one publication", async () => {
    const place = await newTestStoreLocation("content-schedule-two", { migrated: true });
    const [one, two] = await Promise.all([openStore(place.location), openStore(place.location)]);
    try {
      const now = () => clock;
      const [first, second] = [one, two].map((each) => createContentStore({ db: each, seeds, now }));
      await first?.seed();
      const owner = await account(one, "asha@example.in", "Asha");
      await first?.saveDraft("company", { phone: "new" }, { basedOn: 1, by: owner });
      await first?.saveDraft("faq", { items: ["new"] }, { basedOn: 1, by: owner });
      await first?.schedulePublish(["company", "faq"], clock + MINUTE, owner);
      clock += MINUTE;

      // As the job runs it: a store busy with the other instance is waited for.
      const runs = await Promise.all(
        [first, second, first, second].map((each) => retryWhileBusy(() => (each as ContentStore).publishDue())),
      );
      // Its number may skip one on PostgreSQL: a transaction tried again after a conflict has used a value of the sequence.
      expect(runs.flat()).toEqual([{ publication: expect.any(Number), items: ["company", "faq"], by: owner }]);
      expect((await first?.history("company"))?.map((version) => version.state)).toEqual(["published", "earlier"]);
      const publications = await one.get<{ n: number | string }>("SELECT count(*) AS n FROM content_publications");
      expect(Number(publications?.n)).toBe(1);
    } finally {
      await one.close();
      await two.close();
      await place.remove();
    }
  });
});
