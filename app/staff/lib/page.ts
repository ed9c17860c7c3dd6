import type { MetaDescriptor } from "react-router";
import { documentTitle } from "../../site/lib/meta.ts";

/**
 * A staff page's own headers: a refusal's Retry-After passed on, and any
 * extra. That no browser or proxy stores a staff answer, and no search engine
 * indexes one, is said for every address under /inbox in one place, before
 * any route runs (server/http-app.ts, staffAreaHeaders).
 */
export function staffPageHeaders(actionHeaders?: Headers, extra: Record<string, string> = {}): Headers {
  const headers = new Headers(extra);
  const retryAfter = actionHeaders?.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

/** A staff page's title, and no description, card or structured data: it is for no one outside. */
export function staffPageMeta(title: string): MetaDescriptor[] {
  return [{ title: documentTitle(title) }, { name: "robots", content: "noindex, nofollow" }];
}
