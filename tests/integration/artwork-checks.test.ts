import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, test } from "vitest";
import * as samples from "../support/artwork-samples.ts";
import { writePsd } from "../support/psd.ts";
import { zipHoldingPdf } from "../support/zip-samples.ts";
import {
  card,
  cdrFile,
  check,
  checkFile,
  dir,
  expectPreview,
  fine,
  goodPdfReport,
  marked,
  prepareArtworkChecker,
  problem,
  rgbDrawingLines,
  zipSizes,
} from "./support/artwork-checker.ts";

prepareArtworkChecker();

describe("good files get a preview and their report", () => {
  test("a print-ready PDF at the size asked for: every line fine", async () => {
    const checked = await checkFile(await samples.goodPdf(dir), { requested: card });
    expect(checked.kind).toBe("pdf");
    expect(checked.outcome.previews).toBe(1);
    expect(checked.outcome.noPreview).toBeUndefined();
    expect(checked.outcome.report).toEqual(
      goodPdfReport("Trim size 100 × 150 mm (trim box): matches the 100 × 150 mm asked for"),
    );
    expect(marked(checked.outcome.report, "fine")).toHaveLength(checked.outcome.report.length);
    // The whole page with its bleed, 106 × 156 mm, drawn to the long side.
    const large = await expectPreview(checked.images[0]);
    expect(large.height).toBe(1200);
    expect(Math.abs((large.width ?? 0) - (1200 * 106) / 156)).toBeLessThan(3);
  });

  test("a flawed PDF: no bleed, a font not embedded and a blurred image, and RGB to check in its image and drawing", async () => {
    const checked = await checkFile(await samples.flawedPdf(dir));
    await expectPreview(checked.images[0]);
    expect(checked.outcome.report).toEqual([
      fine("1 page"),
      fine("Trim size 100 × 150 mm (page size; no trim box)"),
      problem("No bleed: the artwork stops at the trim edge; ask for 3 mm bleed on every side"),
      problem("1 font not embedded (Helvetica): ask for text in outlines or embedded fonts"),
      problem("1 image below 150 ppi (lowest 96 ppi, page 1): will print blurred"),
      check("1 image in RGB: colours will shift in CMYK print"),
      ...rgbDrawingLines(296, 90),
    ]);
    expect(marked(checked.outcome.report, "problem")).toHaveLength(3);
  });

  test("an Illustrator file is read as the PDF it holds", async () => {
    const checked = await checkFile(await samples.illustratorPdf(dir));
    expect(checked.kind).toBe("ai");
    await expectPreview(checked.images[0]);
    expect(checked.outcome.report).toEqual([
      fine("1 page"),
      fine("Trim size 100 × 150 mm (page size; no trim box)"),
      problem("No bleed: the artwork stops at the trim edge; ask for 3 mm bleed on every side"),
      problem("1 font not embedded (Helvetica): ask for text in outlines or embedded fonts"),
      fine("No raster images"),
      ...rgbDrawingLines(189, 24),
    ]);
  });

  test("an Illustrator file from before version 9, PostScript inside, is read like an EPS", async () => {
    const legacy = path.join(dir, "legacy.ai");
    await writeFile(
      legacy,
      [
        "%!PS-Adobe-3.0",
        "%%Creator: Adobe Illustrator(R) 8.0",
        "%%BoundingBox: 0 0 283 425",
        "%%EndComments",
        "0 0.5 1 0 setcmykcolor 20 20 243 385 rectfill",
        "showpage",
        "%%EOF",
        "",
      ].join("\n"),
    );
    const checked = await checkFile(legacy);
    expect(checked.kind).toBe("ai");
    await expectPreview(checked.images[0]);
    expect(checked.outcome.report).toContainEqual(fine("Trim size 99.8 × 149.9 mm (bounding box)"));
  });

  test("a self-contained EPS", async () => {
    const checked = await checkFile(await samples.eps(dir), { requested: card });
    expect(checked.kind).toBe("eps");
    await expectPreview(checked.images[0]);
    // 283 × 425 pt, as its bounding box is in whole points: within a millimetre of the card.
    expect(checked.outcome.report).toEqual([
      fine("1 page"),
      fine("Trim size 99.8 × 149.9 mm (bounding box): matches the 100 × 150 mm asked for"),
      check("An EPS does not mark its trim: check the bleed on the preview"),
      fine("No fonts needed from outside the file"),
      fine("No raster images"),
      ...rgbDrawingLines(179, 98),
    ]);
  });

  test("an EPS that needs a font it does not carry", async () => {
    const checked = await checkFile(await samples.epsNeedingFont(dir));
    await expectPreview(checked.images[0]);
    expect(marked(checked.outcome.report, "problem")).toEqual([
      problem("1 font not included (Helvetica): ask for text in outlines"),
    ]);
    expect(checked.outcome.report[1]).toEqual(fine("Trim size 99.8 × 149.9 mm (bounding box)"));
  });

  test.each([
    ["PNG", samples.png, "png", check("RGB colours: they will shift in CMYK print")],
    ["JPEG", samples.jpeg, "jpeg", check("RGB colours: they will shift in CMYK print")],
    ["TIFF", samples.tiff, "tiff", fine("CMYK colours")],
  ] as const)("a %s at 300 ppi: its print size in mm, and its colours", async (_, make, kind, colours) => {
    const checked = await checkFile(await make(dir));
    expect(checked.kind).toBe(kind);
    const large = await expectPreview(checked.images[0]);
    // 1181 × 1772 pixels, shrunk to fit 1200, never enlarged.
    expect(large).toMatchObject({ width: 800, height: 1200 });
    expect(checked.outcome.report).toEqual([
      fine("1181 × 1772 pixels: at 300 ppi it prints 100 × 150 mm"),
      fine("Saved at 300 ppi, for 100 × 150 mm"),
      colours,
    ]);
  });

  test("a raster too small for the size asked for", async () => {
    const checked = await checkFile(await samples.png(dir, { widthPx: 591, heightPx: 886, ppi: 72 }), {
      requested: card,
    });
    await expectPreview(checked.images[0]);
    expect(checked.outcome.report).toEqual([
      fine("591 × 886 pixels: at 300 ppi it prints 50 × 75 mm"),
      check("At the 100 × 150 mm asked for: 150 ppi: may print soft"),
      check("RGB colours: they will shift in CMYK print"),
    ]);
  });

  test("a CMYK Photoshop file with a PackBits image", async () => {
    const file = path.join(dir, "sample.psd");
    await writeFile(
      file,
      writePsd({
        width: 600,
        height: 400,
        mode: "cmyk",
        compression: 1,
        ppi: 300,
        pixel: (x, y) => [Math.round((x / 599) * 255), Math.round((y / 399) * 255), x < 300 ? 200 : 0, 0],
      }),
    );
    const checked = await checkFile(file);
    expect(checked.kind).toBe("psd");
    const large = await expectPreview(checked.images[0]);
    expect(large).toMatchObject({ width: 600, height: 400 });
    expect(checked.outcome.report).toEqual([
      fine("600 × 400 pixels: at 300 ppi it prints 50.8 × 33.9 mm"),
      fine("Saved at 300 ppi, for 50.8 × 33.9 mm"),
      fine("CMYK colours"),
    ]);
  });

  test("an SVG", async () => {
    const checked = await checkFile(await samples.svg(dir), { requested: card });
    expect(checked.kind).toBe("svg");
    await expectPreview(checked.images[0]);
    expect(checked.outcome.report).toEqual([
      fine("Trim size 100 × 150 mm (drawing size): matches the 100 × 150 mm asked for"),
      fine("Vector drawing: prints sharp at any size"),
      check("Text is live: the printer's fonts may replace the designer's; ask for text in outlines"),
    ]);
  });

  test("a ZIP lists its files, and the PDF in it has its own preview and report", async () => {
    const file = await zipHoldingPdf(dir);
    const sizes = await zipSizes(file);
    const checked = await checkFile(file);
    expect(checked.kind).toBe("zip");
    expect(checked.outcome).toMatchObject({ previews: 1, report: [fine("2 files in the ZIP")] });
    expect(checked.outcome.noPreview).toBeUndefined();
    expect(checked.outcome.entries).toEqual([
      {
        name: "artwork/box.pdf",
        size: sizes.get("artwork/box.pdf"),
        kind: "PDF",
        findings: { previews: 1, report: goodPdfReport("Trim size 100 × 150 mm (trim box)"), preview: 0 },
      },
      { name: "readme.txt", size: 43 },
    ]);
    expect(sizes.get("artwork/box.pdf")).toBeGreaterThan(1000);
    await expectPreview(checked.images[0]);
  });

  test("the CorelDRAW sample: a preview, and its US Letter page", async () => {
    const checked = await checkFile(cdrFile);
    expect(checked.kind).toBe("cdr");
    await expectPreview(checked.images[0]);
    expect(checked.outcome.report).toEqual([
      fine("Trim size 215.9 × 279.4 mm (drawing size)"),
      fine("Vector drawing: prints sharp at any size"),
      check("CorelDRAW files are read for their page and drawing only: check fonts and colours in CorelDRAW"),
    ]);
  });
});
