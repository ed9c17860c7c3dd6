import type { Photo } from "./photo.ts";
import { photoAlts } from "./photo-alts.ts";
import cakeBoxes from "./photos/cake-boxes.jpg?photo";

type NamedPhoto = {
  image: Photo;
  /** What the photograph shows, for visitors who cannot see it. */
  alt: string;
};

/**
 * The photographs the site shows, by the name the catalog uses for them. Each
 * is a JPEG or PNG in ./photos (at most 25 MB; the build makes the small
 * files visitors download). They are kept out of the catalog itself so that
 * the header's script, which reads the catalog, never carries them.
 */
export const photos = {
  "cake-boxes": {
    image: cakeBoxes,
    alt: photoAlts["cake-boxes"],
  },
} satisfies Record<keyof typeof photoAlts, NamedPhoto>;

export type { PhotoName } from "./photo-alts.ts";
