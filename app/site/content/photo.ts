/**
 * A photograph as the site renders it: the domain's shape (app/server/photos/photo.ts),
 * which the build makes of a JPEG or PNG imported with `?photo` (vite/photo-plugin.ts)
 * and the photo library of each photograph the company uploads.
 */
export type { Photo, PhotoVariant } from "../../server/photos/photo.ts";
