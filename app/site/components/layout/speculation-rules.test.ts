import { describe, expect, test } from "vitest";
import { speculationRules } from "./speculation-rules.tsx";

type Where = { href_matches?: string; and?: Where[]; or?: Where[]; not?: Where };

/** The document rules' predicate, as the browser evaluates it for a link's address. */
function matches(where: Where, href: string): boolean {
  if (where.href_matches !== undefined) return new URLPattern(where.href_matches, "https://site.example").test(href);
  if (where.and) return where.and.every((part) => matches(part, href));
  if (where.or) return where.or.some((part) => matches(part, href));
  if (where.not) return !matches(where.not, href);
  throw new Error(`A predicate the test does not know: ${JSON.stringify(where)}`);
}

function prefetched(href: string): boolean {
  const rules = JSON.parse(speculationRules) as { prefetch: { where: Where }[] };
  return rules.prefetch.some((rule) => matches(rule.where, new URL(href, "https://site.example").href));
}

describe("what a hover may prefetch", () => {
  test.each(["/", "/about", "/services/cake", "/contact", "/inboxes"])("%s, a public page", (href) => {
    expect(prefetched(href)).toBe(true);
  });

  test.each(["/inbox", "/inbox/", "/inbox/export.csv?status=new", "/inbox/ENQ-2026-000001", "/inbox/sign-out"])(
    "never %s, in the staff area",
    (href) => {
      expect(prefetched(href)).toBe(false);
    },
  );
});
