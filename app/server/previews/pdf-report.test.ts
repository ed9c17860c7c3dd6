import { describe, expect, test } from "vitest";
import {
  fontLines,
  imageLines,
  type PdfFont,
  type PdfImage,
  type PdfInfo,
  pageLines,
  parsePdfFonts,
  parsePdfImages,
  parsePdfInfo,
} from "./pdf-report.ts";
import { check, fine, problem } from "./report.ts";
import type { RequestedSize } from "./requested-size.ts";

// The fixtures are poppler-utils 22.12 output (as Debian ships it) for sample
// files: the parsers read columns and labels, so the spacing is kept exactly.

/** `pdfinfo -box -f 1 -l 1` of a 100 × 150 mm card with 3 mm bleed (TrimBox 3 mm inside the MediaBox). */
const goodInfo = [
  "Title:           Good artwork",
  "Creator:         Sample artwork",
  "Producer:        GPL Ghostscript 10.00.0",
  "CreationDate:    Thu Nov 26 02:18:00 2026 UTC",
  "ModDate:         Thu Nov 26 02:18:00 2026 UTC",
  "Custom Metadata: no",
  "Metadata Stream: yes",
  "Tagged:          no",
  "UserProperties:  no",
  "Suspects:        no",
  "Form:            none",
  "JavaScript:      no",
  "Pages:           1",
  "Encrypted:       no",
  "Page    1 size:  300.47 x 442.2 pts",
  "Page    1 rot:   0",
  "Page    1 MediaBox:      0.00     0.00   300.47   442.20",
  "Page    1 CropBox:       0.00     0.00   300.47   442.20",
  "Page    1 BleedBox:      0.00     0.00   300.47   442.20",
  "Page    1 TrimBox:       8.50     8.50   291.97   433.70",
  "Page    1 ArtBox:        0.00     0.00   300.47   442.20",
  "File size:       11078 bytes",
  "Optimized:       no",
  "PDF version:     1.7",
  "",
].join("\n");

/** The same card with no bleed and no boxes of its own: pdfinfo fills BleedBox and TrimBox with the CropBox. */
const flawedInfo = [
  "Pages:           1",
  "Encrypted:       no",
  "Page    1 size:  283.46 x 425.2 pts",
  "Page    1 rot:   0",
  "Page    1 MediaBox:      0.00     0.00   283.46   425.20",
  "Page    1 CropBox:       0.00     0.00   283.46   425.20",
  "Page    1 BleedBox:      0.00     0.00   283.46   425.20",
  "Page    1 TrimBox:       0.00     0.00   283.46   425.20",
  "Page    1 ArtBox:        0.00     0.00   283.46   425.20",
  "File size:       3327 bytes",
  "",
].join("\n");

/** Two plain A4 pages: no trim box, no bleed. */
const a4Info = [
  "Custom Metadata: no",
  "Metadata Stream: no",
  "Pages:           2",
  "Encrypted:       no",
  "Page    1 size:  595.28 x 841.89 pts (A4)",
  "Page    1 rot:   0",
  "Page    1 MediaBox:      0.00     0.00   595.28   841.89",
  "Page    1 CropBox:       0.00     0.00   595.28   841.89",
  "Page    1 BleedBox:      0.00     0.00   595.28   841.89",
  "Page    1 TrimBox:       0.00     0.00   595.28   841.89",
  "Page    1 ArtBox:        0.00     0.00   595.28   841.89",
  "",
].join("\n");

/** An A4 page turned by /Rotate 90, with 1.5 mm of bleed (BleedBox) outside its TrimBox, 204 × 291 mm. */
const rotatedInfo = [
  "Pages:           2",
  "Encrypted:       no",
  "Page    1 size:  595.28 x 841.89 pts (A4)",
  "Page    1 rot:   90",
  "Page    1 MediaBox:      0.00     0.00   595.28   841.89",
  "Page    1 CropBox:       0.00     0.00   595.28   841.89",
  "Page    1 BleedBox:      4.25     4.25   591.03   837.64",
  "Page    1 TrimBox:       8.50     8.50   586.78   833.39",
  "Page    1 ArtBox:        0.00     0.00   595.28   841.89",
  "",
].join("\n");

/** An A4 trim (210 × 297 mm) with 3 mm bleed, laid on its side by /Rotate 90. */
const landscapeA4Info = [
  "Pages:           1",
  "Encrypted:       no",
  "Page    1 size:  612.28 x 858.9 pts",
  "Page    1 rot:   90",
  "Page    1 MediaBox:      0.00     0.00   612.28   858.90",
  "Page    1 CropBox:       0.00     0.00   612.28   858.90",
  "Page    1 BleedBox:      0.00     0.00   612.28   858.90",
  "Page    1 TrimBox:       8.50     8.50   603.78   850.39",
  "Page    1 ArtBox:        0.00     0.00   612.28   858.90",
  "",
].join("\n");

/** The good card with an owner password: readable, but locked against editing. */
const encryptedInfo = [
  "Pages:           1",
  "Encrypted:       yes (print:no copy:no change:no addNotes:no algorithm:RC4)",
  "Page    1 size:  300.47 x 442.2 pts",
  "Page    1 rot:   0",
  "Page    1 MediaBox:      0.00     0.00   300.47   442.20",
  "Page    1 CropBox:       0.00     0.00   300.47   442.20",
  "Page    1 BleedBox:      0.00     0.00   300.47   442.20",
  "Page    1 TrimBox:       8.50     8.50   291.97   433.70",
  "Page    1 ArtBox:        0.00     0.00   300.47   442.20",
  "",
].join("\n");

