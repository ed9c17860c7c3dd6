import type { Database, Queries } from "../store/db.server.ts";
import type { VersionState } from "./versions.ts";

export type { VersionState } from "./versions.ts";

/**
 * The site's content as the company edits it: each item (the company's
 * details, the billing settings, a page's texts) is a line of numbered
 * versions. A save makes a new draft; publishing makes the draft the version
 * visitors see and keeps the one before; every version stays, with who saved
 * and published it, so any can be compared and brought back. An item whose
 * versions are all missing starts from its seed, the content in the site's
 * files, kept as its version 1.
 *
 * A draft may be scheduled: an owner chooses when it is published, and the
 * scheduled publishing job (scheduled-publishing.server.ts) publishes it then,
 * recorded as published by whoever scheduled it. The schedule belongs to the
 * item's draft, not to one saved text: a draft saved again keeps it, and the
 * newest draft goes out at that time; a discarded draft takes it with it, and
 * publishing the draft sooner ends it.
 */

export type ContentVersion = {
  item: string;
  version: number;
  body: unknown;
  /** The version the editor started from when saving this one. */
  basedOn: number | null;
  state: VersionState;
  savedAt: number;
  /** The account that saved it; null for the seed, or an account since removed. */
  savedBy: { id: number; name: string } | null;
  /** When a draft is to be published by itself. */
  publishAt: number | null;
  /** Who scheduled it; null when it is not scheduled, or the account was removed. */
  scheduledBy: { id: number; name: string } | null;
  /** When it was published (the publication's time), if ever. */
  publishedAt: number | null;
  publishedBy: { id: number; name: string } | null;
};

/** Where an item stands: what visitors see, and the draft in the making, if any. */
export type ItemState = { published: ContentVersion; draft: ContentVersion | null };

/**
 * A save refused because someone saved or published the item after the editor
 * opened it: both versions, so neither person's work is lost.
 */
export type SaveConflict = { latest: ContentVersion; yours: unknown };

export type SaveResult = { saved: ContentVersion } | { conflict: SaveConflict };

/** A publication made because its drafts' time had come: its number, the items, and who scheduled them. */
export type DuePublication = { publication: number; items: string[]; by: number | null };

/** A draft waiting for its time, as the staff page lists it. */
export type ScheduledDraft = Pick<ContentVersion, "item" | "version" | "scheduledBy"> & { publishAt: number };

type VersionRow = {
  item: string;
  version: number | string;
  body: string;
  based_on: number | string | null;
  state: VersionState;
  saved_at: number | string;
  saved_by: number | string | null;
  saved_by_name: string | null;
  publish_at: number | string | null;
  publish_by: number | string | null;
  publish_by_name: string | null;
  published_at: number | string | null;
  published_by: number | string | null;
  published_by_name: string | null;
};

const orNull = (value: number | string | null) => (value === null ? null : Number(value));

function fromRow(row: VersionRow): ContentVersion {
  return {
    item: row.item,
    version: Number(row.version),
    body: JSON.parse(row.body) as unknown,
    basedOn: orNull(row.based_on),
    state: row.state,
    savedAt: Number(row.saved_at),
    savedBy: row.saved_by === null ? null : { id: Number(row.saved_by), name: row.saved_by_name ?? "" },
    publishAt: orNull(row.publish_at),
    scheduledBy: row.publish_by === null ? null : { id: Number(row.publish_by), name: row.publish_by_name ?? "" },
    publishedAt: orNull(row.published_at),
    publishedBy: row.published_by === null ? null : { id: Number(row.published_by), name: row.published_by_name ?? "" },
  };
}

const SELECT_VERSIONS = `
  SELECT v.item, v.version, v.body, v.based_on, v.state, v.saved_at, v.saved_by, s.name AS saved_by_name,
    v.publish_at, v.publish_by, sb.name AS publish_by_name, p.published_at, p.published_by, ps.name AS published_by_name
  FROM content_versions v
  LEFT JOIN staff s ON s.id = v.saved_by
  LEFT JOIN staff sb ON sb.id = v.publish_by
  LEFT JOIN content_publications p ON p.id = v.publication_id
  LEFT JOIN staff ps ON ps.id = p.published_by`;

/** The item's seed as its first version, once: two instances starting at once make it once. */
async function seedItem(tx: Queries, item: string, seed: unknown, now: number): Promise<void> {
  await tx.run(
    `INSERT INTO content_versions (item, version, body, state, saved_at)
     SELECT ?, 1, ?, 'published', ? WHERE NOT EXISTS (SELECT 1 FROM content_versions WHERE item = ?)
     ON CONFLICT DO NOTHING`,
    [item, JSON.stringify(seed), now, item],
  );
}

export type ContentStoreOptions = {
  db: Database;
  /** Each item the site has, with what it starts from on a fresh database. */
  seeds: Readonly<Record<string, unknown>>;
  now?: () => number;
};

