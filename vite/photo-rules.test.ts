import { describe, expect, test } from "vitest";
import { photoSizeLimit } from "../app/server/photos/photo-rules.ts";
import { photoProblem } from "./photo-rules.ts";

const jpegHead = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]);
const pngHead = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const bmpHead = new Uint8Array([0x42, 0x4d, 0x36, 0x00, 0x0c, 0, 0, 0]);
const megabyte = 1024 * 1024;

describe("photoProblem", () => {
  test("takes a JPEG or a PNG of any size up to the limit, whatever the extension's case", () => {
    expect(photoProblem("photos/box.jpg", 4 * megabyte, jpegHead)).toBeUndefined();
    expect(photoProblem("photos/box.JPEG", photoSizeLimit, jpegHead)).toBeUndefined();
    expect(photoProblem("photos/box.png", 12 * megabyte, pngHead)).toBeUndefined();
  });

  test("refuses a file in another format, naming it and saying what to do", () => {
    for (const file of ["photos/scan.bmp", "photos/phone.heic", "photos/box.webp", "photos/box"]) {
      const problem = photoProblem(file, megabyte, bmpHead);
      expect(problem, file).toContain(file);
      expect(problem, file).toContain("JPEG");
    }
    expect(photoProblem("photos/scan.bmp", megabyte, bmpHead)).toMatch(/\.bmp file/);
  });

  test("refuses a file over 25 MB, naming it and its size", () => {
    const problem = photoProblem("photos/big.jpg", 30 * megabyte, jpegHead);
    expect(problem).toContain("photos/big.jpg is 30.0 MB");
    expect(problem).toContain("at most 25.0 MB");
  });

  test("refuses a file whose contents are not what its name says", () => {
    expect(photoProblem("photos/scan.jpg", megabyte, bmpHead)).toMatch(
      /photos\/scan\.jpg ends in \.jpg but is not a JPEG/,
    );
    expect(photoProblem("photos/box.png", megabyte, jpegHead)).toMatch(/not a PNG inside \(it is a JPEG\)/);
  });
});
