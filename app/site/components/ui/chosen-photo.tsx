import type { PhotoChoice } from "../../../server/content/shapes.ts";
import type { Photo as PhotoFiles } from "../../../server/photos/photo.ts";
import { Photo, type PhotoPriority } from "./photo.tsx";

type ChosenPhotoProps = {
  /** The photo as the item names it: its alt text and focal point. */
  choice: PhotoChoice;
  /** Its files from the library. */
  photo: PhotoFiles;
  sizes: string;
  className?: string;
  priority?: PhotoPriority;
  /** Beside words that already say what it shows, where a description would only repeat them. */
  decorative?: boolean;
};

/** A photograph the company chose from its library for a place of the site, cropped around its focal point. */
export function ChosenPhoto({ choice, photo, sizes, className, priority, decorative = false }: ChosenPhotoProps) {
  return (
    <Photo
      photo={photo}
      alt={decorative ? "" : choice.alt}
      sizes={sizes}
      className={className}
      priority={priority}
      focus={{ x: choice.focusX, y: choice.focusY }}
    />
  );
}
