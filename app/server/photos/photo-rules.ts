/**
 * What the site takes as a photograph and what it makes of one: the rules
 * the build applies to the photographs in the site's files (vite/) and the
 * photo library to those the company uploads (photo-library.server.ts).
 * Refusals are ids with their figures; the staff area words them.
 */

/** Larger than any phone's full-size JPEG (2–12 MB), small enough to catch a scan or an uncompressed export. */
export const photoSizeLimit = 25 * 1024 * 1024;

/**
 * The most pixels a photograph may have: 50 megapixels. The full-resolution
 * mode of a current phone's main camera (8064 × 6048, 8160 × 6120) fits; a
 * 108 or 200 MP mode, a stitched panorama or a print scan does not, nor a
 * small file that claims a vast picture (a decompression bomb). Decoded, a
 * photograph at the limit takes about 200 MB, which one instance of the
 * server can spare for the one photograph it works on at a time.
 */
export const photoPixelLimit = 50_000_000;

/**
 * The widths each photograph is offered at, in pixels. The widest slot is a
 * service page's picture, 640 CSS px (40rem), so 1280 serves it sharp on a
 * 2× screen; the steps between let a phone (a card or page picture 343 CSS px
 * wide at 375 px, 686 at 2×; 380 at 412 px, 665 at 1.75×) and a desktop card
 * (270–400 CSS px) each take a file not much larger than they show.
 */
export const layoutWidths = [320, 480, 640, 720, 800, 960, 1280] as const;

/** The widths to make of a photograph `sourceWidth` pixels wide: never wider than it, and its own width when that is less than the widest. */
export function variantWidths(sourceWidth: number): number[] {
  const widths: number[] = layoutWidths.filter((width) => width < sourceWidth);
  const widest = Math.min(sourceWidth, Math.max(...layoutWidths));
  if (!widths.includes(widest)) widths.push(widest);
  return widths;
}

/**
 * How each format is encoded. Quality chosen by eye on the sample photograph
 * at 2×: the lowest at which printed lines and the board's grain stay clean
 * (AVIF 45 looks as 50 does and keeps a phone's 720 px file under one round
 * trip's 14 KB). The fallback is for old browsers only, so its size matters
 * less than its look. The same settings for the build's photographs and the
 * library's keep both within the pages' image budget.
 */
export const photoEncoding = {
  avif: { quality: 45, effort: 4 },
  webp: { quality: 72, effort: 4 },
  jpeg: { quality: 76, mozjpeg: true },
  png: { compressionLevel: 9 },
} as const;

export type PhotoFormat = keyof typeof photoEncoding;

export const photoFormatExtension: Record<PhotoFormat, string> = {
  avif: "avif",
  webp: "webp",
  jpeg: "jpg",
  png: "png",
};

export const photoFormatType = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
  png: "image/png",
} as const satisfies Record<PhotoFormat, string>;

/** The formats a photograph may come in, decided by its first bytes. */
export type PhotoKind = "jpeg" | "png" | "webp" | "avif";

/** How many of a file's first bytes sniffPhotoKind needs: AVIF's brands may run to a few dozen. */
export const PHOTO_HEAD_BYTES = 64;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const AVIF_BRANDS = new Set(["avif", "avis"]);

/** The format a file's first bytes announce, when it is one a photograph may be in; its name plays no part. */
export function sniffPhotoKind(head: Uint8Array): PhotoKind | undefined {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  if (PNG_SIGNATURE.every((byte, index) => head[index] === byte)) return "png";
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WEBP") return "webp";
  if (ascii(head, 4, 8) === "ftyp" && ftypBrands(head).some((brand) => AVIF_BRANDS.has(brand))) return "avif";
  return undefined;
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return bytes.length < end ? "" : String.fromCharCode(...bytes.subarray(start, end));
}

/** An ISO media file's major brand and compatible brands, as far as the head holds them (HEIC's are "heic", "mif1"…). */
function ftypBrands(head: Uint8Array): string[] {
  const boxSize = ((head[0] ?? 0) << 24) | ((head[1] ?? 0) << 16) | ((head[2] ?? 0) << 8) | (head[3] ?? 0);
  const end = Math.min(boxSize, head.length);
  const brands = [ascii(head, 8, 12)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(head, at, at + 4));
  return brands;
}

/** Where a photograph of the library is shown. */
export const PHOTO_PLACES = ["service", "hero", "about"] as const;

