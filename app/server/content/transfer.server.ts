import * as v from "valibot";
import type { ContentStore } from "./content-store.server.ts";
import { CONTENT_ITEMS, type ContentItem, isContentItem, itemProblems } from "./items.ts";
import { type ServicesContent, shownServices } from "./services-item.ts";

/** What `npm run content -- export` writes: every item, published and draft, with the versions they were. */
export type ContentFile = {
  format: typeof FORMAT;
  exportedAt: string;
  items: Record<string, { published: { version: number; body: unknown }; draft?: { version: number; body: unknown } }>;
};

const FORMAT = "print-site-content/1";

const fileSchema = v.object({
  format: v.literal(FORMAT),
  items: v.record(
    v.string(),
    v.object({
      published: v.object({ body: v.unknown() }),
      draft: v.optional(v.object({ body: v.unknown() })),
    }),
  ),
});

export async function exportContent(store: ContentStore, now = new Date()): Promise<ContentFile> {
  const items: ContentFile["items"] = {};
  for (const item of Object.keys(CONTENT_ITEMS)) {
    const { published, draft } = await store.state(item);
    items[item] = {
      published: { version: published.version, body: published.body },
      ...(draft ? { draft: { version: draft.version, body: draft.body } } : {}),
    };
  }
  return { format: FORMAT, exportedAt: now.toISOString(), items };
}

export type ImportResult = { problems: string[] } | { items: ContentItem[]; publication: number };

/** What an import is checked against beyond the schemas, as the editors check a save. */
export type ImportChecks = {
  /** The site's pages with these services shown: a link must go to one of them. */
  pages: (services: readonly { readonly slug: string }[]) => readonly string[];
  /** Whether an id names a photo the site has, in its files or its library. */
  isPhoto: (id: string) => boolean;
};

/**
 * Loads a file written by exportContent: each item's draft when it has one,
 * else its published version, becomes the item's new draft (or is published,
 * all together, with `publish`). Every item is checked by its schema first; a
 * file with any problem changes nothing and says what each problem is.
 */
export async function importContent(
  store: ContentStore,
  file: unknown,
  options: { publish: boolean; checks: ImportChecks },
): Promise<ImportResult> {
  const parsed = v.safeParse(fileSchema, file);
  if (!parsed.success) {
    return { problems: [`This is not a file written by "npm run content -- export" (format ${FORMAT}).`] };
  }
  const bodies: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [item, versions] of Object.entries(parsed.output.items)) {
    if (!isContentItem(item)) problems.push(`${item}: the site has no such item.`);
    else bodies[item] = (versions.draft ?? versions.published).body;
  }
  // Links are checked against the pages the site will have: the file's catalog, or the one published now.
  const catalog = v.safeParse(CONTENT_ITEMS.services, bodies.services);
  const services = catalog.success
    ? (catalog.output as ServicesContent)
    : ((await store.state("services")).published.body as ServicesContent);
  const pages = new Set(options.checks.pages(shownServices(services)));
  const facts = { isPage: (path: string) => pages.has(path), isPhoto: options.checks.isPhoto };
  for (const [item, body] of Object.entries(bodies)) problems.push(...itemProblems(item as ContentItem, body, facts));
  if (problems.length > 0) return { problems };
  const publication = await store.replaceDrafts(bodies, { by: null, publish: options.publish });
  return { items: Object.keys(bodies) as ContentItem[], publication };
}
