/** One file of a photograph: its address and its width in pixels. */
export type PhotoVariant = { src: string; width: number };

/**
 * A photograph as the site renders it: AVIF and WebP at the widths the
 * layout needs, a format every browser reads as the fallback, and a colour
 * to show until the file arrives. The build makes one of each photograph in
 * the site's files (vite/photo-plugin.ts); the photo library makes one of
 * each photograph the company uploads (photo-library.server.ts). One shape,
 * so one component renders both.
 */
export type Photo = {
  /** The widest file's size in pixels, which gives the picture its proportions before it loads. */
  width: number;
  height: number;
  /** The photograph's dominant colour, as CSS. */
  color: string;
  avif: readonly PhotoVariant[];
  webp: readonly PhotoVariant[];
  fallback: { type: "image/jpeg" | "image/png"; variants: readonly PhotoVariant[] };
};
