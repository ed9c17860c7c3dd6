import * as v from "valibot";
import type { Photo } from "../photos/photo.ts";
import type { GstRateTable } from "../quotations/gst-rates.ts";
import type { ServiceContent } from "../service-content.ts";
import type { CompanySettings } from "./company-item.ts";
import type { ContentStore } from "./content-store.server.ts";
import { CONTENT_ITEM_IDS, CONTENT_ITEMS, type ContentItem, isShapedItem, SHAPED_ITEMS } from "./items.ts";
import { photoIds } from "./shapes.ts";

type ContentSeeds = ServiceContent["seeds"];

type Log = Pick<Console, "info" | "warn" | "error">;

/**
 * What a page is rendered with, at one publication (0: none yet, the site's
 * files), or with every draft applied for a preview.
 */
export type PublishedContent = {
  readonly revision: number;
  readonly company: CompanySettings;
  /** The GST rate table a new quotation line takes its rate from. */
  readonly gstRates: GstRateTable;
  /** Every item as published (or drafted, for a preview), each checked by its schema. */
  readonly items: ContentSeeds;
  /** The files of every library photo the items name, by id. */
  readonly photos: Readonly<Record<string, Photo>>;
  readonly preview?: true;
};

/** Where the files of the library's photos are found, by id: none before a library is there. */
type PhotoRecords = (ids: readonly string[]) => Promise<Readonly<Record<string, Photo>>>;

/**
 * The published content, held in memory so no page asks the database for it:
 * read again when this instance publishes, and looked for every few seconds,
 * so a publication made on another instance reaches this one within that time.
 */
export function watchPublishedContent(options: {
  store: ContentStore;
  seeds: ContentSeeds;
  log: Log;
  everyMs: number;
  photos?: PhotoRecords;
}) {
  const { store, seeds, log, photos = async () => ({}) } = options;
  let current: PublishedContent = {
    revision: 0,
    company: seeds.company,
    gstRates: seeds["gst-rates"],
    items: seeds,
    photos: {},
  };
  const listeners = new Set<(content: PublishedContent) => void>();

  /** An item as published, checked again by its schema: a bad row gives the seed rather than a broken page. */
  function checked<Item extends ContentItem>(item: Item, body: unknown): ContentSeeds[Item] {
    const parsed = v.safeParse(CONTENT_ITEMS[item], body);
    if (parsed.success) return parsed.output as ContentSeeds[Item];
    log.error(`The published "${item}" does not pass its schema; the seed is used.`);
    return seeds[item];
  }

  async function refresh(drafts = false): Promise<PublishedContent> {
    const revision = await store.revision();
    if (!drafts && revision === current.revision) return current;
    const bodies = await store.bodies({ drafts });
    const items = Object.fromEntries(
      CONTENT_ITEM_IDS.map((item) => [item, item in bodies ? checked(item, bodies[item]) : seeds[item]]),
    ) as unknown as ContentSeeds;
    const named = CONTENT_ITEM_IDS.flatMap((item) =>
      isShapedItem(item) ? photoIds(SHAPED_ITEMS[item], items[item] as Record<string, unknown>) : [],
    );
    const content = {
      revision,
      company: items.company,
      gstRates: items["gst-rates"],
      items,
      photos: named.length > 0 ? await photos(named) : {},
    };
    if (drafts) return { ...content, preview: true };
    current = content;
    for (const listener of listeners) listener(content);
    return content;
  }

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const look = async () => {
    try {
      await refresh();
    } catch (error) {
      log.warn(`The published content could not be read: ${(error as Error).message}`);
    }
    if (!stopped) timer = setTimeout(look, options.everyMs).unref();
  };

  return {
    /** Reads what is published now, before the first request; then keeps watching. */
    async start(): Promise<void> {
      await refresh();
      timer = setTimeout(look, options.everyMs).unref();
    },
    current: (): PublishedContent => current,
    /** After a publication by this instance: the new content at once, not at the next look. */
    refresh: () => refresh(),
    /** The content with every draft applied, for a preview; never kept. */
    withDrafts: () => refresh(true),
    /** Calls the listener whenever what visitors see changes. */
    onChange(listener: (content: PublishedContent) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop(): void {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

export type PublishedContentWatch = ReturnType<typeof watchPublishedContent>;