export type PhotoPlace = (typeof PHOTO_PLACES)[number];

export function isPhotoPlace(value: unknown): value is PhotoPlace {
  return typeof value === "string" && (PHOTO_PLACES as readonly string[]).includes(value);
}

/**
 * The widest each place's picture is shown, in CSS pixels, as its stylesheet
 * lays it out: a service page's picture 40rem (service-detail.css; its cards
 * are narrower), the hero's 35rem (home.css), the about page's 48rem (about.css).
 */
const slotWidths: Record<PhotoPlace, number> = { service: 640, hero: 560, about: 768 };

/** The proportions the site crops a picture to (service-detail.css and the cards: 4 / 3, around the focal point). */
const SLOT_ASPECT = 4 / 3;

/**
 * The smallest photograph a place takes: as wide as the layout width that
 * covers its slot, so the picture is never enlarged on a screen of one pixel
 * per CSS pixel (a phone at 2× takes the widest file there is), and tall
 * enough to fill the slot cropped to 4 : 3. Service 640 × 480, hero 640 × 480,
 * about 800 × 600.
 */
export function placeMinimum(place: PhotoPlace): { width: number; height: number } {
  const slot = slotWidths[place];
  const width = layoutWidths.find((layout) => layout >= slot) ?? Math.max(...layoutWidths);
  return { width, height: Math.round(width / SLOT_ASPECT) };
}

/** Why an upload is not taken into the library, with what the words for it need. */
export type PhotoRefusal =
  | { refusal: "no-file" }
  | { refusal: "not-a-photo" }
  | { refusal: "too-many-bytes"; bytes: number; limit: number }
  | { refusal: "too-many-pixels"; width: number; height: number; limit: number }
  | {
      refusal: "too-small";
      place: PhotoPlace;
      width: number;
      height: number;
      minimum: { width: number; height: number };
    };

export type PhotoRefusalId = PhotoRefusal["refusal"];

/** A file's kind from its first bytes and its size, or why it cannot be a photograph. */
export function photoFileRefusal(bytes: number, head: Uint8Array): PhotoRefusal | { kind: PhotoKind } {
  if (bytes === 0) return { refusal: "no-file" };
  if (bytes > photoSizeLimit) return { refusal: "too-many-bytes", bytes, limit: photoSizeLimit };
  const kind = sniffPhotoKind(head);
  return kind ? { kind } : { refusal: "not-a-photo" };
}

/** Whether a photograph of this size (upright, as it is shown) suits the place; why not, if not. */
export function photoSizeRefusal(place: PhotoPlace, size: { width: number; height: number }): PhotoRefusal | undefined {
  const { width, height } = size;
  if (width * height > photoPixelLimit) return { refusal: "too-many-pixels", width, height, limit: photoPixelLimit };
  const minimum = placeMinimum(place);
  if (width < minimum.width || height < minimum.height) return { refusal: "too-small", place, width, height, minimum };
  return undefined;
}

/** The public address of the library's photograph files; each is immutable, its name made from its content. */
export const photosPath = "/photos";

/** A library photograph's id: a hash of its content and of what its files are made with. */
const PHOTO_ID = /^[0-9a-f]{16}$/;

export function isPhotoId(value: unknown): value is string {
  return typeof value === "string" && PHOTO_ID.test(value);
}

/** The name of one file of a library photograph: "<id>-<width>.<extension>". */
export function photoFileName(id: string, width: number, format: PhotoFormat): string {
  return `${id}-${width}.${photoFormatExtension[format]}`;
}

const FILE_NAME = /^([0-9a-f]{16})-([1-9][0-9]{0,4})\.(avif|webp|jpg)$/;
const formatOfExtension: Record<string, PhotoFormat> = { avif: "avif", webp: "webp", jpg: "jpeg" };

/** A file name as photoFileName writes it, read back; undefined for any other. */
export function readPhotoFileName(name: string): { id: string; width: number; format: PhotoFormat } | undefined {
  const match = FILE_NAME.exec(name);
  const format = match?.[3] === undefined ? undefined : formatOfExtension[match[3]];
  if (!match?.[1] || !match[2] || !format) return undefined;
  return { id: match[1], width: Number(match[2]), format };
}

/** The upload form's fields: the place it is for, then the file. */
export const photoFormFields = { place: "place", file: "photo" } as const;
