import type { RequestedSize } from "../../app/server/previews/requested-size.ts";

// The fixtures are poppler-utils 22.12 output (as Debian ships it) for sample
// files: the parsers read columns and labels, so the spacing is kept exactly.

/** `pdfinfo -box -f 1 -l 1` of a 100 × 150 mm card with 3 mm bleed (TrimBox 3 mm inside the MediaBox). */
export const goodInfo = [
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
export const flawedInfo = [
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
export const a4Info = [
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
export const rotatedInfo = [
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
export const landscapeA4Info = [
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
export const encryptedInfo = [
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
export const croppedInfo = [
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

export const fontHeading = [
  "name                                 type              encoding         emb sub uni object ID",
  "------------------------------------ ----------------- ---------------- --- --- --- ---------",
];

/** pdffonts of a page using most kinds of font: names and types with spaces, Type 3, CID, embedded and not. */
export const mixedFonts = [
  ...fontHeading,
  "Helvetica                            Type 1            Standard         no  no  no       8  0",
  "Arial Narrow Bold                    TrueType          WinAnsi          no  no  no       9  0",
  "[none]                               Type 3            Custom           yes no  no      10  0",
  "NotoSansDevanagari-Regular           CID TrueType      Identity-H       no  no  no      11  0",
  "ABCDEF+Futura Book                   Type 1C           Standard         yes yes no      19  0",
  "",
].join("\n");

/** A subset font whose name is longer than pdffonts' 36-character column, which pushes the rest of its row along. */
export const longNamedFont = [
  ...fontHeading,
  "QWERTY+HelveticaNeueLTStd-BoldCondensedOblique Type 1C           Standard         yes yes no       5  0",
  "[none]                               Type 3            Custom           yes no  no       8  0",
  "",
].join("\n");

/** Helvetica used on two pages through two font objects: pdffonts lists it twice. */
export const fontOnTwoPages = [
  ...fontHeading,
  "Helvetica                            Type 1            Standard         no  no  no       6  0",
  "Helvetica                            Type 1            WinAnsi          no  no  no       7  0",
  "",
].join("\n");

export const imageHeading = [
  "page   num  type   width height color comp bpc  enc interp  object ID x-ppi y-ppi size ratio",
  "--------------------------------------------------------------------------------------------",
];

/**
 * pdfimages -list of a page with ICC-based RGB and CMYK images, a greyscale
 * one at 299 ppi, an RGB image with its soft mask, a stencil mask and a
 * 4 × 4 px inline image drawn an inch wide.
 */
export const mixedImages = [
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
export const indexedImage = [
  ...imageHeading,
  "   1     0 image     300   300  index   1   8  image  no         5  0   300   300 87.9K 100%",
  "",
].join("\n");

/** One image drawn twice, the second time stretched to 300 × 149 ppi, and a CMYK one, over two pages. */
export const stretchedImages = [
  ...imageHeading,
  "   1     0 image     600   300  gray    1   8  image  no         6  0   600   300  197B 0.1%",
  "   2     1 image     600   300  gray    1   8  image  no         6  0   300   149  197B 0.1%",
  "   2     2 image     300   300  cmyk    4   8  image  no         8  0   300   300  372B 0.1%",
  "",
].join("\n");

export const a4: RequestedSize = { width: 210, height: 297, label: "A4 (210 × 297 mm)" };
