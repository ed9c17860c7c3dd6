import type { MetaDescriptor } from "react-router";
import { documentTitle } from "../../site/lib/meta.ts";

/**
 * Headers of every staff sign-in page: never stored by a browser or proxy
 * (a shared computer's back button must not show them), never indexed, and
 * a refusal's Retry-After passed on.
 */
export function staffPageHeaders(actionHeaders?: Headers, extra: Record<string, string> = {}): Headers {
  const headers = new Headers({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow", ...extra });
  const retryAfter = actionHeaders?.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

/** A staff page's title, and no description, card or structured data: it is for no one outside. */
export function staffPageMeta(title: string): MetaDescriptor[] {
  return [{ title: documentTitle(title) }, { name: "robots", content: "noindex, nofollow" }];
}
