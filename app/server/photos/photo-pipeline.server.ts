import { createHash } from "node:crypto";
import sharp, { type OutputInfo, type Sharp } from "sharp";
import {
  layoutWidths,
  type PhotoFormat,
  type PhotoKind,
  photoEncoding,
  photoPixelLimit,
  variantWidths,
} from "./photo-rules.ts";

/**
 * What becomes of a photograph, with sharp: decoded once (upright, in sRGB,
 * without the camera's metadata, a phone's location among it) and encoded at
 * each width of the layout in each format, with the settings of
 * photo-rules.ts. The build's photo step (vite/photo-plugin.ts) and the photo
 * library both make their files here, so an uploaded photograph and one in
 * the site's files come out alike.
 */

/** A photograph decoded, turned upright and scaled to its widest file, for every file to be made from. */
export type DecodedPhoto = {
  widths: number[];
  pixels: Buffer;
  info: OutputInfo;
  /** Its dominant colour, as CSS. */
  color: string;
};

/**
 * A file's format and its size as shown (upright), read from its header
 * alone: nothing is decoded, so a file claiming a vast picture is measured,
 * not unpacked. Undefined when sharp cannot read it as a picture.
 */
export async function readPhotoHeader(
  bytes: Buffer,
): Promise<{ kind: PhotoKind | undefined; width: number; height: number } | undefined> {
  try {
    // The header only: the pixel limit applies where pixels are decoded (decodePhoto).
    const { format, compression, autoOrient } = await sharp(bytes, { limitInputPixels: false }).metadata();
    return { kind: kindOf(format, compression), width: autoOrient.width, height: autoOrient.height };
  } catch {
    return undefined;
  }
}

function kindOf(format: string, compression: string | undefined): PhotoKind | undefined {
  if (format === "jpeg" || format === "png" || format === "webp") return format;
  // AVIF is HEIF holding AV1; HEIF holding HEVC (a phone's HEIC) is not taken.
  if (format === "heif" && compression === "av1") return "avif";
  return undefined;
}

/**
 * Decodes a photograph once for all its files. More pixels than
 * photoPixelLimit are refused by libvips from the header, before any is
 * decoded; a damaged file fails here too.
 */
export async function decodePhoto(bytes: Buffer): Promise<DecodedPhoto> {
  const input = { limitInputPixels: photoPixelLimit };
  const { autoOrient } = await sharp(bytes, input).metadata();
  const widths = variantWidths(autoOrient.width);
  const widest = Math.max(...widths);
  const { data, info } = await sharp(bytes, input)
    .autoOrient()
    .resize({ width: widest })
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { dominant } = await sharp(data, { raw: info }).stats();
  const hex = [dominant.r, dominant.g, dominant.b].map((channel) => channel.toString(16).padStart(2, "0")).join("");
  return { widths, pixels: data, info, color: `#${hex}` };
}

/** One file of a decoded photograph: this width, this format. */
export function encodeVariant(photo: DecodedPhoto, width: number, format: PhotoFormat): Promise<Buffer> {
  return encode(sharp(photo.pixels, { raw: photo.info }).resize({ width }), format).toBuffer();
}

function encode(image: Sharp, format: PhotoFormat): Sharp {
  switch (format) {
    case "avif":
      return image.avif(photoEncoding.avif);
    case "webp":
      return image.webp(photoEncoding.webp);
    case "jpeg":
      // JPEG has no transparency: a PNG's transparent parts become white, not black.
      return image.flatten({ background: "#ffffff" }).jpeg(photoEncoding.jpeg);
    case "png":
      return image.png(photoEncoding.png);
  }
}

/**
 * What every file of a photograph is made with besides its bytes: the
 * settings, the widths and libvips' version. A name made from it and the
 * bytes changes whenever the files would, so each can be cached for ever.
 */
export function photoRecipe(): string {
  return JSON.stringify({ settings: photoEncoding, layoutWidths, vips: sharp.versions.vips });
}

/** The library's id of a photograph uploaded for a place: the files' one hash (photo-rules.ts, isPhotoId). */
export function libraryPhotoId(bytes: Buffer, place: string): string {
  return createHash("sha256").update(photoRecipe()).update(place).update(bytes).digest("hex").slice(0, 16);
}
