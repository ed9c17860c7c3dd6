import { type PhotoName, photos } from "../../content/photos.ts";
import { Photo, type PhotoPriority } from "../ui/photo.tsx";

type CatalogPhotoProps = {
  name: PhotoName;
  /** How wide the picture is shown, as in its stylesheet (see Photo). */
  sizes: string;
  className?: string;
  priority?: PhotoPriority;
  /** Beside words that already say what it shows, where a description would only repeat them. */
  decorative?: boolean;
};

/** A photograph of photos.ts, described by the words given with it there. */
export function CatalogPhoto({ name, sizes, className, priority, decorative = false }: CatalogPhotoProps) {
  const { image, alt } = photos[name];
  return <Photo photo={image} alt={decorative ? "" : alt} sizes={sizes} className={className} priority={priority} />;
}
