import { describe, expect, test } from "vitest";
import { contentSeeds } from "./content-seeds.ts";
import { CONTENT_ITEM_IDS, itemProblems } from "./server/content/items.ts";
import { serviceContent } from "./service-content.server.ts";

describe("the seeds a fresh database starts from", () => {
  test("pass every check their items have, links to the site's pages included", () => {
    const pages = new Set(serviceContent.pages(contentSeeds.services.services));
    const photos = new Set(serviceContent.sitePhotos);
    const facts = { isPage: (path: string) => pages.has(path), isPhoto: (id: string) => photos.has(id) };
    for (const item of CONTENT_ITEM_IDS) expect(itemProblems(item, contentSeeds[item], facts), item).toEqual([]);
  });
});
