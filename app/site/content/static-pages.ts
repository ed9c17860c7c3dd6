/** The pages served by the /{page} route. */
export const staticPageSlugs = ["faq", "privacy", "term"] as const;

export type StaticPageSlug = (typeof staticPageSlugs)[number];

export function isStaticPageSlug(value: string): value is StaticPageSlug {
  return (staticPageSlugs as readonly string[]).includes(value);
}
