import type { Photo as PhotoFiles, PhotoVariant } from "../../content/photo.ts";

/**
 * "first-view": the picture a visitor sees first, fetched at once and before other images.
 * "eager": above the fold, fetched at once. "lazy": fetched when scrolled near.
 */
export type PhotoPriority = "first-view" | "eager" | "lazy";

type PhotoProps = {
  photo: PhotoFiles;
  alt: string;
  /** How wide the picture is shown at each viewport width, as in its stylesheet, so the browser picks the file before layout. */
  sizes: string;
  className?: string;
  priority?: PhotoPriority;
  /** The point to keep in view where the layout crops the picture, in percent across and down. */
  focus?: { x: number; y: number } | undefined;
};

/**
 * A photograph in the formats the build made of it: AVIF where the browser
 * reads it, WebP where not, else the original format; each at the width that
 * fits. Its size is in the HTML, so nothing moves when it arrives, and its
 * dominant colour fills the space until then.
 */
export function Photo({ photo, alt, sizes, className, priority = "lazy", focus }: PhotoProps) {
  const fallback = photo.fallback.variants;
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(photo.avif)} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(photo.webp)} sizes={sizes} />
      <img
        className={className}
        src={defaultVariant(fallback).src}
        srcSet={srcSet(fallback)}
        sizes={sizes}
        width={photo.width}
        height={photo.height}
        alt={alt}
        {...fetchAttributes(priority)}
        style={{
          backgroundColor: photo.color,
          ...(focus && { objectPosition: `${focus.x}% ${focus.y}%` }),
        }}
      />
    </picture>
  );
}

/** How the browser fetches and paints a picture of this priority, photograph or drawing. */
export function fetchAttributes(priority: PhotoPriority) {
  const firstView = priority === "first-view";
  return {
    loading: priority === "lazy" ? "lazy" : "eager",
    // The first view's picture is painted as soon as it arrives; the others may wait for the main thread.
    decoding: firstView ? undefined : "async",
    fetchPriority: firstView ? "high" : undefined,
  } as const;
}

export function srcSet(variants: readonly PhotoVariant[]): string {
  return variants.map((variant) => `${variant.src} ${variant.width}w`).join(", ");
}

/** For a browser that reads no srcset: a file sharp enough for a phone, small enough for a slow line. */
export function defaultVariant(variants: readonly PhotoVariant[]): PhotoVariant {
  const chosen = variants.find((variant) => variant.width >= 640) ?? variants[variants.length - 1];
  if (!chosen) throw new Error("A photograph without files");
  return chosen;
}
