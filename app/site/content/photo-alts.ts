/**
 * What each photograph in ./photos shows, by its name, for visitors who cannot
 * see it. Apart from photos.ts, whose imports only the build can read, so that
 * the content the store is seeded from (npm run content) can name them too.
 */
export const photoAlts = {
  "cake-boxes": "Printed cake boxes with clear windows and orange ribbons, stacked on a wooden counter",
} as const;

export type PhotoName = keyof typeof photoAlts;
