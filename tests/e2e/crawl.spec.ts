import { parseServedHtml } from "../support/served-html.ts";
import { sitePages, specServiceSlugs } from "../support/site-pages.ts";
import { expect, test } from "./fixtures.ts";

const MAX_ADDRESSES = 500;

/**
 * Follows every internal link from the home page, as a crawler would: on the
 * served HTML, so links inside closed menus and the footer count as much as
 * the visible ones. Each address is fetched once.
 */
test("every internal link, followed from the home page, ends in 200", async ({ page, request, baseURL }) => {
  test.setTimeout(90_000);
  const origin = new URL(baseURL ?? "http://127.0.0.1").origin;

  /** Address (path and query) → the pages that link to it. */
  const linkedFrom = new Map<string, Set<string>>();
  /** Address with a #fragment → the pages that link to it, checked once the target's ids are known. */
  const fragmentLinks = new Map<string, Set<string>>();
  const idsOn = new Map<string, Set<string>>();
  const dead: string[] = [];
  const redirected: string[] = [];
  const queue: string[] = [];

  const enqueue = (address: string, from: string) => {
    if (!linkedFrom.has(address)) queue.push(address);
    addTo(linkedFrom, address, from);
  };

  async function crawl() {
    while (queue.length > 0) {
      const address = queue.shift() as string;
      if (linkedFrom.size > MAX_ADDRESSES) throw new Error(`Over ${MAX_ADDRESSES} addresses: the crawl runs away`);
      const response = await request.get(address);
      const finalUrl = new URL(response.url());
      if (response.status() !== 200) {
        const from = [...(linkedFrom.get(address) ?? [])].slice(0, 3).join(", ");
        dead.push(`${address} → ${response.status()} (linked from ${from})`);
        continue;
      }
      if (finalUrl.pathname + finalUrl.search !== address) redirected.push(`${address} → ${finalUrl.pathname}`);
      if (finalUrl.origin !== origin || !(response.headers()["content-type"] ?? "").startsWith("text/html")) continue;

      const served = await parseServedHtml(page, await response.text());
      idsOn.set(address, new Set(served.ids));
      for (const href of served.hrefs) {
        const target = new URL(href, finalUrl);
        if (target.origin !== origin) continue; // tel:, mailto:, WhatsApp and social profiles leave the site
        const key = target.pathname + target.search;
        if (target.hash.length > 1) addTo(fragmentLinks, `${key}${target.hash}`, address);
        enqueue(key, address);
      }
    }
  }

  enqueue("/", "(start)");
  await crawl();

  // The home page alone links every service, through its menus and footer: had
  // the crawl seen fewer, it would be missing links and its verdict would mean little.
  const fromHome = [...linkedFrom].filter(([, from]) => from.has("/")).map(([address]) => address);
  expect(
    specServiceSlugs.filter((slug) => !fromHome.includes(`/services/${slug}`)),
    "services the home page does not link",
  ).toEqual([]);

  // A page of the specification that no link reaches still has links of its own to check.
  const unreached = sitePages.map((entry) => entry.path).filter((path) => !linkedFrom.has(path));
  if (unreached.length > 0) {
    test.info().annotations.push({ type: "pages no link leads to", description: unreached.join(", ") });
    for (const path of unreached) enqueue(path, "(the specification)");
    await crawl();
  }

  const missingAnchors = [...fragmentLinks].flatMap(([link, from]) => {
    const [key = "", fragment = ""] = link.split("#");
    const ids = idsOn.get(key);
    if (!ids || ids.has(decodeURIComponent(fragment))) return [];
    return [`${link}: no element with id "${fragment}" (linked from ${[...from].slice(0, 3).join(", ")})`];
  });
  if (redirected.length > 0) {
    test.info().annotations.push({ type: "links that redirect", description: redirected.join("; ") });
  }

  expect(dead, `dead links:\n${dead.join("\n")}`).toEqual([]);
  expect(missingAnchors, `links to a missing anchor:\n${missingAnchors.join("\n")}`).toEqual([]);
});

function addTo(map: Map<string, Set<string>>, key: string, value: string) {
  const set = map.get(key) ?? new Set<string>();
  set.add(value);
  map.set(key, set);
}
