import { describe, expect, test } from "vitest";
import {
  layoutWidths,
  PHOTO_PLACES,
  photoFileName,
  photoFileRefusal,
  photoPixelLimit,
  photoSizeLimit,
  photoSizeRefusal,
  placeMinimum,
  readPhotoFileName,
  sniffPhotoKind,
  variantWidths,
} from "./photo-rules.ts";

const bytesOf = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? [...part].map((c) => c.charCodeAt(0)) : part)));

const jpegHead = bytesOf([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], "JFIF");
const pngHead = bytesOf([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], "IHDR");
const webpHead = bytesOf("RIFF", [0x24, 0, 0, 0], "WEBPVP8 ");
/** An ISO media file's first box: its size, "ftyp", the major brand, a version, then compatible brands. */
const ftyp = (major: string, ...compatible: string[]) =>
  bytesOf([0, 0, 0, 16 + 4 * compatible.length], "ftyp", major, [0, 0, 0, 0], compatible.join(""));
const megabyte = 1024 * 1024;

describe("the kind of a file, from its first bytes", () => {
  test("JPEG, PNG, WebP and AVIF are recognised", () => {
    expect(sniffPhotoKind(jpegHead)).toBe("jpeg");
    expect(sniffPhotoKind(pngHead)).toBe("png");
    expect(sniffPhotoKind(webpHead)).toBe("webp");
    expect(sniffPhotoKind(ftyp("avif", "mif1", "avif", "miaf"))).toBe("avif");
    // Some encoders name AVIF only among the compatible brands.
    expect(sniffPhotoKind(ftyp("mif1", "avif"))).toBe("avif");
    expect(sniffPhotoKind(ftyp("avis", "avis", "msf1"))).toBe("avif");
  });

  test("a phone's HEIC, a video, a GIF, a PDF, text and nothing at all are not", () => {
    expect(sniffPhotoKind(ftyp("heic", "mif1", "heic"))).toBeUndefined();
    expect(sniffPhotoKind(ftyp("isom", "isom", "mp41"))).toBeUndefined();
    expect(sniffPhotoKind(bytesOf("GIF89a"))).toBeUndefined();
    expect(sniffPhotoKind(bytesOf("%PDF-1.7"))).toBeUndefined();
    expect(sniffPhotoKind(bytesOf("Not a photo, though named photo.jpg"))).toBeUndefined();
    expect(sniffPhotoKind(bytesOf("RIFF", [0, 0, 0, 0], "WAVEfmt "))).toBeUndefined();
    expect(sniffPhotoKind(new Uint8Array())).toBeUndefined();
  });

  test("a brand past the first box's end does not count", () => {
    const head = ftyp("mif1", "heic");
    const followed = new Uint8Array([...head, ...bytesOf([0, 0, 0, 8], "avif")]);
    expect(sniffPhotoKind(followed)).toBeUndefined();
  });
});

describe("a file's size and kind", () => {
  test("a photograph of any kind up to 25 MB is taken", () => {
    expect(photoFileRefusal(4 * megabyte, jpegHead)).toEqual({ kind: "jpeg" });
    expect(photoFileRefusal(photoSizeLimit, avifOf())).toEqual({ kind: "avif" });
  });

  test("a larger one is refused with its size and the limit, before its content matters", () => {
    expect(photoFileRefusal(photoSizeLimit + 1, jpegHead)).toEqual({
      refusal: "too-many-bytes",
      bytes: photoSizeLimit + 1,
      limit: 25 * megabyte,
    });
  });

  test("a file that is not a photograph is refused whatever its name, and an empty one is no file", () => {
    expect(photoFileRefusal(100, bytesOf("hello"))).toEqual({ refusal: "not-a-photo" });
    expect(photoFileRefusal(0, new Uint8Array())).toEqual({ refusal: "no-file" });
  });

  function avifOf() {
    return ftyp("avif", "mif1");
  }
});

describe("each place's smallest photograph", () => {
  test("follows the layout: as wide as the layout width that covers its slot, and 4 : 3", () => {
    expect(placeMinimum("service")).toEqual({ width: 640, height: 480 });
    expect(placeMinimum("hero")).toEqual({ width: 640, height: 480 });
    expect(placeMinimum("about")).toEqual({ width: 800, height: 600 });
    for (const place of PHOTO_PLACES) {
      expect(layoutWidths as readonly number[], place).toContain(placeMinimum(place).width);
    }
  });

  test("a photograph at the minimum is taken; a pixel less either way is refused with both sizes", () => {
    expect(photoSizeRefusal("about", { width: 800, height: 600 })).toBeUndefined();
    expect(photoSizeRefusal("about", { width: 799, height: 2000 })).toEqual({
      refusal: "too-small",
      place: "about",
      width: 799,
      height: 2000,
      minimum: { width: 800, height: 600 },
    });
    expect(photoSizeRefusal("service", { width: 4000, height: 479 })).toMatchObject({ refusal: "too-small" });
    // Fits a service, not the about page.
    expect(photoSizeRefusal("service", { width: 700, height: 525 })).toBeUndefined();
    expect(photoSizeRefusal("about", { width: 700, height: 525 })).toMatchObject({ refusal: "too-small" });
  });

  test("a phone's 48 MP photograph is taken; 60 MP is refused for its pixels, whatever the place", () => {
    expect(photoSizeRefusal("hero", { width: 8064, height: 6048 })).toBeUndefined();
    for (const place of PHOTO_PLACES) {
      expect(photoSizeRefusal(place, { width: 10_000, height: 6000 })).toEqual({
        refusal: "too-many-pixels",
        width: 10_000,
        height: 6000,
        limit: photoPixelLimit,
      });
    }
    expect(photoPixelLimit).toBeLessThan(60_000_000);
  });
});

describe("variantWidths", () => {
  test("a phone's photograph gets every width the layout uses", () => {
    expect(variantWidths(4000)).toEqual([...layoutWidths]);
    expect(variantWidths(1280)).toEqual([...layoutWidths]);
  });

  test("a smaller photograph is never enlarged, and is offered at its own width", () => {
    expect(variantWidths(1000)).toEqual([320, 480, 640, 720, 800, 960, 1000]);
    expect(variantWidths(640)).toEqual([320, 480, 640]);
    expect(variantWidths(200)).toEqual([200]);
  });
});

describe("the files' names", () => {
  const id = "0123456789abcdef";

  test("are read back as written", () => {
    expect(photoFileName(id, 640, "avif")).toBe(`${id}-640.avif`);
    expect(readPhotoFileName(photoFileName(id, 640, "avif"))).toEqual({ id, width: 640, format: "avif" });
    expect(readPhotoFileName(photoFileName(id, 1280, "jpeg"))).toEqual({ id, width: 1280, format: "jpeg" });
    expect(readPhotoFileName(`${id}-320.webp`)).toEqual({ id, width: 320, format: "webp" });
  });

  test("anything else names no file", () => {
    for (const name of [
      `${id}-640.png`,
      `${id}-640.AVIF`,
      `${id.toUpperCase()}-640.avif`,
      `${id}-0640.avif`,
      `${id}-640.avif/`,
      `${id}0-640.avif`,
      `../${id}-640.avif`,
      `${id}-640.avif.json`,
      `${id}.avif`,
      "",
    ]) {
      expect(readPhotoFileName(name), name).toBeUndefined();
    }
  });
});
