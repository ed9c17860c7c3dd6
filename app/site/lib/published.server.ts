import type { RouterContextProvider } from "react-router";
import { siteContentContext } from "../../request-context.server.ts";
import type { ContentItem } from "../../server/content/items.ts";
import { type ServiceEntry, shownServices } from "../../server/content/services-item.ts";
import type { PhotoChoice } from "../../server/content/shapes.ts";
import type { ContentSeeds } from "../../server/service-content.ts";
import { type PhotoName, photos } from "../content/photos.ts";
import type { Service } from "../content/services.ts";
import { servicesSeed } from "../content/services-seed.ts";

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

/**
 * A photo an item names, with its files: from the library, or among the site's
 * own photographs; none when the item names none or the library lost it.
 */
export function chosenPhoto(context: Readonly<RouterContextProvider>, choice: PhotoChoice | null) {
  if (!choice) return null;
  const photo = context.get(siteContentContext)?.photos[choice.id] ?? ownPhoto(choice.id);
  return photo ? { choice, photo } : null;
}

function ownPhoto(id: string) {
  return Object.hasOwn(photos, id) ? photos[id as PhotoName].image : undefined;
}

/** The services visitors see, as published, in the catalog's order. */
export function publishedServices(context: Readonly<RouterContextProvider>): readonly ServiceEntry[] {
  return shownServices(publishedItem(context, "services", servicesSeed));
}

/** A published service as its card and page show it, its photo with its files. */
export function serviceShown(context: Readonly<RouterContextProvider>, entry: ServiceEntry): Service {
  const { slug, group, title, short, drawing } = entry;
  return { slug, group, title, short, drawing, photo: chosenPhoto(context, entry.photo) };
}