export function createContentStore({ db, seeds, now = Date.now }: ContentStoreOptions) {
  const known = (item: string) => {
    if (!(item in seeds)) throw new Error(`No content item is called "${item}"`);
  };

  async function versionsOf(queries: Queries, item: string, where: string, params: unknown[] = []) {
    const rows = await queries.all<VersionRow>(`${SELECT_VERSIONS} WHERE v.item = ? ${where} ORDER BY v.version DESC`, [
      item,
      ...params,
    ]);
    return rows.map(fromRow);
  }

  async function stateOf(queries: Queries, item: string): Promise<ItemState> {
    const [published] = await versionsOf(queries, item, "AND v.state = 'published'");
    const [draft] = await versionsOf(queries, item, "AND v.state = 'draft'");
    if (!published) throw new Error(`The item "${item}" has no published version: was the store seeded?`);
    return { published, draft: draft ?? null };
  }

  /**
   * Makes the body the item's new draft, in place of the draft it had, which
   * hands it its schedule, if it had one.
   */
  async function replaceDraft(tx: Queries, item: string, body: unknown, basedOn: number, by: number | null) {
    const next = await tx.get<{ version: number | string }>(
      "SELECT MAX(version) + 1 AS version FROM content_versions WHERE item = ?",
      [item],
    );
    const replaced = await tx.get<{ publish_at: number | string | null; publish_by: number | string | null }>(
      "SELECT publish_at, publish_by FROM content_versions WHERE item = ? AND state = 'draft'",
      [item],
    );
    await tx.run(
      "UPDATE content_versions SET state = 'discarded', publish_at = NULL, publish_by = NULL WHERE item = ? AND state = 'draft'",
      [item],
    );
    await tx.run(
      `INSERT INTO content_versions (item, version, body, based_on, state, saved_at, saved_by, publish_at, publish_by)
       VALUES (?, ?, ?, ?, 'draft', ?, ?, ?, ?)`,
      [
        item,
        Number(next?.version),
        JSON.stringify(body),
        basedOn,
        now(),
        by,
        orNull(replaced?.publish_at ?? null),
        orNull(replaced?.publish_by ?? null),
      ],
    );
  }

  /** Makes the drafts of these items the published versions, as one publication. */
  async function publishIn(tx: Queries, items: readonly string[], by: number | null): Promise<number> {
    const at = now();
    const drafts: string[] = [];
    for (const item of items) {
      const draft = await tx.get<{ version: number }>(
        "SELECT version FROM content_versions WHERE item = ? AND state = 'draft'",
        [item],
      );
      if (draft) drafts.push(item);
    }
    if (drafts.length === 0) return 0;
    const publication = await tx.get<{ id: number | string }>(
      "INSERT INTO content_publications (published_at, published_by, items) VALUES (?, ?, ?) RETURNING id",
      [at, by, JSON.stringify(drafts)],
    );
    const id = Number(publication?.id);
    for (const item of drafts) {
      await tx.run("UPDATE content_versions SET state = 'earlier' WHERE item = ? AND state = 'published'", [item]);
      await tx.run(
        "UPDATE content_versions SET state = 'published', publish_at = NULL, publish_by = NULL, publication_id = ? WHERE item = ? AND state = 'draft'",
        [id, item],
      );
    }
    return id;
  }

  return {
    /** Gives every item without versions its seed as version 1; run at start. */
    async seed(): Promise<void> {
      await db.transaction(async (tx) => {
        for (const [item, seed] of Object.entries(seeds)) await seedItem(tx, item, seed, now());
      });
    },

    /** The number of the latest publication: it changes whenever what visitors see does. */
    async revision(): Promise<number> {
      const row = await db.get<{ id: number | string | null }>("SELECT MAX(id) AS id FROM content_publications");
      return Number(row?.id ?? 0);
    },

    async state(item: string): Promise<ItemState> {
      known(item);
      return stateOf(db, item);
    },

    /** What visitors see of every item; with drafts, what a preview shows. */
    async bodies(options: { drafts?: boolean } = {}): Promise<Record<string, unknown>> {
      const states = options.drafts ? "('published', 'draft')" : "('published')";
      const rows = await db.all<{ item: string; body: string; state: VersionState }>(
        `SELECT item, body, state FROM content_versions WHERE state IN ${states}`,
      );
      const bodies: Record<string, unknown> = {};
      for (const row of rows) {
        if (row.state === "published" && row.item in bodies) continue;
        bodies[row.item] = JSON.parse(row.body) as unknown;
      }
      return bodies;
    },

    /**
     * Saves a new draft, made from version `basedOn` (the draft or published
     * version the editor opened). Refused, with the latest version, when another
     * save or a publication came in between.
     */
    async saveDraft(item: string, body: unknown, options: { basedOn: number; by: number }): Promise<SaveResult> {
      known(item);
      return db.transaction(async (tx) => {
        const { published, draft } = await stateOf(tx, item);
        const latest = draft ?? published;
        if (latest.version !== options.basedOn) return { conflict: { latest, yours: body } };
        await replaceDraft(tx, item, body, options.basedOn, options.by);
        const [saved] = await versionsOf(tx, item, "AND v.state = 'draft'");
        return { saved: saved as ContentVersion };
      });
    },

    /**
     * Makes each body its item's new draft, whatever drafts there were, in one
     * transaction, and publishes them together when asked: an import. Answers
     * the publication's number, or 0.
     */
    async replaceDrafts(bodies: Readonly<Record<string, unknown>>, options: { by: number | null; publish: boolean }) {
      const items = Object.keys(bodies);
      for (const item of items) known(item);
      return db.transaction(async (tx) => {
        for (const item of items) {
          const { published, draft } = await stateOf(tx, item);
          await replaceDraft(tx, item, bodies[item], (draft ?? published).version, options.by);
        }
        return options.publish ? publishIn(tx, items, options.by) : 0;
      });
    },

    /** Drops the item's draft, and its schedule with it; visitors go on seeing the published version. */
    async discardDraft(item: string): Promise<boolean> {
      known(item);
      const sql =
        "UPDATE content_versions SET state = 'discarded', publish_at = NULL, publish_by = NULL WHERE item = ? AND state = 'draft'";
      return (await db.run(sql, [item])) > 0;
    },

    /** Publishes the drafts of these items together; answers the publication's number, or 0 when none had a draft. */
    async publish(items: readonly string[], by: number | null): Promise<number> {
      for (const item of items) known(item);
      return db.transaction((tx) => publishIn(tx, items, by));
    },

    /**
     * Schedules the drafts of these items to be published together at `at`,
     * recorded as published by `by`; a draft scheduled before is moved to
     * this time. Answers the items scheduled: those with a draft.
     */
    async schedulePublish(items: readonly string[], at: number, by: number): Promise<string[]> {
      for (const item of items) known(item);
      return db.transaction(async (tx) => {
        const scheduled: string[] = [];
        for (const item of items) {
          const changed = await tx.run(
            "UPDATE content_versions SET publish_at = ?, publish_by = ? WHERE item = ? AND state = 'draft'",
            [at, by, item],
          );
          if (changed > 0) scheduled.push(item);
        }
        return scheduled;
      });
    },

    /** Takes the item's draft off the schedule: it stays a draft, published when someone publishes it. */
    async cancelSchedule(item: string): Promise<boolean> {
      known(item);
      const sql =
        "UPDATE content_versions SET publish_at = NULL, publish_by = NULL WHERE item = ? AND state = 'draft' AND publish_at IS NOT NULL";
      return (await db.run(sql, [item])) > 0;
    },

    /** The drafts waiting for their time, the soonest first. */
    async scheduled(): Promise<ScheduledDraft[]> {
      const rows = await db.all<VersionRow>(
        `${SELECT_VERSIONS} WHERE v.state = 'draft' AND v.publish_at IS NOT NULL ORDER BY v.publish_at, v.item`,
      );
      return rows
        .map(fromRow)
        .filter((draft) => draft.item in seeds)
        .map(({ item, version, publishAt, scheduledBy }) => ({
          item,
          version,
          publishAt: publishAt as number,
          scheduledBy,
        }));
    },

    /**
     * Publishes every draft whose time has come, in one transaction, so
     * visitors see them change together: one publication for the drafts each
     * person scheduled, recorded as published by them. Run by two instances at
     * once, one publishes and the other finds nothing due (SQLite takes one
     * writer at a time; PostgreSQL's serializable transactions run the second
     * again after the first). Answers the publications made.
     */
    async publishDue(at: number = now()): Promise<DuePublication[]> {
      return db.transaction(async (tx) => {
        const due = await tx.all<{ item: string; publish_by: number | string | null }>(
          "SELECT item, publish_by FROM content_versions WHERE state = 'draft' AND publish_at <= ? ORDER BY publish_at, item",
          [at],
        );
        const byWhom = new Map<number | null, string[]>();
        for (const { item, publish_by } of due) {
          if (!(item in seeds)) continue;
          const by = orNull(publish_by);
          byWhom.set(by, [...(byWhom.get(by) ?? []), item]);
        }
        const made: DuePublication[] = [];
        for (const [by, items] of byWhom) {
          const publication = await publishIn(tx, items, by);
          if (publication > 0) made.push({ publication, items, by });
        }
        return made;
      });
    },

    /** Every version of an item, newest first. */
    async history(item: string): Promise<ContentVersion[]> {
      known(item);
      return versionsOf(db, item, "");
    },

    async version(item: string, version: number): Promise<ContentVersion | undefined> {
      known(item);
      const [found] = await versionsOf(db, item, "AND v.version = ?", [version]);
      return found;
    },
  };
}

export type ContentStore = ReturnType<typeof createContentStore>;
