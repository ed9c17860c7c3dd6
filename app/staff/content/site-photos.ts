import type { PhotoPlace, PhotoRefusal, PhotoRefusalId } from "../../server/photos/photo-rules.ts";

/** The words of the photo library's page, where staff upload the site's photographs. */

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const megapixels = (pixels: number) => `${Math.round(pixels / 1_000_000)} megapixels`;
const size = (width: number, height: number) => `${width} × ${height} px`;

const placeNames: Record<PhotoPlace, string> = {
  service: "A service",
  hero: "The home page's hero",
  about: "The about page",
};

/** Each place's name as a sentence says it: "a service needs…". */
const placeInSentence: Record<PhotoPlace, string> = {
  service: "a service's photo",
  hero: "the home page's hero",
  about: "the about page's photo",
};

const refusals: { [Id in PhotoRefusalId]: (refusal: Extract<PhotoRefusal, { refusal: Id }>) => string } = {
  "no-file": () => "Choose a photo to upload.",
  "not-a-photo": () =>
    "This file is not a photo the site can use. Choose a JPEG, PNG, WebP or AVIF photo (a phone's HEIC photo: share it as JPEG first).",
  "too-many-bytes": ({ limit }) =>
    `This file is larger than ${megabytes(limit)}. Export the photo again as a JPEG at about 85 % quality, which is a few MB.`,
  "too-many-pixels": ({ width, height, limit }) =>
    `This photo is ${size(width, height)}, more than ${megapixels(limit)}. Save a smaller copy (4000 px wide is plenty) and upload that.`,
  "too-small": ({ place, width, height, minimum }) =>
    `This photo is ${size(width, height)}; ${placeInSentence[place]} needs at least ${size(minimum.width, minimum.height)}, or it shows blurred. Choose a larger photo.`,
};

export const sitePhotosText = {
  title: "Photos",
  places: placeNames,
  heading: "Photos",
  intro:
    "The photographs the site can show. Upload one for the place it goes; the site makes the small files visitors download from it, once. A photo shows on the site once an item uses it and is published.",
  linkFromSite: "Photos: upload and see the site's photographs",
  backToSite: "Back to the site's content",
  formHeading: "Upload a photo",
  place: {
    label: "Where it goes",
    hint: "A photo smaller than its place needs is refused: it would show blurred.",
    option: (place: PhotoPlace, minimum: { width: number; height: number }) =>
      `${placeNames[place]} (at least ${size(minimum.width, minimum.height)})`,
  },
  file: {
    label: "Photo",
    hint: (limitBytes: number, limitPixels: number) =>
      `A JPEG, PNG, WebP or AVIF photo, at most ${megabytes(limitBytes)} and ${megapixels(limitPixels)}.`,
  },
  upload: "Upload the photo",
  libraryHeading: "In the library",
  empty: "No photos yet. The site shows the drawings and photos it was built with.",
  dimensions: (width: number, height: number) => `Served up to ${size(width, height)}`,
  uploaded: (when: string, by: string | null) => `Uploaded ${when}${by ? ` by ${by}` : ""}`,
  unreadable: "The form could not be read. Please reload the page and try again.",
  notices: {
    uploaded: "Photo uploaded. It is in the library below.",
    already: "That photo is in the library already, for that place.",
  } as const,
  refusal: (refusal: PhotoRefusal): string => (refusals[refusal.refusal] as (refusal: PhotoRefusal) => string)(refusal),
};

export type SitePhotosNotice = keyof typeof sitePhotosText.notices;
