import { describe, expect, test } from "vitest";
import {
  a4,
  a4Info,
  croppedInfo,
  flawedInfo,
  fontOnTwoPages,
  goodInfo,
  indexedImage,
  landscapeA4Info,
  longNamedFont,
  mixedFonts,
  mixedImages,
  rotatedInfo,
  stretchedImages,
} from "../../../tests/support/poppler-output.ts";
import {
  fontLines,
  imageLines,
  onShownPage,
  type PdfFont,
  type PdfImage,
  type PdfInfo,
  pageLines,
  parsePageBoxes,
  parsePdfFonts,
  parsePdfImages,
  parsePdfInfo,
  rgbImages,
  trimOf,
} from "./pdf-report.ts";
import { defaultPrintCheckSettings } from "./print-settings.ts";
import { check, fine, problem } from "./report.ts";
import type { RequestedSize } from "./requested-size.ts";

describe("pageLines", () => {
  test("a card with its trim box and 3 mm of bleed is fine throughout", () => {
    expect(pageLines(parsePdfInfo(goodInfo), undefined)).toEqual([
      fine("1 page"),
      fine("Trim size 100 × 150 mm (trim box)"),
      fine("Bleed 3 mm on every side"),
    ]);
  });

  test("a page without a trim box is measured as a whole, and its missing bleed is a problem", () => {
    expect(pageLines(parsePdfInfo(flawedInfo), undefined)).toEqual([
      fine("1 page"),
      fine("Trim size 100 × 150 mm (page size; no trim box)"),
      problem("No bleed: the artwork stops at the trim edge; ask for 3 mm bleed on every side"),
    ]);
  });

  test("1.5 mm of bleed is to be checked, and a turned page's width and height swap", () => {
    expect(pageLines(parsePdfInfo(rotatedInfo), undefined)).toEqual([
      fine("2 pages"),
      fine("Trim size 291 × 204 mm (trim box)"),
      check("Bleed only 1.5 mm on one side or more (3 mm is usual)"),
    ]);
  });

  test("the smallest side decides the bleed", () => {
    const info: PdfInfo = {
      pages: 1,
      encrypted: false,
      rotation: 0,
      media: [0, 0, 300, 450],
      // 3 mm (8.5 pt) on three sides, 1 mm (2.83 pt) at the top.
      trim: [8.5, 8.5, 291.5, 447.17],
    };
    expect(pageLines(info, undefined).at(-1)).toEqual(check("Bleed only 1 mm on one side or more (3 mm is usual)"));
  });

  test("the size asked for matches in either orientation", () => {
    expect(pageLines(parsePdfInfo(a4Info), a4)[1]).toEqual(
      fine("Trim size 210 × 297 mm (page size; no trim box): matches the A4 (210 × 297 mm) asked for"),
    );
    expect(pageLines(parsePdfInfo(landscapeA4Info), a4)).toEqual([
      fine("1 page"),
      fine("Trim size 297 × 210 mm (trim box): matches the A4 (210 × 297 mm) asked for"),
      fine("Bleed 3 mm on every side"),
    ]);
  });

  test("within a millimetre is a match, beyond it the request is named", () => {
    const card = parsePdfInfo(goodInfo);
    const near: RequestedSize = { width: 100.9, height: 149.1, label: "100.9 × 149.1 mm" };
    const off: RequestedSize = { width: 98.8, height: 150, label: "98.8 × 150 mm" };
    expect(pageLines(card, near)[1]?.mark).toBe("fine");
    expect(pageLines(card, off)[1]).toEqual(
      check("Trim size 100 × 150 mm (trim box): the request asks for 98.8 × 150 mm"),
    );
    expect(pageLines(parsePdfInfo(rotatedInfo), a4)[1]).toEqual(
      check("Trim size 291 × 204 mm (trim box): the request asks for A4 (210 × 297 mm)"),
    );
  });

  test("without a page box there is no size to give", () => {
    expect(pageLines({ pages: 3, encrypted: false, rotation: 0 }, a4)).toEqual([
      fine("3 pages"),
      check("The page size could not be read"),
    ]);
  });

  // pdfinfo copies the CropBox into a missing TrimBox, so the trim equals the crop, not the MediaBox.
  test("a cropped page without a trim box is not said to have one", () => {
    expect(pageLines(parsePdfInfo(croppedInfo), undefined)[1]).toEqual(
      fine("Trim size 98.8 × 151.7 mm (page size; no trim box)"),
    );
  });
});

