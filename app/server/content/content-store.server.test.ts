import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openTestStore } from "../../../tests/support/test-store.ts";
import { type ContentStore, createContentStore } from "./content-store.server.ts";

// The content's versions on the engine under test (TEST_STORE).

let db: Awaited<ReturnType<typeof openTestStore>>;
let store: ContentStore;
let clock: number;
let asha: number;
let ravi: number;

const seeds = { company: { phone: "+91 98765 43210" }, faq: { items: ["one"] } };

async function account(email: string, name: string): Promise<number> {
  const row = await db.get<{ id: number | string }>(
    "INSERT INTO staff (email, name, webauthn_user_id, created_at, role) VALUES (?, ?, ?, 0, 'owner') RETURNING id",
    [email, name, email],
  );
  return Number(row?.id);
}

beforeEach(async () => {
  db = await openTestStore("content");
  clock = Date.UTC(2026, 10, 26, 6);
  store = createContentStore({ db, seeds, now: () => clock });
  await store.seed();
  asha = await account("asha@example.in", "Asha");
  ravi = await account("ravi@example.in", "Ravi");
});

afterEach(async () => {
  await db.remove();
});

describe("the site's content in versions", () => {
  test("a fresh store starts from the seeds, as version 1 of each item, published", async () => {
    expect(await store.bodies()).toEqual(seeds);
    const { published, draft } = await store.state("company");
    expect(published).toMatchObject({ version: 1, state: "published", savedBy: null, body: seeds.company });
    expect(draft).toBeNull();
    expect(await store.revision()).toBe(0);
  });

  test("seeding again, as a second instance starting does, changes nothing", async () => {
    await store.saveDraft("company", { phone: "+91 90000 00000" }, { basedOn: 1, by: asha });
    await store.publish(["company"], asha);
    await createContentStore({ db, seeds, now: () => clock }).seed();
    expect((await store.history("company")).map((version) => version.version)).toEqual([2, 1]);
    expect(await store.bodies()).toMatchObject({ company: { phone: "+91 90000 00000" } });
  });

  test("a draft is seen in a preview only, until it is published; the version before is kept", async () => {
    const { saved } = (await store.saveDraft("company", { phone: "+91 90000 00000" }, { basedOn: 1, by: asha })) as {
      saved: { version: number };
    };
    expect(saved.version).toBe(2);
    expect(await store.bodies()).toMatchObject({ company: seeds.company });
    expect(await store.bodies({ drafts: true })).toMatchObject({ company: { phone: "+91 90000 00000" } });

    clock += 60_000;
    const publication = await store.publish(["company"], ravi);
    expect(publication).toBeGreaterThan(0);
    expect(await store.revision()).toBe(publication);
    expect(await store.bodies()).toMatchObject({ company: { phone: "+91 90000 00000" } });
    const [latest, first] = await store.history("company");
    expect(latest).toMatchObject({
      version: 2,
      state: "published",
      savedBy: { id: asha, name: "Asha" },
      publishedBy: { id: ravi, name: "Ravi" },
      publishedAt: clock,
    });
    expect(first).toMatchObject({ version: 1, state: "earlier", body: seeds.company });
  });

  test("a save made from an older version is refused with the latest, and nothing is lost", async () => {
    await store.saveDraft("company", { phone: "Asha's number" }, { basedOn: 1, by: asha });
    const refused = await store.saveDraft("company", { phone: "Ravi's number" }, { basedOn: 1, by: ravi });
    expect(refused).toEqual({
      conflict: {
        latest: expect.objectContaining({
          version: 2,
          body: { phone: "Asha's number" },
          savedBy: { id: asha, name: "Asha" },
        }),
        yours: { phone: "Ravi's number" },
      },
    });
    expect((await store.state("company")).draft?.body).toEqual({ phone: "Asha's number" });

    // Made again from the latest, it is taken.
    expect(await store.saveDraft("company", { phone: "Ravi's number" }, { basedOn: 2, by: ravi })).toHaveProperty(
      "saved.version",
      3,
    );
  });

  test("two saves from the same version at once: one is taken, the other is refused with it", async () => {
    const results = await Promise.all([
      store.saveDraft("company", { phone: "Asha's" }, { basedOn: 1, by: asha }),
      store.saveDraft("company", { phone: "Ravi's" }, { basedOn: 1, by: ravi }),
    ]);
    expect(results.filter((result) => "saved" in result)).toHaveLength(1);
    expect(results.filter((result) => "conflict" in result)).toHaveLength(1);
    expect((await store.history("company")).map((version) => version.version)).toEqual([2, 1]);
  });

  test("a publication in between refuses a save made from the version before it", async () => {
    await store.saveDraft("company", { phone: "first" }, { basedOn: 1, by: asha });
    await store.publish(["company"], asha);
    await store.saveDraft("faq", { items: ["two"] }, { basedOn: 1, by: asha });
    expect(await store.saveDraft("company", { phone: "second" }, { basedOn: 1, by: ravi })).toHaveProperty(
      "conflict.latest.version",
      2,
    );
  });

  test("several drafts are published together as one publication; an item without a draft is left as it is", async () => {
    await store.saveDraft("company", { phone: "new" }, { basedOn: 1, by: asha });
    await store.saveDraft("faq", { items: ["new"] }, { basedOn: 1, by: asha });
    const publication = await store.publish(["company", "faq"], asha);
    expect(await store.bodies()).toEqual({ company: { phone: "new" }, faq: { items: ["new"] } });
    expect((await store.state("company")).published.publishedAt).toBe(clock);
    expect(await store.publish(["company"], asha)).toBe(0);
    expect(await store.revision()).toBe(publication);
  });

  test("an earlier version comes back as a new draft, published like any other", async () => {
    await store.saveDraft("company", { phone: "new" }, { basedOn: 1, by: asha });
    await store.publish(["company"], asha);
    const earlier = await store.version("company", 1);
    await store.saveDraft("company", earlier?.body, { basedOn: 2, by: ravi });
    await store.publish(["company"], ravi);
    expect(await store.bodies()).toMatchObject({ company: seeds.company });
    expect((await store.history("company")).map((version) => [version.version, version.state])).toEqual([
      [3, "published"],
      [2, "earlier"],
      [1, "earlier"],
    ]);
  });

  test("a discarded draft leaves the published version, and the next save starts from it", async () => {
    await store.saveDraft("company", { phone: "new" }, { basedOn: 1, by: asha });
    expect(await store.discardDraft("company")).toBe(true);
    expect((await store.state("company")).draft).toBeNull();
    expect(await store.saveDraft("company", { phone: "again" }, { basedOn: 1, by: asha })).toHaveProperty(
      "saved.version",
      3,
    );
  });

  test("an item the site does not have is refused", async () => {
    await expect(store.state("nothing")).rejects.toThrow(/No content item/);
  });
});