/** A page whose CropBox is 10 pt inside its MediaBox, with no TrimBox or BleedBox: pdfinfo fills both with the CropBox. */
const croppedInfo = [
  "Pages:           1",
  "Encrypted:       no",
  "Page    1 size:  280 x 430 pts",
  "Page    1 rot:   0",
  "Page    1 MediaBox:      0.00     0.00   300.00   450.00",
  "Page    1 CropBox:      10.00    10.00   290.00   440.00",
  "Page    1 BleedBox:     10.00    10.00   290.00   440.00",
  "Page    1 TrimBox:      10.00    10.00   290.00   440.00",
  "Page    1 ArtBox:       10.00    10.00   290.00   440.00",
  "",
].join("\n");

const fontHeading = [
  "name                                 type              encoding         emb sub uni object ID",
  "------------------------------------ ----------------- ---------------- --- --- --- ---------",
];

/** pdffonts of a page using most kinds of font: names and types with spaces, Type 3, CID, embedded and not. */
const mixedFonts = [
  ...fontHeading,
  "Helvetica                            Type 1            Standard         no  no  no       8  0",
  "Arial Narrow Bold                    TrueType          WinAnsi          no  no  no       9  0",
  "[none]                               Type 3            Custom           yes no  no      10  0",
  "NotoSansDevanagari-Regular           CID TrueType      Identity-H       no  no  no      11  0",
  "ABCDEF+Futura Book                   Type 1C           Standard         yes yes no      19  0",
  "",
].join("\n");

/** A subset font whose name is longer than pdffonts' 36-character column, which pushes the rest of its row along. */
const longNamedFont = [
  ...fontHeading,
  "QWERTY+HelveticaNeueLTStd-BoldCondensedOblique Type 1C           Standard         yes yes no       5  0",
  "[none]                               Type 3            Custom           yes no  no       8  0",
  "",
].join("\n");

/** Helvetica used on two pages through two font objects: pdffonts lists it twice. */
const fontOnTwoPages = [
  ...fontHeading,
  "Helvetica                            Type 1            Standard         no  no  no       6  0",
  "Helvetica                            Type 1            WinAnsi          no  no  no       7  0",
  "",
].join("\n");

const imageHeading = [
  "page   num  type   width height color comp bpc  enc interp  object ID x-ppi y-ppi size ratio",
  "--------------------------------------------------------------------------------------------",
];

/**
 * pdfimages -list of a page with ICC-based RGB and CMYK images, a greyscale
 * one at 299 ppi, an RGB image with its soft mask, a stencil mask and a
 * 4 × 4 px inline image drawn an inch wide.
 */
const mixedImages = [
  ...imageHeading,
  "   1     0 image     300   300  icc     3   8  image  no        15  0   300   300  284B 0.1%",
  "   1     1 image     300   300  icc     4   8  image  no        16  0   150   150  372B 0.1%",
  "   1     2 image     299   299  gray    1   8  image  no        17  0   299   299  110B 0.1%",
  "   1     3 image     300   300  rgb     3   8  image  no        18  0   300   300  284B 0.1%",
  "   1     4 smask     300   300  gray    1   8  image  no        18  0   300   300  110B 0.1%",
  "   1     5 stencil     8     8  -       1   1  image  no        22  0     8     8    8B 100%",
  "   1     6 image       4     4  rgb     3   8  image  no   [inline]       4     4    0B 0.0%",
  "",
].join("\n");

/** A 300 × 300 px image on a two-colour RGB palette (/Indexed /DeviceRGB): pdfimages gives its one index component. */
const indexedImage = [
  ...imageHeading,
  "   1     0 image     300   300  index   1   8  image  no         5  0   300   300 87.9K 100%",
  "",
].join("\n");

/** One image drawn twice, the second time stretched to 300 × 149 ppi, and a CMYK one, over two pages. */
const stretchedImages = [
  ...imageHeading,
  "   1     0 image     600   300  gray    1   8  image  no         6  0   600   300  197B 0.1%",
  "   2     1 image     600   300  gray    1   8  image  no         6  0   300   149  197B 0.1%",
  "   2     2 image     300   300  cmyk    4   8  image  no         8  0   300   300  372B 0.1%",
  "",
].join("\n");

const a4: RequestedSize = { width: 210, height: 297, label: "A4 (210 × 297 mm)" };

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

  test("300 ppi CMYK is fine", () => {
    expect(imageLines([image(300), image(600, "gray", 1)])).toEqual([
      fine("2 images at 300 ppi or more at print size"),
      fine("Images in CMYK or greyscale"),
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
    expect(imageLines([image(300, "icc", 4), image(300, "gray", 1), image(300, "cmyk", 4)])[1]).toEqual(
      fine("Images in CMYK or greyscale"),
    );
  });

  // isRgb means to treat a palette of three components as RGB, but pdfimages
  // lists every indexed image with one component (the index), so that test never holds.
  test("an image on a palette is not called RGB: pdfimages lists one component whatever the palette's space", () => {
    expect(parsePdfImages(indexedImage)).toEqual([
      { page: 1, width: 300, height: 300, colour: "index", components: 1, ppi: 300 },
    ]);
    expect(imageLines(parsePdfImages(indexedImage))[1]).toEqual(fine("Images in CMYK or greyscale"));
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
      fine("Images in CMYK or greyscale"),
    ]);
  });

  test("no images at all", () => {
    expect(imageLines([])).toEqual([fine("No raster images")]);
  });
});