describe("a page that holds its trim and bleed", () => {
  const points = (millimetres: number) => (millimetres * 72) / 25.4;
  const sheet = (width: number, height: number): PdfInfo => ({
    pages: 1,
    encrypted: false,
    rotation: 0,
    media: [0, 0, points(width), points(height)],
  });

  test("A4 asked for, a page of 216 × 303 mm and no trim box: trim plus 3 mm bleed, every line fine", () => {
    expect(pageLines(sheet(216, 303), a4)).toEqual([
      fine("1 page"),
      fine("Trim size 210 × 297 mm (page size less 3 mm bleed; no trim box): matches the A4 (210 × 297 mm) asked for"),
      fine("Bleed 3 mm on every side (in the page size)"),
    ]);
  });

  test("within half a millimetre, either way round", () => {
    expect(pageLines(sheet(216.4, 302.6), a4).at(-1)).toEqual(fine("Bleed 3 mm on every side (in the page size)"));
    expect(pageLines(sheet(303, 216), a4).at(-1)).toEqual(fine("Bleed 3 mm on every side (in the page size)"));
  });

  test("further off, or with no size asked for, the page is the trim and has no bleed", () => {
    expect(pageLines(sheet(216.7, 303), a4)).toEqual([
      fine("1 page"),
      check("Trim size 216.7 × 303 mm (page size; no trim box): the request asks for A4 (210 × 297 mm)"),
      problem("No bleed: the artwork stops at the trim edge; ask for 3 mm bleed on every side"),
    ]);
    expect(pageLines(sheet(216, 303), undefined).at(-1)?.mark).toBe("problem");
  });

  test("the settings say how much bleed and how near", () => {
    const settings = { bleedMm: 5, bleedToleranceMm: 1 };
    expect(pageLines(sheet(220.8, 307), a4, settings).slice(1)).toEqual([
      fine(
        "Trim size 210.8 × 297 mm (page size less 5 mm bleed; no trim box): matches the A4 (210 × 297 mm) asked for",
      ),
      fine("Bleed 5 mm on every side (in the page size)"),
    ]);
    expect(pageLines(sheet(216, 303), a4, settings).at(-1)).toEqual(
      problem("No bleed: the artwork stops at the trim edge; ask for 5 mm bleed on every side"),
    );
  });
});

