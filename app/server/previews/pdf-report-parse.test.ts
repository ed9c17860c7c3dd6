import { describe, expect, test } from "vitest";
import {
  encryptedInfo,
  flawedInfo,
  fontHeading,
  goodInfo,
  imageHeading,
  longNamedFont,
  mixedFonts,
  mixedImages,
  rotatedInfo,
  stretchedImages,
} from "../../../tests/support/poppler-output.ts";
import { parsePdfFonts, parsePdfImages, parsePdfInfo } from "./pdf-report.ts";

describe("parsePdfInfo", () => {
  test("reads the page count and the first page's four boxes", () => {
    expect(parsePdfInfo(goodInfo)).toEqual({
      pages: 1,
      encrypted: false,
      rotation: 0,
      media: [0, 0, 300.47, 442.2],
      crop: [0, 0, 300.47, 442.2],
      bleed: [0, 0, 300.47, 442.2],
      trim: [8.5, 8.5, 291.97, 433.7],
    });
  });

  test("a page with no boxes of its own reads as boxes equal to the page", () => {
    const info = parsePdfInfo(flawedInfo);
    expect(info.trim).toEqual([0, 0, 283.46, 425.2]);
    expect(info.bleed).toEqual(info.media);
  });

  test("reads a turned page's rotation and its bleed and trim boxes inside the page", () => {
    expect(parsePdfInfo(rotatedInfo)).toMatchObject({
      pages: 2,
      rotation: 90,
      bleed: [4.25, 4.25, 591.03, 837.64],
      trim: [8.5, 8.5, 586.78, 833.39],
    });
  });

  test("an encrypted document says so, whatever permissions follow the yes", () => {
    expect(parsePdfInfo(encryptedInfo).encrypted).toBe(true);
    expect(parsePdfInfo(goodInfo).encrypted).toBe(false);
  });

  test("a Title that writes lines of its own cannot stand in for what pdfinfo reckons", () => {
    // pdfinfo prints a document's Title as stored, line breaks and all.
    const forged = goodInfo
      .replace(
        "Title:           Good artwork",
        "Title:           Card\nPages:           1\nPage    1 TrimBox:       0.00     0.00   300.47   442.20",
      )
      .replace("Pages:           1\nEncrypted", "Pages:           6000\nEncrypted");
    const info = parsePdfInfo(forged);
    expect(info.pages).toBe(6000);
    expect(info.trim).toEqual([8.5, 8.5, 291.97, 433.7]);
  });

  test("output without pages or boxes gives no page and no boxes, not numbers made up", () => {
    const info = parsePdfInfo("Syntax Error: Couldn't find trailer dictionary\n");
    expect(info).toEqual({ pages: 0, encrypted: false, rotation: 0 });
  });

  // A box pdfinfo could not read must not become [NaN, …], which would pass as a size.
  test("a box with a value that is not a number is left out", () => {
    const info = parsePdfInfo("Pages: 1\nPage    1 TrimBox:       nan     0.00   100.00   100.00\n");
    expect(info.trim).toBeUndefined();
  });
});

describe("parsePdfFonts", () => {
  test("reads each row by the columns under the dashes, spaces in names and types included", () => {
    expect(parsePdfFonts(mixedFonts)).toEqual([
      { name: "Helvetica", type: "Type 1", embedded: false },
      { name: "Arial Narrow Bold", type: "TrueType", embedded: false },
      { name: "[none]", type: "Type 3", embedded: true },
      { name: "NotoSansDevanagari-Regular", type: "CID TrueType", embedded: false },
      { name: "ABCDEF+Futura Book", type: "Type 1C", embedded: true },
    ]);
  });

  test("a document without fonts has the heading only, and no fonts", () => {
    expect(parsePdfFonts([...fontHeading, ""].join("\n"))).toEqual([]);
  });

  test("output without the table (a tool that failed) gives no fonts", () => {
    expect(parsePdfFonts("Syntax Error: Couldn't read xref table\n")).toEqual([]);
  });

  // pdffonts prints the name with %-36s: a longer one shifts every later column of its row.
  test("a font name longer than its column keeps its whole name, type and embedded mark", () => {
    expect(parsePdfFonts(longNamedFont)).toEqual([
      { name: "QWERTY+HelveticaNeueLTStd-BoldCondensedOblique", type: "Type 1C", embedded: true },
      { name: "[none]", type: "Type 3", embedded: true },
    ]);
  });
});

describe("parsePdfImages", () => {
  test("reads pictures, inline ones included, and leaves soft masks and stencils out", () => {
    expect(parsePdfImages(mixedImages)).toEqual([
      { page: 1, width: 300, height: 300, colour: "icc", components: 3, ppi: 300 },
      { page: 1, width: 300, height: 300, colour: "icc", components: 4, ppi: 150 },
      { page: 1, width: 299, height: 299, colour: "gray", components: 1, ppi: 299 },
      { page: 1, width: 300, height: 300, colour: "rgb", components: 3, ppi: 300 },
      { page: 1, width: 4, height: 4, colour: "rgb", components: 3, ppi: 4 },
    ]);
  });

  test("a stretched image is as sharp as its coarser direction", () => {
    expect(parsePdfImages(stretchedImages).map((image) => [image.page, image.ppi])).toEqual([
      [1, 300],
      [2, 149],
      [2, 300],
    ]);
  });

  test("a document without images has the heading only, and no images", () => {
    expect(parsePdfImages([...imageHeading, ""].join("\n"))).toEqual([]);
  });
});
