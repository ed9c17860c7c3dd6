import type { RouterContextProvider } from "react-router";
import { siteContentContext } from "../../request-context.server.ts";
import type { ContentItem } from "../../server/content/items.ts";
import type { PhotoChoice } from "../../server/content/shapes.ts";
import type { ContentSeeds } from "../../server/service-content.ts";

/**
 * An item as a page is rendered with it: as published (or drafted, for a
 * preview), or its seed in the site's files where a page is prerendered by
 * the build, before any publication.
 */
export function publishedItem<Item extends ContentItem>(
  context: Readonly<RouterContextProvider>,
  item: Item,
  seed: ContentSeeds[Item],
): ContentSeeds[Item] {
  return context.get(siteContentContext)?.items[item] ?? seed;
}

/** A photo an item names, with its files from the library; none when the item names none or the library lost it. */
export function chosenPhoto(context: Readonly<RouterContextProvider>, choice: PhotoChoice | null) {
  const photo = choice ? context.get(siteContentContext)?.photos[choice.id] : undefined;
  return choice && photo ? { choice, photo } : null;
}
