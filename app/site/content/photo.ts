/** One file of a photograph: its address and its width in pixels. */
export type PhotoVariant = { src: string; width: number };

/**
 * A photograph as the build delivers it (vite/photo-plugin.ts), from a
 * JPEG or PNG imported with `?photo`: AVIF and WebP at the widths the layout
 * needs, the original format for browsers that read neither, and a colour to
 * show until the file arrives.
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