describe("every page's boxes", () => {
  const twoPages = [
    "Pages:           2",
    "Page    1 rot:   0",
    "Page    2 rot:   90",
    "Page    1 MediaBox:      0.00     0.00   612.28   858.90",
    "Page    1 CropBox:       0.00     0.00   612.28   858.90",
    "Page    1 TrimBox:       0.00     0.00   612.28   858.90",
    "Page    2 MediaBox:     10.00    20.00   310.00   420.00",
    "Page    2 CropBox:      10.00    20.00   310.00   420.00",
    "Page    2 TrimBox:      18.50    28.50   301.50   411.50",
    "",
  ].join("\n");

  test("are read page by page, whatever order pdfinfo prints them in", () => {
    expect(parsePageBoxes(twoPages)).toEqual([
      { page: 1, rotation: 0, media: [0, 0, 612.28, 858.9], crop: [0, 0, 612.28, 858.9], trim: [0, 0, 612.28, 858.9] },
      { page: 2, rotation: 90, media: [10, 20, 310, 420], crop: [10, 20, 310, 420], trim: [18.5, 28.5, 301.5, 411.5] },
    ]);
  });

  test("a box is placed on the page as shown: from the top left, turned as the page is", () => {
    const media: [number, number, number, number] = [0, 0, 200, 100];
    const box: [number, number, number, number] = [10, 20, 50, 30];
    expect(onShownPage(box, media, 0)).toEqual({ left: 10, top: 70, right: 50, bottom: 80 });
    expect(onShownPage(box, media, 90)).toEqual({ left: 20, top: 10, right: 30, bottom: 50 });
    expect(onShownPage(box, media, 180)).toEqual({ left: 150, top: 20, right: 190, bottom: 30 });
    expect(onShownPage(box, media, 270)).toEqual({ left: 70, top: 150, right: 80, bottom: 190 });
  });

  test("the trim is the trim box, or the page less the bleed it holds, or the page", () => {
    const [a4WithBleed, turned] = parsePageBoxes(twoPages) as [PageBoxesOf, PageBoxesOf];
    const bleed = (3 * 72) / 25.4;
    const trim = trimOf(a4WithBleed, a4, defaultPrintCheckSettings);
    expect(trim.left).toBeCloseTo(bleed);
    expect(trim.bottom).toBeCloseTo(858.9 - bleed);
    expect(trimOf(a4WithBleed, undefined, defaultPrintCheckSettings)).toEqual({
      left: 0,
      top: 0,
      right: 612.28,
      bottom: 858.9,
    });
    expect(trimOf(turned, undefined, defaultPrintCheckSettings)).toEqual({
      left: 8.5,
      top: 8.5,
      right: 391.5,
      bottom: 291.5,
    });
  });
});

type PageBoxesOf = ReturnType<typeof parsePageBoxes>[number];

describe("fontLines", () => {
  const font = (name: string, embedded: boolean, type = "Type 1"): PdfFont => ({ name, type, embedded });

  test("the real mixed table: the fonts not embedded are named, Type 3 and embedded ones are not", () => {
    expect(fontLines(parsePdfFonts(mixedFonts))).toEqual([
      problem(
        "3 fonts not embedded (Helvetica, Arial Narrow Bold, NotoSansDevanagari-Regular): ask for text in outlines or embedded fonts",
      ),
    ]);
  });

  // The buyer would be told to embed a font that is embedded.
  test("an embedded font with a long name is not reported missing", () => {
    expect(fontLines(parsePdfFonts(longNamedFont))).toEqual([fine("All 2 fonts embedded")]);
  });

  test("one missing font is named, in the singular", () => {
    expect(fontLines([font("Helvetica", false), font("ABCDEF+Futura Book", true, "Type 1C")])).toEqual([
      problem("1 font not embedded (Helvetica): ask for text in outlines or embedded fonts"),
    ]);
  });

  test("a font listed for several pages is one font", () => {
    expect(fontLines(parsePdfFonts(fontOnTwoPages))).toEqual([
      problem("1 font not embedded (Helvetica): ask for text in outlines or embedded fonts"),
    ]);
  });

  test("more than five missing fonts: five are named and the rest is an ellipsis", () => {
    const names = ["Arial", "Verdana", "Tahoma", "Georgia", "Calibri", "Cambria", "Garamond"];
    const [line] = fontLines(names.map((name) => font(name, false, "TrueType")));
    expect(line).toEqual(
      problem(
        "7 fonts not embedded (Arial, Verdana, Tahoma, Georgia, Calibri, …): ask for text in outlines or embedded fonts",
      ),
    );
    expect(line?.text).not.toContain("Cambria");
  });

  test("exactly five missing fonts are all named, without an ellipsis", () => {
    const [line] = fontLines(["A", "B", "C", "D", "E"].map((name) => font(name, false)));
    expect(line?.text).toBe("5 fonts not embedded (A, B, C, D, E): ask for text in outlines or embedded fonts");
  });

  // A Type 3 font's glyphs are drawings inside the PDF: there is no font file to leave out.
  test("a Type 3 font is never missing, even marked not embedded", () => {
    expect(fontLines([font("[none]", false, "Type 3")])).toEqual([fine("The one font is embedded")]);
  });

  test("a font without a name is named by its type", () => {
    expect(fontLines([font("", false, "TrueType")])[0]?.text).toContain("(TrueType)");
  });

  test("all embedded: one font, several fonts, or none at all", () => {
    expect(fontLines([font("ABCDEF+Futura Book", true, "Type 1C")])).toEqual([fine("The one font is embedded")]);
    expect(fontLines([font("A", true), font("B", true), font("A", true)])).toEqual([fine("All 2 fonts embedded")]);
    expect(fontLines([])).toEqual([fine("No fonts (text is in outlines or there is none)")]);
  });
});

describe("imageLines", () => {
  const image = (ppi: number, colour = "cmyk", components = 4, page = 1): PdfImage => ({
    page,
    width: 1000,
    height: 1000,
    colour,
    components,
    ppi,
  });

  // The colour of the whole page, vector art and text too, is said by the print check's colour line.
  test("300 ppi CMYK is fine, and says nothing of colour for the whole page", () => {
    expect(imageLines([image(300), image(600, "gray", 1)])).toEqual([
      fine("2 images at 300 ppi or more at print size"),
    ]);
  });

  test("299 ppi may print soft: a check, counting the images under 300", () => {
    expect(imageLines([image(299, "cmyk", 4, 2), image(250, "cmyk", 4, 3), image(300)])[0]).toEqual(
      check("2 images below 300 ppi (lowest 250 ppi, page 3): may print soft"),
    );
    expect(imageLines([image(299)])[0]).toEqual(
      check("1 image below 300 ppi (lowest 299 ppi, page 1): may print soft"),
    );
  });

  test("149 ppi prints blurred: a problem, counting only the images under 150", () => {
    expect(imageLines([image(149, "gray", 1, 4), image(200), image(100, "cmyk", 4, 2)])[0]).toEqual(
      problem("2 images below 150 ppi (lowest 100 ppi, page 2): will print blurred"),
    );
    expect(imageLines([image(150)])[0]?.mark).toBe("check");
  });

  test("RGB images, and ICC-based ones of three components, are RGB; four-component ICC is not", () => {
    expect(imageLines([image(300, "rgb", 3), image(300, "icc", 3), image(300, "icc", 4)])[1]).toEqual(
      check("2 images in RGB: colours will shift in CMYK print"),
    );
    expect(rgbImages([image(300, "rgb", 3), image(300, "icc", 3), image(300, "icc", 4)])).toBe(2);
    expect(imageLines([image(300, "icc", 4), image(300, "gray", 1), image(300, "cmyk", 4)])).toHaveLength(1);
    expect(rgbImages([image(300, "icc", 4), image(300, "gray", 1), image(300, "cmyk", 4)])).toBe(0);
  });

  // isRgb means to treat a palette of three components as RGB, but pdfimages
  // lists every indexed image with one component (the index), so that test never holds.
  test("an image on a palette is not called RGB: pdfimages lists one component whatever the palette's space", () => {
    expect(parsePdfImages(indexedImage)).toEqual([
      { page: 1, width: 300, height: 300, colour: "index", components: 1, ppi: 300 },
    ]);
    expect(rgbImages(parsePdfImages(indexedImage))).toBe(0);
  });

  test("the real mixed page: the inline image is the lowest, and three images are RGB", () => {
    expect(imageLines(parsePdfImages(mixedImages))).toEqual([
      problem("1 image below 150 ppi (lowest 4 ppi, page 1): will print blurred"),
      check("3 images in RGB: colours will shift in CMYK print"),
    ]);
  });

  test("the page named is the one where the lowest image is drawn", () => {
    expect(imageLines(parsePdfImages(stretchedImages))).toEqual([
      problem("1 image below 150 ppi (lowest 149 ppi, page 2): will print blurred"),
    ]);
  });

  test("no images at all", () => {
    expect(imageLines([])).toEqual([fine("No raster images")]);
  });
});
